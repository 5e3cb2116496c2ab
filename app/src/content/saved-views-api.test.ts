import { describe, expect, it } from 'vitest';
import { presetOf, viewOf } from './saved-views-api.js';

describe('viewOf', () => {
  it("reads Directus's tabular layout query, the search and the filter of a preset", () => {
    expect(viewOf({ id: 3, bookmark: 'Mine', search: 'tips', layout_query: { tabular: { sort: ['-title', 'id'], limit: 50 } } })).toEqual({
      id: '3',
      name: 'Mine',
      query: { sort: '-title', limit: 50, search: 'tips', filter: null, fields: null },
    });
    const filter = { _and: [{ author: { name: { _eq: 'Ada' } } }] };
    expect(
      viewOf({ id: 4, bookmark: 'Ada', search: null, filter, layout_query: { tabular: { fields: ['title', 'author.name'] } } }).query,
    ).toEqual({
      sort: null,
      limit: 25,
      search: '',
      filter,
      fields: ['title', 'author.name'],
    });
  });

  it('falls back to no sort, 25 rows, no search, no filter and the default columns when the preset says nothing', () => {
    const plain = { sort: null, limit: 25, search: '', filter: null, fields: null };
    expect(viewOf({ id: 'x', bookmark: null, search: null, layout_query: null })).toEqual({ id: 'x', name: '', query: plain });
    expect(
      viewOf({ id: 1, bookmark: 'B', search: null, filter: {}, layout_query: { tabular: { sort: null, limit: null, fields: [] } } }).query,
    ).toEqual(plain);
  });
});

describe('presetOf', () => {
  it('writes the filter in `filter` and the columns in `layout_query.tabular.fields`', () => {
    const filter = { _or: [{ owner: { _eq: '$CURRENT_USER' } }] };
    expect(
      presetOf('u1', 'articles', 'Mine', { page: 2, limit: 50, sort: '-title', search: '', filter, fields: ['title', 'author.name'] }),
    ).toEqual({
      bookmark: 'Mine',
      user: 'u1',
      collection: 'articles',
      layout: 'tabular',
      search: null,
      filter,
      layout_query: { tabular: { sort: ['-title'], limit: 50, fields: ['title', 'author.name'] } },
    });
  });

  it('leaves the columns out when the default ones are shown', () => {
    expect(presetOf('u1', 'articles', 'All', { page: 1, limit: 25, sort: null, search: 'x', filter: null, fields: null })).toMatchObject({
      search: 'x',
      filter: null,
      layout_query: { tabular: { sort: null, limit: 25 } },
    });
  });
});
