import { describe, expect, it } from 'vitest';
import { nextSort, parseTableQuery, tableQueryString } from './items-page.js';

describe('the table state in the address', () => {
  it('reads page, page size, sort and search, with safe defaults', () => {
    expect(parseTableQuery('')).toEqual({ page: 1, limit: 25, sort: null, search: '' });
    expect(parseTableQuery('?page=3&limit=50&sort=-title&search=news')).toEqual({ page: 3, limit: 50, sort: '-title', search: 'news' });
    expect(parseTableQuery('?page=-2&limit=100000')).toEqual({ page: 1, limit: 25, sort: null, search: '' });
  });

  it('writes only what differs from the defaults', () => {
    expect(tableQueryString({ page: 1, limit: 25, sort: null, search: '' })).toBe('');
    expect(tableQueryString({ page: 2, limit: 100, sort: 'rating', search: 'a b' })).toBe('?page=2&limit=100&sort=rating&search=a+b');
  });

  it('sorts ascending first, then descending', () => {
    expect(nextSort(null, 'title')).toBe('title');
    expect(nextSort('title', 'title')).toBe('-title');
    expect(nextSort('-title', 'title')).toBe('title');
    expect(nextSort('rating', 'title')).toBe('title');
  });
});
