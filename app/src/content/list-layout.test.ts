import { describe, expect, it } from 'vitest';
import {
  clampWidth,
  columnWidths,
  itemHref,
  moveBy,
  moveOnto,
  parseListView,
  textOption,
  toggled,
  viewOfPreset,
  withListView,
} from './list-layout.js';

describe('list layout in the address and presets', () => {
  it('reads the layout and its options, the table when absent or wrong', () => {
    expect(parseListView('')).toEqual({ layout: 'tabular', options: {} });
    expect(parseListView('?layout=cards&options=%7B%22size%22%3A3%7D')).toEqual({ layout: 'cards', options: { size: 3 } });
    expect(parseListView('?layout=gallery&options=nope')).toEqual({ layout: 'tabular', options: {} });
    expect(parseListView('?options=[1]')).toEqual({ layout: 'tabular', options: {} });
  });

  it('writes them after the table query, nothing for the plain table', () => {
    expect(withListView('', { layout: 'tabular', options: {} })).toBe('');
    expect(withListView('?page=2', { layout: 'kanban', options: { groupField: 'status' } })).toBe(
      '?page=2&layout=kanban&options=%7B%22groupField%22%3A%22status%22%7D',
    );
    const view = { layout: 'calendar' as const, options: { startDateField: 'due' } };
    expect(parseListView(withListView('?sort=title', view))).toEqual(view);
  });

  it("takes a preset's layout options of its own layout", () => {
    expect(viewOfPreset('cards', { cards: { size: 2 }, tabular: { widths: {} } })).toEqual({ layout: 'cards', options: { size: 2 } });
    expect(viewOfPreset(null, null)).toEqual({ layout: 'tabular', options: {} });
    expect(viewOfPreset('kanban', { kanban: 'x' })).toEqual({ layout: 'kanban', options: {} });
  });

  it('reads options defensively', () => {
    expect(textOption({ a: 'x', b: '', c: 3 }, 'a')).toBe('x');
    expect(textOption({ a: 'x', b: '', c: 3 }, 'b')).toBeNull();
    expect(textOption({ a: 'x', b: '', c: 3 }, 'c')).toBeNull();
    expect(columnWidths({ widths: { title: 200, bad: 'x', neg: -3 } })).toEqual({ title: 200 });
    expect(columnWidths({})).toEqual({});
    expect(clampWidth(10)).toBe(60);
    expect(clampWidth(9999)).toBe(800);
    expect(clampWidth(123.4)).toBe(123);
  });
});

describe('moving entries', () => {
  it('moves by places, clamped', () => {
    expect(moveBy(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveBy(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveBy(['a', 'b', 'c'], 1, 5)).toEqual(['a', 'c', 'b']);
    expect(moveBy(['a'], 3, 1)).toEqual(['a']);
  });

  it('moves onto another entry', () => {
    expect(moveOnto(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(moveOnto(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(moveOnto(['a', 'b', 'c'], 'x', 'a')).toEqual(['a', 'b', 'c']);
  });
});

describe('selection', () => {
  it('adds and takes out a key without changing the old set', () => {
    const before = new Set(['1']);
    expect([...toggled(before, '2', true)]).toEqual(['1', '2']);
    expect([...toggled(before, '1', false)]).toEqual([]);
    expect([...before]).toEqual(['1']);
  });
});

describe('item links', () => {
  it('encodes the collection and the key', () => {
    expect(itemHref('my tasks', 'a/b')).toBe('/content/my%20tasks/a%2Fb');
  });
});
