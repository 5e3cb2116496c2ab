import { describe, expect, it } from 'vitest';
import type { PermissionSet } from '../../permissions/permissions.types.js';
import type { SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import type { RootAst } from '../ast/ast.types.js';
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

  it('keeps plans per schema overview, and at most 256 of them', () => {
    const schema = {} as SchemaOverview;
    keepReadPlan(schema, 'a', plan('select 1'));
    expect(findReadPlan(schema, 'a')?.sql).toBe('select 1');
    expect(findReadPlan({} as SchemaOverview, 'a')).toBeUndefined();
    for (let i = 0; i < 256; i++) keepReadPlan(schema, `k${i}`, plan(`select ${i}`));
    expect(findReadPlan(schema, 'a')).toBeUndefined();
    expect(findReadPlan(schema, 'k255')?.sql).toBe('select 255');
  });
});
