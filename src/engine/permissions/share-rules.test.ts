import { describe, expect, it } from 'vitest';
import type { SchemaOverview } from '../schema-overview/schema-overview.types.js';
import { indexRules } from './create-permissions-engine.js';
import type { PermissionRule } from './permissions.types.js';
import { shareRules } from './share-rules.js';

const schema = { collections: { articles: { primary: 'id' } } } as unknown as SchemaOverview;
const scope = { id: 's1', collection: 'articles', item: '7', role: 'r1', creator: 'u1' };
const read = (permissions: PermissionRule['permissions'], fields: string[] | null, collection = 'articles'): PermissionRule => ({
  id: 1,
  policy: 'p',
  collection,
  action: 'read',
  permissions,
  validation: null,
  presets: null,
  fields,
});
const ADMIN = { admin: true, rules: [], index: new Map() };

describe('shareRules', () => {
  it('pairs each creator rule with each role rule: the item, both row filters, the fields both grant', () => {
    const creator = indexRules([read({ status: { _eq: 'published' } }, ['id', 'title', 'status']), read({ owner: { _eq: 'u1' } }, ['*'])]);
    const role = indexRules([read(null, ['id', 'title', 'body'])]);
    expect(shareRules(schema, scope, creator, role).map((r) => ({ permissions: r.permissions, fields: r.fields }))).toEqual([
      { permissions: { _and: [{ id: { _eq: '7' } }, { status: { _eq: 'published' } }] }, fields: ['id', 'title'] },
      { permissions: { _and: [{ id: { _eq: '7' } }, { owner: { _eq: 'u1' } }] }, fields: ['id', 'title', 'body'] },
    ]);
  });

  it('reads only the shared collection, only with read rules, and nothing when either side grants nothing', () => {
    const creator = indexRules([read(null, ['*']), read(null, ['*'], 'authors'), { ...read(null, ['*']), action: 'update' }]);
    const rules = shareRules(schema, scope, creator, 'none');
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ collection: 'articles', action: 'read', permissions: { id: { _eq: '7' } }, fields: ['*'] });
    expect(shareRules(schema, scope, null, 'none')).toEqual([]);
    expect(shareRules(schema, scope, creator, null)).toEqual([]);
    expect(shareRules(schema, scope, creator, indexRules([read(null, ['*'], 'authors')]))).toEqual([]);
    expect(shareRules(schema, scope, indexRules([read(null, ['id'])]), indexRules([read(null, ['title'])]))).toEqual([]);
    expect(shareRules(schema, { ...scope, collection: 'gone' }, ADMIN, 'none')).toEqual([]);
  });

  it('gives an administrator creator and no role the whole item', () => {
    expect(shareRules(schema, scope, ADMIN, 'none')).toMatchObject([{ permissions: { id: { _eq: '7' } }, fields: ['*'] }]);
  });
});
