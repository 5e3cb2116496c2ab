import { describe, expect, it } from 'vitest';
import type { PermissionSet } from '../../permissions/permissions.types.js';
import type { SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import type { RootAst } from '../ast/ast.types.js';
import { createCacheRegistry } from '../../../kernel/caches/index.js';
import { readCaches } from './read-caches.js';
import { findReadPlan, keepReadPlan, readPlanKey, type ReadPlan } from './read-plans.js';

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
const plan = (sql: string): ReadPlan => ({ ast: {} as RootAst, sql, bindings: [], aliases: 1, random: false });

describe('read plans', () => {
  it('keys a read by collection, resolved query, scope and resolved permissions', () => {
    const base = readPlanKey('articles', { limit: 20 }, null, admin);
    expect(readPlanKey('articles', { limit: 20 }, null, admin)).toBe(base);
    expect(readPlanKey('comments', { limit: 20 }, null, admin)).not.toBe(base);
    expect(readPlanKey('articles', { limit: 21 }, null, admin)).not.toBe(base);
    expect(readPlanKey('articles', { limit: 20 }, { id: { _eq: 1 } }, admin)).not.toBe(base);
    expect(readPlanKey('articles', { limit: 20 }, null, reader(null))).not.toBe(base);
    // Two users whose rule resolved `$CURRENT_USER` to different ids.
    expect(readPlanKey('articles', {}, null, reader({ owner: { _eq: 'u1' } }))).not.toBe(
      readPlanKey('articles', {}, null, reader({ owner: { _eq: 'u2' } })),
    );
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
