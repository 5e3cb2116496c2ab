import { describe, expect, it } from 'vitest';
import {
  cellKey,
  cellState,
  pinCell,
  countChanges,
  fullRule,
  matrixChanges,
  matrixFromRows,
  parseFieldList,
  parseJsonObject,
  setCell,
  stateOf,
  type PermissionRow,
} from './permission-matrix.js';

const row = (id: number, collection: string, action: string, extra: Partial<PermissionRow> = {}): PermissionRow => ({
  id,
  policy: 'p1',
  collection,
  action,
  permissions: {},
  validation: null,
  presets: null,
  fields: ['*'],
  ...extra,
});

describe('stateOf', () => {
  it('is none without a rule, all for every field and no conditions, custom otherwise', () => {
    expect(stateOf(null)).toBe('none');
    expect(stateOf(undefined)).toBe('none');
    expect(stateOf(fullRule())).toBe('all');
    expect(stateOf({ permissions: null, validation: {}, presets: {}, fields: ['*'] })).toBe('all');
    expect(stateOf({ ...fullRule(), permissions: { status: { _eq: 'published' } } })).toBe('custom');
    expect(stateOf({ ...fullRule(), fields: ['title'] })).toBe('custom');
    expect(stateOf({ ...fullRule(), fields: null })).toBe('custom');
    expect(stateOf({ ...fullRule(), presets: { status: 'draft' } })).toBe('custom');
    expect(stateOf({ ...fullRule(), validation: { title: { _nnull: true } } })).toBe('custom');
  });
});

describe('matrixFromRows', () => {
  it('makes one cell per collection and action, keeping the first row and reporting extra ones', () => {
    const { matrix, rowOf, extra } = matrixFromRows([
      row(3, 'articles', 'read', { fields: ['title'] }),
      row(1, 'articles', 'read'),
      row(2, 'articles', 'comment'),
    ]);
    expect(Object.keys(matrix)).toEqual(['articles:read']);
    expect(rowOf['articles:read']?.id).toBe(1);
    expect(extra.map((r) => r.id)).toEqual([3]);
  });
});

describe('setCell', () => {
  it('drops the rule for none, grants all for all, and keeps a rule when going custom', () => {
    const custom = { ...fullRule(), fields: ['title'] };
    const m = { [cellKey('a', 'read')]: custom };
    expect(setCell(m, 'a', 'read', 'none')['a:read']).toBeNull();
    expect(setCell(m, 'a', 'read', 'all')['a:read']).toEqual(fullRule());
    expect(setCell(m, 'a', 'read', 'custom')['a:read']).toBe(custom);
    expect(setCell({}, 'a', 'update', 'custom')['a:update']).toEqual(fullRule());
  });
});

describe('cellState (issue 31, item 5)', () => {
  it('shows Custom after choosing Custom on an empty cell, though its starting rule grants everything', () => {
    const matrix = setCell({}, 'a', 'read', 'custom');
    const pinned = pinCell(new Set(), 'a', 'read', 'custom');
    expect(cellState(matrix, pinned, 'a', 'read')).toBe('custom');
    expect(cellState(matrix, new Set(), 'a', 'read')).toBe('all');
  });

  it('shows Custom after choosing Custom on an All cell, and All or None again after choosing them', () => {
    let matrix = setCell({}, 'a', 'read', 'all');
    let pinned = pinCell(new Set(), 'a', 'read', 'all');
    expect(cellState(matrix, pinned, 'a', 'read')).toBe('all');
    matrix = setCell(matrix, 'a', 'read', 'custom');
    pinned = pinCell(pinned, 'a', 'read', 'custom');
    expect(cellState(matrix, pinned, 'a', 'read')).toBe('custom');
    matrix = setCell(matrix, 'a', 'read', 'all');
    pinned = pinCell(pinned, 'a', 'read', 'all');
    expect(cellState(matrix, pinned, 'a', 'read')).toBe('all');
    matrix = setCell(matrix, 'a', 'read', 'none');
    pinned = pinCell(pinned, 'a', 'read', 'none');
    expect(cellState(matrix, pinned, 'a', 'read')).toBe('none');
  });

  it('reads a stored narrowing rule as Custom without a choice', () => {
    const matrix = { [cellKey('a', 'read')]: { ...fullRule(), fields: ['title'] } };
    expect(cellState(matrix, new Set(), 'a', 'read')).toBe('custom');
  });
});

describe('matrixChanges', () => {
  it('creates, updates and deletes what changed, and leaves the rest', () => {
    const { rowOf, matrix } = matrixFromRows([row(1, 'articles', 'read'), row(2, 'articles', 'delete'), row(3, 'tags', 'read')]);
    let edited = setCell(matrix, 'articles', 'delete', 'none');
    edited = setCell(edited, 'articles', 'create', 'all');
    edited = { ...edited, 'tags:read': { ...fullRule(), permissions: { name: { _eq: 'x' } } } };
    const changes = matrixChanges('p1', rowOf, edited);
    expect(changes.delete).toEqual([2]);
    expect(changes.create).toEqual([{ policy: 'p1', collection: 'articles', action: 'create', ...fullRule() }]);
    expect(changes.update).toEqual([{ id: 3, ...fullRule(), permissions: { name: { _eq: 'x' } } }]);
    expect(countChanges(changes)).toBe(3);
  });

  it('sends nothing when the matrix is as stored', () => {
    const { rowOf, matrix } = matrixFromRows([row(1, 'articles', 'read')]);
    expect(countChanges(matrixChanges('p1', rowOf, setCell(matrix, 'articles', 'read', 'all')))).toBe(0);
    expect(countChanges(matrixChanges('p1', rowOf, setCell(matrix, 'tags', 'read', 'none')))).toBe(0);
  });

  it('keeps a collection name with a colon whole', () => {
    const changes = matrixChanges('p1', {}, setCell({}, 'a:b', 'share', 'all'));
    expect(changes.create[0]).toMatchObject({ collection: 'a:b', action: 'share' });
  });
});

describe('parseJsonObject and parseFieldList', () => {
  it('reads objects, empty as null, and refuses the rest with a sentence', () => {
    expect(parseJsonObject('', 'Presets')).toBeNull();
    expect(parseJsonObject('{"a":1}', 'Presets')).toEqual({ a: 1 });
    expect(() => parseJsonObject('{', 'Presets')).toThrow('Presets: not valid JSON.');
    expect(() => parseJsonObject('[1]', 'Presets')).toThrow('Presets: must be a JSON object.');
  });
  it('splits field lists on commas', () => {
    expect(parseFieldList(' title, body ,title')).toEqual(['title', 'body']);
    expect(parseFieldList(' ')).toBeNull();
  });
});
