import { describe, expect, it } from 'vitest';
import { presetOf, viewOf } from './saved-views-api.js';

describe('viewOf', () => {
  it("reads Directus's tabular layout query, the search and the filter of a preset", () => {
    expect(viewOf({ id: 3, bookmark: 'Mine', search: 'tips', layout_query: { tabular: { sort: ['-title', 'id'], limit: 50 } } })).toEqual({
      id: '3',
      name: 'Mine',
      query: { sort: '-title', limit: 50, search: 'tips', filter: null, fields: null },
      view: { layout: 'tabular', options: {} },
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
    expect(viewOf({ id: 'x', bookmark: null, search: null, layout_query: null })).toEqual({
      id: 'x',
      name: '',
      query: plain,
      view: { layout: 'tabular', options: {} },
    });
    expect(
      viewOf({ id: 1, bookmark: 'B', search: null, filter: {}, layout_query: { tabular: { sort: null, limit: null, fields: [] } } }).query,
    ).toEqual(plain);
  });
});

describe('presetOf', () => {
  it('writes the filter in `filter` and the columns in `layout_query.tabular.fields`', () => {
    const filter = { _or: [{ owner: { _eq: '$CURRENT_USER' } }] };
    expect(
      presetOf(
        'u1',
        'articles',
        'Mine',
        { page: 2, limit: 50, sort: '-title', search: '', filter, fields: ['title', 'author.name'] },
        { layout: 'tabular', options: {} },
      ),
    ).toEqual({
      bookmark: 'Mine',
      user: 'u1',
      collection: 'articles',
      layout: 'tabular',
      search: null,
      filter,
      layout_query: { tabular: { sort: ['-title'], limit: 50, fields: ['title', 'author.name'] } },
      layout_options: null,
    });
  });

  it('leaves the columns out when the default ones are shown', () => {
    expect(
      presetOf(
        'u1',
        'articles',
        'All',
        { page: 1, limit: 25, sort: null, search: 'x', filter: null, fields: null },
        { layout: 'tabular', options: {} },
      ),
    ).toMatchObject({
      search: 'x',
      filter: null,
      layout_query: { tabular: { sort: null, limit: 25 } },
    });
  });

  it("writes another layout's query under its own name and every layout's options, and reads them back", () => {
    const query = { page: 1, limit: 25, sort: 'due', search: '', filter: null, fields: null };
    const options = { kanban: { groupField: 'status' }, cards: { imageSource: 'cover' }, tabular: { widths: { title: 120 } } };
    const preset = presetOf('u1', 'tasks', 'Board', query, { layout: 'kanban', options });
    expect(preset).toMatchObject({
      layout: 'kanban',
      layout_query: { kanban: { sort: ['due'], limit: 25 } },
      layout_options: options,
    });
    const back = viewOf({ id: 9, bookmark: 'Board', search: null, ...(preset as object) } as Parameters<typeof viewOf>[0]);
    expect(back.view).toEqual({ layout: 'kanban', options });
    expect(back.query.sort).toBe('due');
  });
});
