import { describe, expect, it } from 'vitest';
import { batchEditFields, batchPayload } from './batch-payload.js';
import type { RawFormField } from './form-fields.js';

const fields: RawFormField[] = [
  { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
  { field: 'title', type: 'string', meta: { required: true }, schema: { is_nullable: false } },
  { field: 'rating', type: 'integer' },
  { field: 'featured', type: 'boolean' },
  { field: 'slug', type: 'string', meta: { readonly: true } },
  { field: 'comments', type: 'alias' },
];

describe('batchEditFields', () => {
  it('offers the fields the user may update, none of them required', () => {
    const offered = batchEditFields(fields, { read: { access: 'full', fields: ['*'] }, update: { access: 'full', fields: ['*'] } });
    expect(offered.map((f) => f.field)).toEqual(['title', 'rating', 'featured']);
    expect(offered.every((f) => !f.required)).toBe(true);
  });

  it('follows the field list of the update permission', () => {
    const offered = batchEditFields(fields, { read: { access: 'full', fields: ['*'] }, update: { access: 'partial', fields: ['rating'] } });
    expect(offered.map((f) => f.field)).toEqual(['rating']);
  });

  it('offers nothing without update access', () => {
    expect(batchEditFields(fields, { read: { access: 'full', fields: ['*'] } })).toEqual([]);
    expect(batchEditFields(fields, { read: { access: 'full', fields: ['*'] }, update: { access: 'none' } })).toEqual([]);
  });
});

describe('batchPayload', () => {
  const offered = batchEditFields(fields, { read: { access: 'full', fields: ['*'] }, update: { access: 'full', fields: ['*'] } });

  it('sends only the chosen fields, typed; an empty text clears the field', () => {
    expect(batchPayload(offered, new Set(['rating', 'featured']), { title: 'ignored', rating: '7', featured: 'true' })).toEqual({
      data: { rating: 7, featured: true },
      errors: {},
    });
    expect(batchPayload(offered, new Set(['rating', 'featured']), {})).toEqual({ data: { rating: null, featured: false }, errors: {} });
  });

  it('reports a value that is not of its type on its field', () => {
    expect(batchPayload(offered, new Set(['title', 'rating']), { title: 'New', rating: 'seven' })).toEqual({
      data: { title: 'New' },
      errors: { rating: 'Enter a whole number.' },
    });
  });
});
