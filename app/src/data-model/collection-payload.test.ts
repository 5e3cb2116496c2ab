import { describe, expect, it } from 'vitest';
import { collectionPayload } from './collection-payload.js';
import { collectionDeletionSummary, fieldDeletionSummary } from './deletion-summary.js';

describe('collectionPayload', () => {
  it('gives each primary key kind its field', () => {
    const of = (primaryKey: 'integer' | 'uuid' | 'string') =>
      collectionPayload({ collection: 'books', primaryKey, primaryKeyName: '', note: '' });
    expect(of('integer')).toMatchObject({
      payload: {
        collection: 'books',
        fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
      },
    });
    expect(of('uuid')).toMatchObject({
      payload: { fields: [{ type: 'uuid', meta: { special: ['uuid'] }, schema: { is_primary_key: true } }] },
    });
    expect(of('string')).toMatchObject({ payload: { fields: [{ type: 'string', schema: { is_primary_key: true, max_length: 255 } }] } });
  });

  it('refuses a reserved or malformed name', () => {
    expect(collectionPayload({ collection: 'service_x', primaryKey: 'integer', primaryKeyName: 'id', note: '' })).toEqual({
      errors: { collection: 'Names starting with service_ or directus_ are reserved.' },
    });
    expect(collectionPayload({ collection: '', primaryKey: 'integer', primaryKeyName: '1d', note: '' })).toEqual({
      errors: { collection: 'Enter a collection name.', primaryKeyName: 'Use letters, digits and underscores, not starting with a digit.' },
    });
  });
});

describe('deletion summaries', () => {
  const relations = [
    { collection: 'books', field: 'author', related_collection: 'authors', meta: { one_field: 'books' } },
    { collection: 'chapters', field: 'book', related_collection: 'books', meta: { one_field: null } },
  ];
  it('names the items, fields and relations a collection deletion loses', () => {
    expect(collectionDeletionSummary('books', ['id', 'title'], relations)).toBe(
      'Deleting the collection "books" permanently removes every item of "books", its 2 fields (id, title) and 2 relations books.author → authors and chapters.book → books. This cannot be undone.',
    );
  });
  it('names the relation a field holds or gives when the field is deleted', () => {
    expect(fieldDeletionSummary('authors', 'books', relations)).toBe(
      'Deleting the field "books" permanently removes its value in every item of "authors" and the relation books.author → authors. This cannot be undone.',
    );
    expect(fieldDeletionSummary('books', 'title', relations)).toBe(
      'Deleting the field "title" permanently removes its value in every item of "books". This cannot be undone.',
    );
  });
});
