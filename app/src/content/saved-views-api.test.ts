import { describe, expect, it } from 'vitest';
import { viewOf } from './saved-views-api.js';

describe('viewOf', () => {
  it("reads Directus's tabular layout query and the search of a preset", () => {
    expect(viewOf({ id: 3, bookmark: 'Mine', search: 'tips', layout_query: { tabular: { sort: ['-title', 'id'], limit: 50 } } })).toEqual({ id: '3', name: 'Mine', query: { sort: '-title', limit: 50, search: 'tips' } });
  });

  it('falls back to no sort, 25 rows and no search when the preset says nothing', () => {
    expect(viewOf({ id: 'x', bookmark: null, search: null, layout_query: null })).toEqual({ id: 'x', name: '', query: { sort: null, limit: 25, search: '' } });
    expect(viewOf({ id: 1, bookmark: 'B', search: null, layout_query: { tabular: { sort: null, limit: null } } }).query).toEqual({ sort: null, limit: 25, search: '' });
  });
});
