import { describe, expect, it } from 'vitest';
import { fieldsRowFilter } from './fields-row-filter.js';
import { getAccess } from './get-access.js';
import { indexRules } from './create-permissions-engine.js';
import type { PermissionRule } from './permissions.types.js';

const rule = (fields: string[], permissions: PermissionRule['permissions'] = null): PermissionRule => ({
  id: 1,
  policy: 'p',
  collection: 'a',
  action: 'update',
  permissions,
  validation: null,
  presets: null,
  fields,
});
const MINE = { title: { _starts_with: 'mine-' } };
const access = (...rules: PermissionRule[]) => getAccess(indexRules(rules), 'a', 'update')!;

describe('fieldsRowFilter', () => {
  it('adds nothing when every rule names the fields (the fast path)', () => {
    expect(fieldsRowFilter(access(rule(['title', 'body']), rule(['title', 'body'], MINE)), ['title', 'body'])).toBeNull();
  });

  it('adds nothing when a rule without a row filter names the field', () => {
    expect(fieldsRowFilter(access(rule(['body']), rule(['body', 'title'], MINE)), ['body'])).toBeNull();
  });

  it('limits a field to the rows of the only rule naming it', () => {
    expect(fieldsRowFilter(access(rule(['title']), rule(['body'], MINE)), ['title', 'body'])).toEqual(MINE);
  });

  it('ANDs the per-field filters of several fields', () => {
    const other = { status: { _eq: 'draft' } };
    expect(fieldsRowFilter(access(rule(['body'], MINE), rule(['rating'], other)), ['body', 'rating'])).toEqual({ _and: [MINE, other] });
  });

  it('skips fields no rule names (the payload check refuses them)', () => {
    expect(fieldsRowFilter(access(rule(['title']), rule(['body'], MINE)), ['secret'])).toBeNull();
  });
});
