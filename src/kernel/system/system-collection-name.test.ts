import { describe, expect, it } from 'vitest';
import { systemCollectionName } from './system-collections.js';

describe('systemCollectionName', () => {
  it("reads Directus's name of a system collection Stratum has as its service_* name", () => {
    expect(systemCollectionName('directus_users')).toBe('service_users');
    expect(systemCollectionName('directus_files')).toBe('service_files');
    expect(systemCollectionName('directus_roles')).toBe('service_roles');
    expect(systemCollectionName('directus_dashboards')).toBe('service_dashboards');
    expect(systemCollectionName('directus_panels')).toBe('service_panels');
  });

  it('leaves every other name as given: unknown directus_* names, user collections, service_* names, other cases', () => {
    expect(systemCollectionName('directus_nothing')).toBe('directus_nothing');
    expect(systemCollectionName('articles')).toBe('articles');
    expect(systemCollectionName('service_users')).toBe('service_users');
    expect(systemCollectionName('Directus_users')).toBe('Directus_users');
  });
});
