import { describe, expect, it } from 'vitest';
import { diffSnapshots, isEmptyDiff } from './diff-snapshots.js';
import type { Snapshot, SnapshotField } from './snapshot.types.js';

const column = (
  table: string,
  name: string,
  extra: Partial<NonNullable<SnapshotField['schema']>> = {},
): NonNullable<SnapshotField['schema']> => ({
  name,
  table,
  data_type: 'integer',
  default_value: null,
  max_length: null,
  numeric_precision: null,
  numeric_scale: null,
  is_nullable: true,
  is_unique: false,
  is_indexed: false,
  is_primary_key: false,
  is_generated: false,
  generation_expression: null,
  has_auto_increment: false,
  foreign_key_table: null,
  foreign_key_column: null,
  ...extra,
});

function base(): Snapshot {
  return {
    version: 1,
    service: '1',
    vendor: 'sqlite',
    collections: [
      { collection: 'a', meta: { note: 'A', translations: [{ language: 'en', translation: 'A' }] }, schema: { name: 'a' } },
      { collection: 'b', meta: { note: null }, schema: { name: 'b' } },
    ],
    fields: [
      {
        collection: 'a',
        field: 'id',
        type: 'integer',
        meta: { sort: 1 },
        schema: column('a', 'id', { is_primary_key: true, has_auto_increment: true, is_nullable: false }),
      },
      { collection: 'a', field: 'x', type: 'integer', meta: { sort: 2, options: { a: 1 } }, schema: column('a', 'x') },
      { collection: 'b', field: 'id', type: 'integer', meta: {}, schema: column('b', 'id', { is_primary_key: true }) },
      { collection: 'b', field: 'y', type: 'integer', meta: {}, schema: column('b', 'y') },
    ],
    relations: [{ collection: 'b', field: 'y', related_collection: 'a', meta: { one_field: null }, schema: null }],
  };
}

describe('diffSnapshots', () => {
  it('finds nothing between equal snapshots', () => {
    expect(isEmptyDiff(diffSnapshots(base(), base()))).toBe(true);
  });

  it('lists edits (E) and array changes (A) with their paths', () => {
    const after = base();
    after.collections[0]!.meta.note = 'B';
    (after.collections[0]!.meta.translations as unknown[]).push({ language: 'de', translation: 'A' });
    after.fields[1]!.schema!.default_value = 3;
    const diff = diffSnapshots(base(), after);
    expect(diff.collections).toEqual([
      {
        collection: 'a',
        diff: [
          { kind: 'E', path: ['meta', 'note'], lhs: 'A', rhs: 'B' },
          { kind: 'A', path: ['meta', 'translations'], index: 1, item: { kind: 'N', rhs: { language: 'de', translation: 'A' } } },
        ],
      },
    ]);
    expect(diff.fields).toEqual([
      { collection: 'a', field: 'x', diff: [{ kind: 'E', path: ['schema', 'default_value'], lhs: null, rhs: 3 }] },
    ]);
  });

  it('replaces nested meta additions and removals by one E of the whole meta', () => {
    const after = base();
    after.fields[1]!.meta = { sort: 2, options: { a: 1, b: 2 } };
    after.fields[1]!.schema!.is_nullable = false;
    const [entry] = diffSnapshots(base(), after).fields;
    expect(entry!.diff).toEqual([
      { kind: 'E', path: ['meta'], lhs: { sort: 2, options: { a: 1 } }, rhs: { sort: 2, options: { a: 1, b: 2 } } },
      { kind: 'E', path: ['schema', 'is_nullable'], lhs: true, rhs: false },
    ]);
  });

  it('lists new items (N) after the current ones, and deleted ones (D), leaving out what a dropped collection covers', () => {
    const after = base();
    after.collections = after.collections.filter((c) => c.collection !== 'b');
    after.fields = after.fields.filter((f) => f.collection !== 'b');
    after.relations = [];
    after.collections.push({ collection: 'c', meta: {}, schema: { name: 'c' } });
    after.fields.push({ collection: 'c', field: 'id', type: 'integer', meta: {}, schema: column('c', 'id', { is_primary_key: true }) });
    const diff = diffSnapshots(base(), after);
    expect(diff.collections.map((c) => [c.collection, c.diff[0]!.kind])).toEqual([
      ['b', 'D'],
      ['c', 'N'],
    ]);
    expect(diff.fields.map((f) => `${f.collection}.${f.field}`)).toEqual(['c.id']);
    expect(diff.relations).toEqual([]);
  });

  it('turns a change to or from alias into D then N, and ignores the column of an auto-increment key', () => {
    const after = base();
    after.fields[1] = { collection: 'a', field: 'x', type: 'alias', meta: { sort: 2 } };
    after.fields[0]!.schema!.data_type = 'bigint';
    const diff = diffSnapshots(base(), after);
    expect(diff.fields).toHaveLength(1);
    expect(diff.fields[0]!.diff.map((c) => c.kind)).toEqual(['D', 'N']);
  });
});
