import { describe, expect, it } from 'vitest';
import {
  clampWidth,
  columnWidths,
  itemHref,
  moveBy,
  moveOnto,
  optionsOf,
  parseListView,
  presetLayoutOptions,
  textOption,
  toggled,
  viewOfPreset,
  withLayout,
  withListView,
  withOptions,
  type ListView,
} from './list-layout.js';

describe('list layout in the address and presets', () => {
  it("reads the layout and each layout's options, the table when absent or wrong", () => {
    expect(parseListView('')).toEqual({ layout: 'tabular', options: {} });
    expect(parseListView('?layout=cards&options=%7B%22cards%22%3A%7B%22size%22%3A3%7D%7D')).toEqual({
      layout: 'cards',
      options: { cards: { size: 3 } },
    });
    expect(parseListView('?layout=gallery&options=nope')).toEqual({ layout: 'tabular', options: {} });
    expect(parseListView('?options=[1]')).toEqual({ layout: 'tabular', options: {} });
    // Unknown layouts and options that are not objects are left out.
    expect(parseListView(`?options=${encodeURIComponent('{"tabular":{"widths":{}},"gallery":{"a":1},"kanban":"x"}')}`)).toEqual({
      layout: 'tabular',
      options: { tabular: { widths: {} } },
    });
  });

  it("takes an older address's options of the shown layout alone as that layout's", () => {
    expect(parseListView('?layout=cards&options=%7B%22size%22%3A3%7D')).toEqual({ layout: 'cards', options: { cards: { size: 3 } } });
  });

  it('writes them after the table query, nothing for the plain table', () => {
    expect(withListView('', { layout: 'tabular', options: {} })).toBe('');
    expect(withListView('?page=2', { layout: 'kanban', options: { kanban: { groupField: 'status' } } })).toBe(
      '?page=2&layout=kanban&options=%7B%22kanban%22%3A%7B%22groupField%22%3A%22status%22%7D%7D',
    );
    const view: ListView = { layout: 'calendar', options: { calendar: { startDateField: 'due' }, tabular: { widths: { title: 90 } } } };
    expect(parseListView(withListView('?sort=title', view))).toEqual(view);
  });

  it("keeps every layout's options through a round of layout switches", () => {
    let view: ListView = { layout: 'tabular', options: {} };
    view = withOptions(view, { widths: { title: 120 } });
    view = withOptions(withLayout(view, 'cards'), { imageSource: 'cover', title: '{{ name }}' });
    view = withOptions(withLayout(view, 'calendar'), { startDateField: 'due' });
    view = withOptions(withLayout(view, 'kanban'), { groupField: 'status' });
    view = withLayout(view, 'tabular');
    const back = parseListView(withListView('', view));
    expect(back.layout).toBe('tabular');
    expect(optionsOf(back)).toEqual({ widths: { title: 120 } });
    expect(optionsOf(back, 'cards')).toEqual({ imageSource: 'cover', title: '{{ name }}' });
    expect(optionsOf(withLayout(back, 'calendar'))).toEqual({ startDateField: 'due' });
    expect(optionsOf(back, 'kanban')).toEqual({ groupField: 'status' });
  });

  it('drops a layout whose options are emptied, and sets the options of a given layout', () => {
    const view: ListView = { layout: 'cards', options: { cards: { size: 'large' }, kanban: { groupField: 'status' } } };
    expect(withOptions(view, {})).toEqual({ layout: 'cards', options: { kanban: { groupField: 'status' } } });
    expect(withOptions(view, { size: undefined, title: '{{ name }}' })).toEqual({
      layout: 'cards',
      options: { cards: { title: '{{ name }}' }, kanban: { groupField: 'status' } },
    });
    // The page shows the table for a layout the collection cannot have: its options go to the table.
    expect(withOptions({ layout: 'kanban', options: {} }, { widths: { a: 80 } }, 'tabular')).toEqual({
      layout: 'tabular',
      options: { tabular: { widths: { a: 80 } } },
    });
  });

  it("takes a preset's layout options of every layout, and writes them back", () => {
    expect(viewOfPreset('cards', { cards: { size: 2 }, tabular: { widths: {} } })).toEqual({
      layout: 'cards',
      options: { cards: { size: 2 }, tabular: { widths: {} } },
    });
    expect(viewOfPreset(null, null)).toEqual({ layout: 'tabular', options: {} });
    expect(viewOfPreset('kanban', { kanban: 'x' })).toEqual({ layout: 'kanban', options: {} });
    expect(presetLayoutOptions({ layout: 'kanban', options: { kanban: { groupField: 'status' }, cards: {} } })).toEqual({
      kanban: { groupField: 'status' },
    });
    expect(presetLayoutOptions({ layout: 'tabular', options: {} })).toBeNull();
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
