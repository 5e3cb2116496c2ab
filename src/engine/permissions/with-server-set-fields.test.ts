import { describe, expect, it } from 'vitest';
import type { PermissionRule, PermissionSet } from './permissions.types.js';
import { withServerSetFields } from './with-server-set-fields.js';

const rule = (action: PermissionRule['action'], fields: string[] | null, collection = 'service_files'): PermissionRule => ({
  id: 1,
  policy: 'p',
  collection,
  action,
  permissions: null,
  validation: { type: { _eq: 'image/png' } },
  presets: null,
  fields,
});
const setOf = (rules: PermissionRule[]): PermissionSet => {
  const index = new Map<string, PermissionRule[]>();
  for (const r of rules) index.set(`${r.collection}:${r.action}`, [...(index.get(`${r.collection}:${r.action}`) ?? []), r]);
  return { admin: false, rules, index };
};

describe('withServerSetFields', () => {
  it('adds the fields to every rule of the action, keeping filters and validation', () => {
    const create = rule('create', ['title']);
    const read = rule('read', ['id']);
    const set = withServerSetFields(setOf([create, read]), 'service_files', 'create', ['type', 'filesize']);
    expect(set.index.get('service_files:create')).toEqual([{ ...create, fields: ['title', 'type', 'filesize'] }]);
    expect(set.index.get('service_files:read')).toEqual([read]);
    expect(set.rules).toContainEqual({ ...create, fields: ['title', 'type', 'filesize'] });
    expect(create.fields).toEqual(['title']);
  });

  it('grants nothing to a caller without a rule for the action, and leaves * and null rules alone', () => {
    const original = setOf([rule('read', ['*'])]);
    expect(withServerSetFields(original, 'service_files', 'create', ['type'])).toBe(original);
    const all = rule('create', ['*']);
    const none = rule('create', null);
    expect(withServerSetFields(setOf([all, none]), 'service_files', 'create', ['type']).index.get('service_files:create')).toEqual([
      all,
      none,
    ]);
    const admin: PermissionSet = { admin: true, rules: [], index: new Map() };
    expect(withServerSetFields(admin, 'service_files', 'create', ['type'])).toBe(admin);
  });
});
