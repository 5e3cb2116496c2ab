import { describe, expect, it } from 'vitest';
import { viewOf } from '../content/saved-views-api.js';
import { parseTableQuery } from '../content/table-query.js';
import { bookmarkHref } from './nav-api.js';

describe('bookmarkHref', () => {
  it('is the list with the saved view applied', () => {
    const view = viewOf({
      id: 3,
      bookmark: 'Drafts',
      search: 'news',
      filter: { status: { _eq: 'draft' } },
      layout_query: { tabular: { sort: ['-title'], limit: 50, fields: ['title'] } },
    });
    const href = bookmarkHref('my articles', view);
    expect(href.startsWith('/content/my%20articles?')).toBe(true);
    expect(parseTableQuery(href.slice(href.indexOf('?')))).toEqual({ page: 1, ...view.query });
  });

  it('is the bare list for a view without settings', () => {
    expect(bookmarkHref('notes', viewOf({ id: 1, bookmark: 'All', search: null, layout_query: null }))).toBe('/content/notes');
  });
});
