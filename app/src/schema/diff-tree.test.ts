import { describe, expect, it } from 'vitest';
import { buildDiffTree, countDiff, describeCounts, formatValue, valueChange, type SchemaDiff } from './diff-tree.js';

const diff: SchemaDiff = {
  collections: [
    { collection: 'tags', diff: [{ kind: 'N', rhs: { collection: 'tags', meta: {}, schema: { name: 'tags' } } }] },
    { collection: 'old', diff: [{ kind: 'D', lhs: { collection: 'old', meta: {}, schema: { name: 'old' } } }] },
    { collection: 'articles', diff: [{ kind: 'E', path: ['meta', 'note'], lhs: null, rhs: 'News' }] },
  ],
  fields: [
    { collection: 'tags', field: 'name', diff: [{ kind: 'N', rhs: { collection: 'tags', field: 'name', type: 'string' } }] },
    { collection: 'tags', field: 'id', diff: [{ kind: 'N', rhs: { collection: 'tags', field: 'id', type: 'integer' } }] },
    {
      collection: 'books',
      field: 'title',
      diff: [
        { kind: 'E', path: ['schema', 'max_length'], lhs: 255, rhs: 100 },
        { kind: 'A', path: ['meta', 'options', 'choices'], index: 1, item: { kind: 'N', rhs: { value: 'b' } } },
        { kind: 'D', path: ['meta', 'note'], lhs: 'gone' },
      ],
    },
  ],
  relations: [
    {
      collection: 'books',
      field: 'tag',
      related_collection: 'tags',
      diff: [{ kind: 'N', rhs: { collection: 'books', field: 'tag', related_collection: 'tags' } }],
    },
  ],
};

describe('buildDiffTree', () => {
  it('groups fields and relations under their collection, sorted, with whole items added or removed', () => {
    const tree = buildDiffTree(diff);
    expect(tree.map((n) => [n.label, n.kind, n.summary])).toEqual([
      ['articles', 'changed', null],
      ['books', 'changed', null],
      ['old', 'removed', null],
      ['tags', 'added', null],
    ]);
    expect(tree[3]?.children.map((c) => [c.type, c.label, c.kind, c.summary])).toEqual([
      ['field', 'id', 'added', 'integer'],
      ['field', 'name', 'added', 'string'],
    ]);
    expect(tree[1]?.values).toEqual([]);
    expect(tree[1]?.children.map((c) => [c.type, c.label, c.kind, c.summary])).toEqual([
      ['field', 'title', 'changed', null],
      ['relation', 'tag → tags', 'added', '→ tags'],
    ]);
  });

  it('lists the values of a changed item old → new, array items by index', () => {
    const tree = buildDiffTree(diff);
    expect(tree[0]?.values).toEqual([{ path: 'meta.note', kind: 'changed', old: 'null', new: '"News"' }]);
    expect(tree[1]?.children[0]?.values).toEqual([
      { path: 'schema.max_length', kind: 'changed', old: '255', new: '100' },
      { path: 'meta.options.choices[1]', kind: 'added', new: '{"value":"b"}' },
      { path: 'meta.note', kind: 'removed', old: '"gone"' },
    ]);
  });

  it('counts what changes, not counting collections that only hold changes', () => {
    const counts = countDiff(buildDiffTree(diff));
    expect(counts.collections).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(describeCounts(counts)).toBe(
      '1 collection added, 1 collection removed, 1 collection changed, 2 fields added, 1 field changed, 1 relation added',
    );
    expect(describeCounts(countDiff(buildDiffTree({ collections: [], fields: [], relations: [] })))).toBe('');
  });

  it('reads an edit of a nested array item when the change is inside the item', () => {
    expect(valueChange({ kind: 'A', path: ['meta', 'special'], index: 0, item: { kind: 'E', path: ['x'], lhs: 1, rhs: 2 } })).toEqual({
      path: 'meta.special[0].x',
      kind: 'changed',
      old: '1',
      new: '2',
    });
  });

  it('cuts long values', () => {
    expect(formatValue('x'.repeat(200))).toHaveLength(118);
  });
});
