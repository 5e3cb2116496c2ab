import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../../../tests/support/capture-error.js';
import { createEngineFixture, idsOf, type EngineFixture } from '../../../../tests/support/engine-fixture.js';
import type { Filter } from '../query.types.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

// NULLs sort first on SQLite and MySQL and last on PostgreSQL (ascending), as in Directus: cases filter them out.
const sorted = async (sort: string[], filter?: Filter, collection = 'articles') =>
  idsOf(await fx.read(collection, { fields: ['id'], sort, filter, limit: -1 }));

describe('compileSort', () => {
  const cases: { name: string; sort: string[]; filter?: Filter; ids: number[]; collection?: string }[] = [
    { name: 'the primary key by default', sort: [], ids: [1, 2, 3, 4, 5, 6] },
    { name: 'one field ascending', sort: ['views'], filter: { views: { _nnull: true } }, ids: [3, 4, 2, 1, 5] },
    { name: 'one field descending', sort: ['-views'], filter: { views: { _nnull: true } }, ids: [5, 1, 2, 4, 3] },
    { name: 'a decimal', sort: ['-price'], filter: { price: { _nnull: true } }, ids: [5, 4, 1, 2] },
    {
      name: 'several fields in priority order',
      sort: ['published', '-views'],
      filter: { published: { _nnull: true } },
      ids: [4, 3, 5, 1, 2],
    },
    { name: 'a string then the key', sort: ['status', 'id'], filter: { status: { _nnull: true } }, ids: [4, 3, 1, 2, 5] },
    {
      name: 'a string descending then the key descending',
      sort: ['-status', '-id'],
      filter: { status: { _nnull: true } },
      ids: [5, 2, 1, 3, 4],
    },
    { name: 'a timestamp', sort: ['published_at'], filter: { published_at: { _nnull: true } }, ids: [4, 1, 2, 5] },
    { name: 'a date', sort: ['-born'], filter: { born: { _nnull: true } }, ids: [3, 2, 1], collection: 'authors' },
    { name: 'an m2o path', sort: ['author.email', 'id'], filter: { author: { _nnull: true } }, ids: [5, 1, 3, 2] },
    { name: 'an m2o path descending', sort: ['-author.email', 'id'], filter: { author: { _nnull: true } }, ids: [2, 1, 3, 5] },
    {
      name: 'two m2o levels',
      sort: ['-article.author.email', 'id'],
      filter: { article: { author: { _nnull: true } } },
      ids: [4, 1, 2, 3, 5, 6],
      collection: 'comments',
    },
    { name: 'year() descending', sort: ['-year(published_at)', 'id'], filter: { published_at: { _nnull: true } }, ids: [5, 1, 2, 4] },
    { name: 'count() descending', sort: ['-count(comments)', 'id'], ids: [1, 5, 2, 3, 4, 6] },
    { name: 'count() through an m2o', sort: ['-author.count(articles)', 'id'], filter: { author: { _nnull: true } }, ids: [1, 3, 2, 5] },
  ];
  it.each(cases)('sorts by $name', async ({ sort, filter, ids, collection }) => {
    expect(await sorted(sort, filter, collection)).toEqual(ids);
  });

  it('returns every row, in some order, for ? (random)', async () => {
    const ids = await sorted(['?']);
    expect([...ids].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('sorts by the collection sort_field when no sort is given', async () => {
    await fx.knex('service_collections').insert({ collection: 'comments', sort_field: 'score' });
    await fx.refreshSchema();
    try {
      expect(await sorted([], { id: { _in: [1, 2, 3, 5] } }, 'comments')).toEqual([2, 5, 3, 1]);
    } finally {
      await fx.knex('service_collections').where('collection', 'comments').delete();
      await fx.refreshSchema();
    }
  });

  const errors: { name: string; sort: string[]; error: string }[] = [
    {
      name: 'an unknown field',
      sort: ['nope'],
      error:
        'FORBIDDEN 403: You don\'t have permission to access field "nope" in collection "articles" or it does not exist. Queried in root.',
    },
    {
      name: 'an unknown related field',
      sort: ['author.nope'],
      error:
        'FORBIDDEN 403: You don\'t have permission to access field "nope" in collection "authors" or it does not exist. Queried in "author".',
    },
    { name: 'an o2m alias', sort: ['comments'], error: 'INVALID_QUERY 400: Invalid query. Can\'t sort by the alias field "comments".' },
    {
      name: 'an o2m path',
      sort: ['comments.score'],
      error: 'INVALID_QUERY 400: Invalid query. Can\'t sort by "comments.score": only many-to-one paths can be sorted on.',
    },
    { name: 'a bare minus', sort: ['-'], error: 'INVALID_QUERY 400: Invalid query. "sort" has an empty field.' },
    {
      name: 'an injection attempt',
      sort: ['id; drop table articles'],
      error:
        'FORBIDDEN 403: You don\'t have permission to access field "id; drop table articles" in collection "articles" or it does not exist. Queried in root.',
    },
  ];
  it.each(errors)('rejects $name', async ({ sort, error }) => {
    expect(await errorOf(sorted(sort))).toBe(error);
  });
});
