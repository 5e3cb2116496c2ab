import { describe, expect, it } from 'vitest';
import { collectionDeletionSummary, fieldDeletionSummary } from './deletion-summary.js';

const relations = [
  { collection: 'books', field: 'author', related_collection: 'authors', meta: { one_field: 'books' } },
  { collection: 'reviews', field: 'book', related_collection: 'books', meta: null },
];

describe('the deletion sentences', () => {
  it('names the items, the fields and the relations a collection takes with it', () => {
    expect(collectionDeletionSummary('notes', ['id', 'body'], [])).toBe(
      'Deleting the collection "notes" permanently removes every item of "notes" and its 2 fields (id, body). This cannot be undone.',
    );
    expect(collectionDeletionSummary('books', ['id'], relations)).toBe(
      'Deleting the collection "books" permanently removes every item of "books", its field (id) and 2 relations ' +
        'books.author → authors and reviews.book → books. This cannot be undone.',
    );
  });

  it('names the relation a field holds or lists', () => {
    expect(fieldDeletionSummary('books', 'title', relations)).toBe(
      'Deleting the field "title" permanently removes its value in every item of "books". This cannot be undone.',
    );
    expect(fieldDeletionSummary('authors', 'books', relations)).toBe(
      'Deleting the field "books" permanently removes its value in every item of "authors" and the relation books.author → authors. ' +
        'This cannot be undone.',
    );
  });
});
