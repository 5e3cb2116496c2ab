import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import { indexRules } from '../../engine/permissions/create-permissions-engine.js';
import type { PermissionRule } from '../../engine/permissions/permissions.types.js';
import type { SchemaOverview } from '../../engine/schema-overview/schema-overview.types.js';
import { createSchemaCache, permissionShapeKey } from './schema-cache.js';

const rule = (
  collection: string,
  action: PermissionRule['action'],
  fields: string[] | null,
  permissions: PermissionRule['permissions'] = null,
): PermissionRule => ({
  id: null,
  policy: null,
  collection,
  action,
  permissions,
  validation: null,
  presets: null,
  fields,
});

const emptySchema = () => new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { a: { type: GraphQLString } } }) });

describe('permissionShapeKey', () => {
  it('depends on collections, actions and fields, not on order or row filters', () => {
    const a = indexRules([rule('x', 'read', ['id']), rule('y', 'create', ['*'], { user: { _eq: 'u1' } })]);
    const b = indexRules([rule('y', 'create', ['*'], { user: { _eq: 'u2' } }), rule('x', 'read', ['id'])]);
    expect(permissionShapeKey(a)).toBe(permissionShapeKey(b));
    expect(permissionShapeKey(indexRules([rule('x', 'read', ['id', 'name'])]))).not.toBe(
      permissionShapeKey(indexRules([rule('x', 'read', ['id'])])),
    );
    expect(permissionShapeKey({ admin: true, rules: [], index: new Map() })).toBe('admin');
  });
});

describe('createSchemaCache', () => {
  it('builds once per overview, scope and permission shape', () => {
    const cache = createSchemaCache();
    const overview: SchemaOverview = { collections: {}, relations: [] };
    const permissions = indexRules([rule('x', 'read', ['*'])]);
    let builds = 0;
    const build = () => {
      builds += 1;
      return emptySchema();
    };
    const first = cache.get(overview, permissions, 'system', build);
    expect(cache.get(overview, indexRules([rule('x', 'read', ['*'])]), 'system', build)).toBe(first);
    cache.get(overview, permissions, 'items', build);
    cache.get({ collections: {}, relations: [] }, permissions, 'system', build);
    expect(builds).toBe(3);
  });
});
