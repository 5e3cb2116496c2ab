import { describe, expect, it } from 'vitest';
import type { PermissionSet } from '../../permissions/permissions.types.js';
import type { SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import type { RootAst } from '../ast/ast.types.js';
import { createCacheRegistry } from '../../../kernel/caches/index.js';
import { readCaches } from './read-caches.js';
import { findReadPlans, keepReadPlan, MAX_VARIANTS, readKey, readPlanKey, readValuesKey, type ReadPlan } from './read-plans.js';

const admin: PermissionSet = { admin: true, rules: [], index: new Map() };
const reader = (filter: unknown): PermissionSet => ({
  admin: false,
  rules: [
    {
      id: 1,
      policy: 'p',
      collection: 'articles',
      action: 'read',
      permissions: filter as never,
      validation: null,
      presets: null,
      fields: ['*'],
    },
  ],
  index: new Map(),
});
const plan = (sql: string): ReadPlan => ({
  schema: {} as SchemaOverview,
  ast: {} as RootAst,
  sql,
  bindings: [],
  aliases: 1,
  random: false,
  values: null,
  compiledFor: '',
});
const findReadPlan = (caches: ReturnType<typeof readCaches>, schema: SchemaOverview, key: string) =>
  findReadPlans(caches, schema, key).at(-1);

describe('read plans', () => {
  it("keys a read by collection, the resolved query's shape, scope and resolved permissions", () => {
    const base = readPlanKey('articles', { limit: 20 }, null, admin);
    expect(readPlanKey('articles', { limit: 20 }, null, admin)).toBe(base);
    expect(readPlanKey('comments', { limit: 20 }, null, admin)).not.toBe(base);
    expect(readPlanKey('articles', { limit: 20, sort: ['id'] }, null, admin)).not.toBe(base);
    expect(readPlanKey('articles', { limit: 20, fields: ['id'] }, null, admin)).not.toBe(base);
    expect(readPlanKey('articles', { limit: 20, meta: ['total_count'] }, null, admin)).not.toBe(base);
    expect(readPlanKey('articles', { limit: 20, deep: { comments: { filter: { id: { _eq: 1 } } } } }, null, admin)).not.toBe(
      readPlanKey('articles', { limit: 20, deep: { comments: { filter: { id: { _eq: 2 } } } } }, null, admin),
    );
    expect(readPlanKey('articles', { limit: 20 }, { id: { _eq: 1 } }, admin)).not.toBe(base);
    expect(readPlanKey('articles', { limit: 20 }, null, reader(null))).not.toBe(base);
    // Two users whose rule resolved `$CURRENT_USER` to different ids.
    expect(readPlanKey('articles', {}, null, reader({ owner: { _eq: 'u1' } }))).not.toBe(
      readPlanKey('articles', {}, null, reader({ owner: { _eq: 'u2' } })),
    );
    // The scope's shape, not its values (decision 0184): the keys a write answers with differ on every write.
    expect(readPlanKey('articles', {}, { id: { _eq: 1 } }, admin)).toBe(readPlanKey('articles', {}, { id: { _eq: 2 } }, admin));
    expect(readPlanKey('articles', {}, { id: { _in: [1] } }, admin)).toBe(readPlanKey('articles', {}, { id: { _in: [2, 3] } }, admin));
    expect(readPlanKey('articles', {}, { id: { _in: [1] } }, admin)).not.toBe(readPlanKey('articles', {}, { id: { _eq: 1 } }, admin));
    expect(readPlanKey('articles', {}, { id: { _in: [1] } }, admin)).not.toBe(readPlanKey('articles', {}, { slug: { _in: [1] } }, admin));
    expect(readPlanKey('articles', {}, { id: { _in: [1] } }, admin)).not.toBe(readPlanKey('articles', {}, null, admin));
    // …which stay in the values' key: a kept result is for one exact read.
    expect(readValuesKey({}, { id: { _in: [1] } })).not.toBe(readValuesKey({}, { id: { _in: [2] } }));
    expect(readValuesKey({}, { id: { _in: [1] } })).not.toBe(readValuesKey({}, null));
  });

  it("leaves the filter's operands, the search term and the window out of the key, and keeps them in the values' key", () => {
    const shape = (query: Parameters<typeof readPlanKey>[1]) => readPlanKey('articles', query, null, admin);
    const a = { filter: { views: { _lte: 5 } }, search: 'x', limit: 20, offset: 40, page: 3 };
    const b = { filter: { views: { _lte: 6 } }, search: 'y', limit: 10, offset: 0, page: 1 };
    expect(shape(a)).toBe(shape(b));
    expect(readValuesKey(a)).not.toBe(readValuesKey(b));
    expect(shape({ filter: { _and: [{ views: { _in: [1, 2] } }, { author: { name: { _eq: null } } }] } })).toBe(
      shape({ filter: { _and: [{ views: { _in: [3] } }, { author: { name: { _eq: 'x' } } }] } }),
    );
    // Fields, operators, relational paths and the presence of a filter or a search stay.
    expect(shape({ filter: { views: { _lte: 5 } } })).not.toBe(shape({ filter: { views: { _gte: 5 } } }));
    expect(shape({ filter: { views: { _lte: 5 } } })).not.toBe(shape({ filter: { title: { _lte: 5 } } }));
    expect(shape({ filter: { comments: { _some: { id: { _eq: 1 } } } } })).not.toBe(
      shape({ filter: { comments: { _none: { id: { _eq: 1 } } } } }),
    );
    expect(shape({ filter: { views: { _lte: 5 } } })).not.toBe(shape({}));
    expect(shape({ search: 'x' })).not.toBe(shape({}));
  });

  it('keys one exact read (a kept result, decision 0185) by collection, the whole resolved query, scope and permissions', () => {
    const exact = (collection: string, query: Parameters<typeof readKey>[1], scope = null as Parameters<typeof readKey>[2], who = admin) =>
      readKey(collection, query, scope, who);
    const base = exact('articles', { filter: { views: { _lte: 5 } }, limit: 20 });
    expect(exact('articles', { filter: { views: { _lte: 5 } }, limit: 20 })).toBe(base);
    // Everything readPlanKey and readValuesKey tell apart, the values included.
    expect(exact('comments', { filter: { views: { _lte: 5 } }, limit: 20 })).not.toBe(base);
    expect(exact('articles', { filter: { views: { _lte: 6 } }, limit: 20 })).not.toBe(base);
    expect(exact('articles', { filter: { views: { _gte: 5 } }, limit: 20 })).not.toBe(base);
    expect(exact('articles', { filter: { views: { _lte: 5 } }, limit: 21 })).not.toBe(base);
    expect(exact('articles', { filter: { views: { _lte: 5 } }, limit: 20, offset: 20 })).not.toBe(base);
    expect(exact('articles', { filter: { views: { _lte: 5 } }, limit: 20, search: 'x' })).not.toBe(base);
    expect(exact('articles', { filter: { views: { _lte: 5 } }, limit: 20, fields: ['id'] })).not.toBe(base);
    expect(exact('articles', { filter: { views: { _lte: 5 } }, limit: 20 }, { id: { _eq: 1 } })).not.toBe(base);
    expect(exact('articles', { filter: { views: { _lte: 5 } }, limit: 20 }, null, reader(null))).not.toBe(base);
    expect(exact('articles', {}, null, reader({ owner: { _eq: 'u1' } }))).not.toBe(
      exact('articles', {}, null, reader({ owner: { _eq: 'u2' } })),
    );
  });

  it(`keeps at most ${MAX_VARIANTS} plans per shape, the oldest going first`, () => {
    const caches = readCaches(createCacheRegistry());
    const schema = {} as SchemaOverview;
    for (let i = 0; i <= MAX_VARIANTS; i++) keepReadPlan(caches, schema, 's', plan(`select ${i}`));
    expect(findReadPlans(caches, schema, 's').map((p) => p.sql)).toEqual(Array.from({ length: MAX_VARIANTS }, (_, i) => `select ${i + 1}`));
    // A plan kept for another overview starts the list again.
    const other = {} as SchemaOverview;
    keepReadPlan(caches, other, 's', plan('select new'));
    expect(findReadPlans(caches, other, 's').map((p) => p.sql)).toEqual(['select new']);
    expect(findReadPlans(caches, schema, 's')).toEqual([]);
  });

  it('keeps plans per schema overview in the app registry (query.read-plans), at most 256, the one used longest ago going first', () => {
    const registry = createCacheRegistry();
    const caches = readCaches(registry);
    const schema = {} as SchemaOverview;
    keepReadPlan(caches, schema, 'a', plan('select 1'));
    expect(findReadPlan(caches, schema, 'a')?.sql).toBe('select 1');
    // A plan of another overview (the schema changed) is no plan.
    expect(findReadPlan(caches, {} as SchemaOverview, 'a')).toBeUndefined();
    for (let i = 0; i < 256; i++) keepReadPlan(caches, schema, `k${i}`, plan(`select ${i}`));
    expect(findReadPlan(caches, schema, 'a')).toBeUndefined();
    expect(findReadPlan(caches, schema, 'k0')?.sql).toBe('select 0');
    keepReadPlan(caches, schema, 'b', plan('select b'));
    // k0 was used just now: k1 went instead.
    expect(findReadPlan(caches, schema, 'k0')?.sql).toBe('select 0');
    expect(findReadPlan(caches, schema, 'k1')).toBeUndefined();
    expect(registry.list().find((c) => c.name === 'query.read-plans')).toMatchObject({ size: 256, max: 256, evictions: 2 });
    // Another app instance has its own.
    expect(findReadPlan(readCaches(createCacheRegistry()), schema, 'b')).toBeUndefined();
    // A schema change (the cache version) empties them.
    registry.invalidate('schema');
    expect(findReadPlan(caches, schema, 'b')).toBeUndefined();
  });
});
