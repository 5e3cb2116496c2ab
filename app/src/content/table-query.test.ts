import { describe, expect, it } from 'vitest';
import { nextSort, parseTableQuery, tableQueryString } from './table-query.js';

const plain = { page: 1, limit: 25, sort: null, search: '', filter: null, fields: null };

describe('the table state in the address', () => {
  it('reads page, page size, sort and search, with safe defaults', () => {
    expect(parseTableQuery('')).toEqual(plain);
    expect(parseTableQuery('?page=3&limit=50&sort=-title&search=news')).toEqual({
      ...plain,
      page: 3,
      limit: 50,
      sort: '-title',
      search: 'news',
    });
    expect(parseTableQuery('?page=-2&limit=100000')).toEqual(plain);
  });

  it('reads the filter as JSON and the columns as a list, ignoring what is malformed', () => {
    const filter = { _and: [{ author: { name: { _eq: 'Ada' } } }] };
    expect(parseTableQuery(`?filter=${encodeURIComponent(JSON.stringify(filter))}&fields=title,author.name`)).toEqual({
      ...plain,
      filter,
      fields: ['title', 'author.name'],
    });
    expect(parseTableQuery('?filter=%7Bnot-json&fields=,')).toEqual(plain);
    expect(parseTableQuery('?filter=%5B1%5D')).toEqual(plain);
    expect(parseTableQuery('?filter=%7B%7D')).toEqual(plain);
  });

  it('writes only what differs from the defaults', () => {
    expect(tableQueryString(plain)).toBe('');
    expect(tableQueryString({ ...plain, page: 2, limit: 100, sort: 'rating', search: 'a b' })).toBe(
      '?page=2&limit=100&sort=rating&search=a+b',
    );
  });

  it('writes filter and columns so that they read back the same', () => {
    const query = {
      ...plain,
      filter: { _or: [{ owner: { _eq: '$CURRENT_USER' } }, { rating: { _between: [1, 3] } }] },
      fields: ['title', 'author.name'],
    };
    expect(parseTableQuery(tableQueryString(query))).toEqual(query);
  });

  it('sorts ascending first, then descending', () => {
    expect(nextSort(null, 'title')).toBe('title');
    expect(nextSort('title', 'title')).toBe('-title');
    expect(nextSort('-title', 'title')).toBe('title');
    expect(nextSort('rating', 'title')).toBe('title');
  });
});
