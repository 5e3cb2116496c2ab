import { describe, expect, it } from 'vitest';
import { eventNames } from './event-names.js';

describe('eventNames', () => {
  it('narrows items scopes to the chosen collections and keeps other scopes', () => {
    expect(eventNames(['items.create', 'users.update'], ['articles', 'authors'])).toEqual([
      'articles.items.create',
      'authors.items.create',
      'users.update',
    ]);
  });
  it("names a system collection's writes by its own scope", () => {
    expect(eventNames(['items.create'], ['service_users'])).toEqual(['users.create']);
    // A flow written for Directus names the collection as Directus does.
    expect(eventNames(['items.update'], ['directus_users', 'directus_unknown'])).toEqual(['users.update', 'directus_unknown.items.update']);
  });
  it('listens to every collection without a list, and takes a single scope string', () => {
    expect(eventNames('items.delete', undefined)).toEqual(['items.delete']);
    expect(eventNames(['items.update'], [])).toEqual(['items.update']);
  });
});
