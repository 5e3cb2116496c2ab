import { describe, expect, it } from 'vitest';
import { addAny, anyPayload, moveAny, removeAny, type AnyEntry, type AnyList } from './many-to-any-changes.js';
import type { ManyToAny } from './relations.js';

const relation: ManyToAny = {
  kind: 'm2a',
  junction: 'pages_sections',
  parentField: 'pages_id',
  itemField: 'item',
  collectionField: 'collection',
  allowed: ['headings', 'texts'],
  sortField: 'sort',
};
const saved: AnyEntry[] = [
  { junctionKey: 7, collection: 'headings', key: 1, text: 'Welcome' },
  { junctionKey: 8, collection: 'texts', key: 1, text: 'Hello' },
];
const start: AnyList = { entries: saved, removed: [] };

describe('many-to-any changes', () => {
  it('sends nothing when nothing changed', () => {
    expect(anyPayload(saved, start, relation, 'id')).toBeNull();
    expect(moveAny(start, 0, -1)).toBe(start);
    expect(moveAny(start, 1, 1)).toBe(start);
  });
  it('adds an item once, with its collection and its place', () => {
    const added = addAny(addAny(start, { collection: 'texts', key: 2, text: 'More' }), { collection: 'texts', key: 2, text: 'More' });
    expect(added.entries).toHaveLength(3);
    expect(addAny(start, { collection: 'headings', key: 1, text: 'Welcome' })).toBe(start);
    expect(anyPayload(saved, added, relation, 'id')).toEqual({
      create: [{ collection: 'texts', item: 2, sort: 3 }],
      update: [],
      delete: [],
    });
  });
  it('reorders by the sort field, and deletes a removed link while an unsaved one just goes', () => {
    const moved = moveAny(start, 1, -1);
    expect(moved.entries.map((e) => e.junctionKey)).toEqual([8, 7]);
    expect(anyPayload(saved, moved, relation, 'id')).toEqual({
      create: [],
      update: [
        { id: 8, sort: 1 },
        { id: 7, sort: 2 },
      ],
      delete: [],
    });
    const removed = removeAny(removeAny(addAny(start, { collection: 'texts', key: 5, text: 'X' }), 2), 0);
    expect(anyPayload(saved, removed, relation, 'id')).toEqual({ create: [], update: [{ id: 8, sort: 1 }], delete: [7] });
  });
  it('sends no places without a sort field', () => {
    const plain = { ...relation, sortField: null };
    const changed = addAny(moveAny(start, 1, -1), { collection: 'headings', key: 9, text: 'Nine' });
    expect(anyPayload(saved, changed, plain, 'id')).toEqual({ create: [{ collection: 'headings', item: 9 }], update: [], delete: [] });
  });
});
