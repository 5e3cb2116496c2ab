import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './diff-snapshots.js';
import { parseDiff } from './parse-diff.js';
import { planApply } from './plan-apply.js';
import { DiffConflict, resolveEntries } from './resolve-entries.js';
import type { Snapshot, SnapshotField } from './snapshot.types.js';

function key(collection: string, field: string, extra: Partial<NonNullable<SnapshotField['schema']>> = {}): SnapshotField {
  return {
    collection,
    field,
    type: 'integer',
    meta: { collection, field },
    schema: {
      name: field,
      table: collection,
      data_type: 'integer',
      default_value: null,
      max_length: null,
      numeric_precision: null,
      numeric_scale: null,
      is_nullable: false,
      is_unique: false,
      is_indexed: false,
      is_primary_key: true,
      is_generated: false,
      generation_expression: null,
      has_auto_increment: true,
      foreign_key_table: null,
      foreign_key_column: null,
      ...extra,
    },
  };
}

const empty: Snapshot = { version: 1, service: '1', vendor: 'sqlite', collections: [], fields: [], relations: [] };

function schema(): Snapshot {
  return {
    ...empty,
    collections: [
      { collection: 'child', meta: { group: 'parent' }, schema: { name: 'child' } },
      { collection: 'parent', meta: {}, schema: { name: 'parent' } },
    ],
    fields: [
      key('child', 'id'),
      key('child', 'parent_id', { is_primary_key: false, has_auto_increment: false, is_nullable: true }),
      key('parent', 'id'),
    ],
    relations: [
      {
        collection: 'child',
        field: 'parent_id',
        related_collection: 'parent',
        meta: {},
        schema: {
          table: 'child',
          column: 'parent_id',
          foreign_key_table: 'parent',
          foreign_key_column: 'id',
          constraint_name: null,
          on_update: null,
          on_delete: null,
        },
      },
    ],
  };
}

const plan = (current: Snapshot, after: Snapshot) => planApply(current, resolveEntries(current, diffSnapshots(current, after)));
const names = (steps: { action: string; kind: string; collection: string; field?: string }[]) =>
  steps.map((s) => `${s.action} ${s.kind} ${s.collection}${s.field ? `.${s.field}` : ''}`);

describe('planApply', () => {
  it('creates parents before the collections grouped in them, each table with its fields, then relations', () => {
    const { steps } = plan(empty, schema());
    expect(names(steps)).toEqual(['create collection parent', 'create collection child', 'create relation child.parent_id']);
    expect(steps[1]!.fields).toEqual(['id', 'parent_id']);
  });

  it('drops in reverse order: relations, fields, collections', () => {
    const after = { ...empty, collections: [schema().collections[1]!], fields: [key('parent', 'id')] };
    expect(names(plan(schema(), after).steps)).toEqual(['delete collection child']);
    const lessField = { ...schema(), fields: schema().fields.filter((f) => f.field !== 'parent_id'), relations: [] };
    expect(names(plan(schema(), lessField).steps)).toEqual(['delete relation child.parent_id', 'delete field child.parent_id']);
  });

  it('refuses a relation to a collection that does not exist, and a new table without a primary key', () => {
    const ghost = schema();
    ghost.relations[0]!.related_collection = 'ghost';
    expect(() => plan(empty, ghost)).toThrow('points at collection "ghost", which does not exist');
    const keyless = { ...schema(), fields: schema().fields.filter((f) => f.field !== 'id' || f.collection !== 'parent'), relations: [] };
    expect(() => plan(empty, keyless)).toThrow('Collection "parent" must have exactly one primary key field, not 0');
  });

  it('names the item a stale entry conflicts with', () => {
    const diff = parseDiff({ hash: 'h', diff: diffSnapshots(empty, schema()) });
    expect(() => resolveEntries(schema(), diff.diff)).toThrow(DiffConflict);
    expect(() => resolveEntries(schema(), diff.diff)).toThrow('Provided diff is trying to create collection "child" but it already exists');
  });
});
