import { describe, expect, it } from 'vitest';
import { accessSections } from './access-sections.js';

const full = { read: { access: 'full' } };
const partial = { read: { access: 'partial' } };

describe('accessSections', () => {
  it('links every section for a user who reads the system collections unfiltered', () => {
    const labels = accessSections({
      service_users: full,
      service_roles: full,
      service_policies: full,
      service_permissions: full,
      service_access: full,
      service_flows: full,
      service_operations: full,
      service_dashboards: full,
      service_panels: full,
    }).map((s) => s.label);
    expect(labels).toEqual(['Users', 'Roles', 'Policies', 'Why?', 'Insights', 'Flows']);
  });

  it('links nothing for a user who reads only their own records (the app-access rules)', () => {
    expect(
      accessSections({ service_users: partial, service_roles: partial, service_policies: partial, service_permissions: partial }),
    ).toEqual([]);
    expect(accessSections({})).toEqual([]);
  });

  it('links only what is fully readable', () => {
    expect(accessSections({ service_users: full, service_roles: partial }).map((s) => s.href)).toEqual(['/users']);
    expect(accessSections({ service_flows: full, service_operations: partial }).map((s) => s.href)).toEqual([]);
  });

  it('links Insights to whoever may read some dashboards and panels', () => {
    expect(accessSections({ service_dashboards: partial, service_panels: full }).map((s) => s.href)).toEqual(['/insights']);
    expect(accessSections({ service_dashboards: full }).map((s) => s.href)).toEqual([]);
  });
});
