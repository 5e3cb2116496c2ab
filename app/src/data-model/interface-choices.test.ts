import { describe, expect, it } from 'vitest';
import { CELL_DISPLAYS } from '../content/cell-displays.js';
import { BASIC_INTERFACES } from '../interfaces/basic-interfaces.js';
import { RICH_INTERFACES } from '../interfaces/rich-interfaces.js';
import {
  DISPLAYS,
  displayChoices,
  DRAWN_DISPLAYS,
  DRAWN_INTERFACES,
  INTERFACES,
  interfaceChoices,
  relationalKind,
} from './interface-choices.js';

const ids = (choices: { id: string }[]) => choices.map((choice) => choice.id);

describe('interfaceChoices', () => {
  it.each([
    ['string', ['input', 'input-rich-text-md', 'input-rich-text-html', 'input-code', 'select-dropdown', 'select-radio', 'select-color']],
    ['text', ['input-multiline', 'input-rich-text-md', 'input-rich-text-html', 'input-code', 'select-dropdown', 'select-radio']],
    ['integer', ['input', 'select-dropdown', 'select-radio', 'slider']],
    ['decimal', ['input', 'select-dropdown', 'select-radio', 'slider']],
    ['boolean', ['boolean']],
    ['timestamp', ['datetime']],
    ['date', ['datetime']],
    ['json', ['input-code', 'select-multiple-checkbox', 'select-multiple-dropdown', 'tags']],
    ['csv', ['select-multiple-checkbox', 'select-multiple-dropdown', 'tags']],
    ['uuid', ['input']],
  ])('offers a %s field the interfaces that edit it', (type, expected) => {
    expect(ids(interfaceChoices(type))).toEqual(expected);
  });

  it.each([
    ['m2o', ['select-dropdown-m2o']],
    ['file', ['file', 'file-image']],
    ['o2m', ['list-o2m']],
    ['m2m', ['list-m2m', 'translations']],
    ['m2a', ['list-m2a']],
  ] as const)('offers a %s field its relational interfaces only, whatever its type', (relation, expected) => {
    expect(ids(interfaceChoices('integer', relation))).toEqual(expected);
  });

  it('places every interface of the form’s registries in the table, and offers only interfaces the form draws', () => {
    const table = new Set(ids([...INTERFACES]));
    for (const id of [...Object.keys(BASIC_INTERFACES), ...Object.keys(RICH_INTERFACES)]) expect(table.has(id), id).toBe(true);
    for (const id of table) expect(DRAWN_INTERFACES.has(id), id).toBe(true);
  });
});

describe('displayChoices', () => {
  it.each([
    ['string', ['raw', 'formatted-value', 'labels', 'color']],
    ['integer', ['raw', 'formatted-value', 'labels']],
    ['boolean', ['raw', 'boolean']],
    ['dateTime', ['raw', 'datetime']],
    ['csv', ['raw', 'labels']],
  ])('offers a %s field the displays that show it', (type, expected) => {
    expect(ids(displayChoices(type))).toEqual(expected);
  });

  it('offers relational fields the related values, and a file its image', () => {
    expect(ids(displayChoices('uuid', 'file'))).toEqual(['image', 'related-values']);
    expect(ids(displayChoices('integer', 'm2o'))).toEqual(['related-values']);
    expect(ids(displayChoices('alias', 'o2m'))).toEqual(['related-values']);
  });

  it('places every display the list draws in the table, and offers only displays the list draws', () => {
    const table = new Set(ids([...DISPLAYS]));
    for (const id of CELL_DISPLAYS) expect(table.has(id), id).toBe(true);
    for (const id of table) expect(DRAWN_DISPLAYS.has(id), id).toBe(true);
  });
});

describe('relationalKind', () => {
  const relations = [
    { collection: 'books', field: 'author', related_collection: 'authors', meta: { one_field: 'books' } },
    { collection: 'books', field: 'cover', related_collection: 'service_files', meta: null },
    { collection: 'books_tags', field: 'books_id', related_collection: 'books', meta: { one_field: 'tags', junction_field: 'tags_id' } },
  ];

  it('reads the kind from the relations when the field has no special flag', () => {
    expect(relationalKind('books', { field: 'author', meta: { special: null } }, relations)).toBe('m2o');
    expect(relationalKind('books', { field: 'cover' }, relations)).toBe('file');
    expect(relationalKind('authors', { field: 'books' }, relations)).toBe('o2m');
    expect(relationalKind('books', { field: 'tags' }, relations)).toBe('m2m');
    expect(relationalKind('books', { field: 'title' }, relations)).toBeNull();
  });

  it('reads it from the special flags first', () => {
    expect(relationalKind('a', { field: 'x', meta: { special: ['m2m'] } }, [])).toBe('m2m');
    expect(relationalKind('a', { field: 'x', meta: { special: 'translations' } }, [])).toBe('m2m');
    expect(relationalKind('a', { field: 'x', meta: { special: ['m2a'] } }, [])).toBe('m2a');
    expect(relationalKind('a', { field: 'x', meta: { special: ['o2m'] } }, [])).toBe('o2m');
    expect(relationalKind('a', { field: 'x', meta: { special: ['file'] } }, [])).toBe('file');
    expect(relationalKind('a', { field: 'x', meta: { special: ['cast-json'] } }, [])).toBeNull();
  });
});
