import { describe, expect, it } from 'vitest';
import { addChild, hasChanges, NO_CHANGES, oneToManyPayload, removeChild, visibleChildren } from './one-to-many-changes.js';

const linked = [
  { key: 1, text: 'First' },
  { key: 2, text: 'Second' },
];

describe('one-to-many changes', () => {
  it('adds an item once, and not one already linked', () => {
    let changes = addChild(NO_CHANGES, { key: 5, text: 'Fifth' }, linked);
    changes = addChild(changes, { key: 5, text: 'Fifth' }, linked);
    changes = addChild(changes, { key: '1', text: 'First' }, linked);
    expect(changes).toEqual({ added: [{ key: 5, text: 'Fifth' }], removed: [] });
  });

  it('removes a linked child, drops an unsaved addition, and brings a removed child back when added again', () => {
    let changes = addChild(NO_CHANGES, { key: 5, text: 'Fifth' }, linked);
    changes = removeChild(changes, 5);
    expect(hasChanges(changes)).toBe(false);
    changes = removeChild(changes, 2);
    changes = removeChild(changes, 2);
    expect(changes).toEqual({ added: [], removed: [2] });
    expect(visibleChildren(linked, changes)).toEqual([{ option: { key: 1, text: 'First' }, pending: false }]);
    expect(addChild(changes, { key: 2, text: 'Second' }, linked)).toEqual(NO_CHANGES);
  });

  it('shows additions after the linked children, marked pending', () => {
    const changes = addChild(NO_CHANGES, { key: 9, text: 'Ninth' }, linked);
    expect(visibleChildren(linked, changes).map((c) => [c.option.key, c.pending])).toEqual([
      [1, false],
      [2, false],
      [9, true],
    ]);
  });

  it('builds the nested payload: additions link by key, removals are deselected', () => {
    expect(oneToManyPayload(NO_CHANGES, 'id')).toBeNull();
    expect(oneToManyPayload(undefined, 'id')).toBeNull();
    const changes = removeChild(addChild(NO_CHANGES, { key: 'c3', text: 'C' }, linked), 1);
    expect(oneToManyPayload(changes, 'uuid')).toEqual({ create: [], update: [{ uuid: 'c3' }], delete: [1] });
  });
});
