import { describe, expect, it } from 'vitest';
import { buildFormFields, type RawFormField } from './form-fields.js';
import { compareRevision, withRevisionValue } from './revision-compare.js';

const raw: RawFormField[] = [
  { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
  { field: 'title', type: 'string' },
  { field: 'rating', type: 'integer' },
  { field: 'data', type: 'json' },
  { field: 'locked', type: 'string', meta: { readonly: true } },
];
const form = buildFormFields(raw, { read: { access: 'full', fields: ['*'] }, update: { access: 'full', fields: ['*'] } }, 'update');

describe('compareRevision', () => {
  it('sets the revision beside the current item field by field, marking changes; read-only ones cannot be put back', () => {
    const revision = { id: 1, title: 'Old', rating: 3, data: { a: 1 }, locked: 'x' };
    const current = { id: 1, title: 'New', rating: 3, data: { a: 1 }, locked: 'y' };
    expect(compareRevision(form, revision, current)).toEqual([
      { field: 'id', revision: 1, current: 1, changed: false, revertible: false },
      { field: 'title', revision: 'Old', current: 'New', changed: true, revertible: true },
      { field: 'rating', revision: 3, current: 3, changed: false, revertible: false },
      { field: 'data', revision: { a: 1 }, current: { a: 1 }, changed: false, revertible: false },
      { field: 'locked', revision: 'x', current: 'y', changed: true, revertible: false },
    ]);
  });

  it('compares only the fields the revision recorded, null and missing alike', () => {
    const rows = compareRevision(form, { title: null }, { title: undefined, rating: 2 });
    expect(rows).toEqual([{ field: 'title', revision: null, current: undefined, changed: false, revertible: false }]);
    expect(compareRevision(form, null, {})).toEqual([]);
  });
});

describe('withRevisionValue', () => {
  it('puts the value into the form as its input text, the other fields untouched', () => {
    const data = form.find((f) => f.field === 'data')!;
    expect(withRevisionValue({ title: 'T', data: '' }, data, { a: 1 })).toEqual({ title: 'T', data: '{\n  "a": 1\n}' });
  });
});
