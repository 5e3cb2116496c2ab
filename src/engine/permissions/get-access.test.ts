import { describe, expect, it } from 'vitest';
import { rule } from '../../../tests/support/engine-fixture.js';
import { ADMIN_PERMISSIONS } from './admin-permissions.js';
import { indexRules } from './create-permissions-engine.js';
import { canAccessField, fieldCaseFilter, getAccess, mergeFields, mergeRowFilters } from './get-access.js';

const A = { status: { _eq: 'published' } };
const B = { author: { _eq: 1 } };

describe('getAccess', () => {
  it('gives everything to administrators', () => {
    expect(getAccess(ADMIN_PERMISSIONS, 'anything', 'delete')).toEqual({ kind: 'all' });
  });

  it('gives nothing without a rule for the collection and action', () => {
    const set = indexRules([rule('articles', 'read'), rule('authors', 'update')]);
    expect(getAccess(set, 'articles', 'update')).toBeNull();
    expect(getAccess(set, 'comments', 'read')).toBeNull();
  });

  it('merges the rules of one collection and action', () => {
    const set = indexRules([
      rule('articles', 'read', { permissions: A, fields: ['id'] }),
      rule('articles', 'read', { permissions: B, fields: ['title'] }),
      rule('articles', 'update'),
    ]);
    const access = getAccess(set, 'articles', 'read');
    expect(access).toMatchObject({ kind: 'rules', rowFilter: { _or: [A, B] }, fields: new Set(['id', 'title']) });
  });
});

describe('mergeRowFilters', () => {
  const cases: { name: string; filters: (Record<string, unknown> | null)[]; expected: unknown }[] = [
    { name: 'one filter', filters: [A], expected: A },
    { name: 'two filters ORed', filters: [A, B], expected: { _or: [A, B] } },
    { name: 'a rule without filter opens all rows', filters: [A, null], expected: null },
    { name: 'an empty filter opens all rows', filters: [A, {}], expected: null },
  ];
  it.each(cases)('merges $name', ({ filters, expected }) => {
    expect(mergeRowFilters(filters.map((permissions) => rule('articles', 'read', { permissions })))).toEqual(expected);
  });
});

describe('mergeFields', () => {
  it('unions fields, collapses to * and treats null as none', () => {
    expect(
      mergeFields([
        rule('a', 'read', { fields: ['id'] }),
        rule('a', 'read', { fields: ['title', 'id'] }),
        rule('a', 'read', { fields: null }),
      ]),
    ).toEqual(new Set(['id', 'title']));
    expect(mergeFields([rule('a', 'read', { fields: ['id'] }), rule('a', 'read', { fields: ['*'] })])).toBe('*');
    expect(mergeFields([rule('a', 'read', { fields: null })])).toEqual(new Set());
  });
});

describe('fieldCaseFilter', () => {
  const access = getAccess(
    indexRules([
      rule('articles', 'read', { permissions: A, fields: ['id', 'title', 'status'] }),
      rule('articles', 'read', { permissions: B, fields: ['id', 'views', 'title'] }),
      rule('articles', 'read', { permissions: { views: { _gt: 10 } }, fields: ['views'] }),
    ]),
    'articles',
    'read',
  )!;
  const cases: { field: string; expected: unknown }[] = [
    { field: 'id', expected: { _or: [A, B] } },
    { field: 'status', expected: A },
    { field: 'views', expected: { _or: [B, { views: { _gt: 10 } }] } },
    { field: 'title', expected: { _or: [A, B] } },
  ];
  it.each(cases)('shows $field only where its granting rules match', ({ field, expected }) => {
    expect(fieldCaseFilter(access, field)).toEqual(expected);
  });

  it('always shows a field every rule grants, or one an unfiltered rule grants', () => {
    const everyRule = getAccess(
      indexRules([rule('a', 'read', { permissions: A, fields: ['id'] }), rule('a', 'read', { permissions: B, fields: ['*'] })]),
      'a',
      'read',
    )!;
    expect(fieldCaseFilter(everyRule, 'id')).toBeNull();
    expect(fieldCaseFilter(everyRule, 'title')).toEqual(B);
    const unfiltered = getAccess(
      indexRules([
        rule('a', 'read', { permissions: A, fields: ['id'] }),
        rule('a', 'read', { fields: ['title'] }),
        rule('a', 'read', { permissions: B, fields: ['title'] }),
      ]),
      'a',
      'read',
    )!;
    expect(fieldCaseFilter(unfiltered, 'title')).toBeNull();
    expect(fieldCaseFilter({ kind: 'all' }, 'x')).toBeNull();
  });

  it('answers canAccessField from the merged fields', () => {
    expect(canAccessField(access, 'status')).toBe(true);
    expect(canAccessField(access, 'body')).toBe(false);
    expect(canAccessField({ kind: 'all' }, 'body')).toBe(true);
  });
});
