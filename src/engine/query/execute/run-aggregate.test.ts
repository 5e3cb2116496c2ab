import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../../../tests/support/capture-error.js';
import { createEngineFixture, type EngineFixture } from '../../../../tests/support/engine-fixture.js';
import type { Query } from '../query.types.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

const aggregate = async (query: Query, collection = 'articles') => (await fx.read(collection, { limit: 100, ...query })).data;

describe('runAggregate', () => {
  const cases: { name: string; query: Query; expected: Record<string, unknown>[]; collection?: string }[] = [
    { name: 'count *', query: { aggregate: { count: ['*'] } }, expected: [{ count: 6 }] },
    { name: 'count of a field (non-null values)', query: { aggregate: { count: ['views'] } }, expected: [{ count: { views: 5 } }] },
    { name: 'countAll', query: { aggregate: { countAll: ['*'] } }, expected: [{ countAll: 6 }] },
    { name: 'countDistinct', query: { aggregate: { countDistinct: ['status'] } }, expected: [{ countDistinct: { status: 3 } }] },
    { name: 'sum', query: { aggregate: { sum: ['views'] } }, expected: [{ sum: { views: 1157 } }] },
    {
      name: 'sumDistinct',
      query: { aggregate: { sumDistinct: ['score'] } },
      collection: 'comments',
      expected: [{ sumDistinct: { score: 14 } }],
    },
    { name: 'avg', query: { aggregate: { avg: ['score'] } }, collection: 'comments', expected: [{ avg: { score: 3.8 } }] },
    {
      name: 'avgDistinct',
      query: { aggregate: { avgDistinct: ['score'] } },
      collection: 'comments',
      expected: [{ avgDistinct: { score: 3.5 } }],
    },
    {
      name: 'min and max',
      query: { aggregate: { min: ['views'], max: ['views'] } },
      expected: [{ min: { views: 0 }, max: { views: 1000 } }],
    },
    {
      name: 'min and max of timestamps keep their type',
      query: { aggregate: { min: ['published_at'], max: ['published_at'] } },
      expected: [{ min: { published_at: '2023-12-31T23:59:59.000Z' }, max: { published_at: '2025-01-10T00:00:00.000Z' } }],
    },
    { name: 'min of a date', query: { aggregate: { min: ['born'] } }, collection: 'authors', expected: [{ min: { born: '1815-12-10' } }] },
    {
      name: 'several fields of one function',
      query: { aggregate: { max: ['views', 'price'] } },
      expected: [{ max: { views: 1000, price: 100 } }],
    },
    {
      name: 'with a filter',
      query: { aggregate: { count: ['*'], sum: ['views'] }, filter: { published: { _eq: true } } },
      expected: [{ count: 3, sum: { views: 1150 } }],
    },
    { name: 'with search', query: { aggregate: { count: ['*'] }, search: 'hello' }, expected: [{ count: 2 }] },
    {
      name: 'of no rows',
      query: { aggregate: { count: ['*'], sum: ['views'], max: ['views'] }, filter: { id: { _lt: 0 } } },
      expected: [{ count: 0, sum: { views: null }, max: { views: null } }],
    },
    {
      name: 'grouped by a field',
      query: { aggregate: { count: ['*'] }, group: ['status'], filter: { status: { _nnull: true } }, sort: ['status'] },
      expected: [
        { status: 'archived', count: 1 },
        { status: 'draft', count: 1 },
        { status: 'published', count: 3 },
      ],
    },
    {
      name: 'grouped by two fields with a field aggregate',
      query: {
        aggregate: { sum: ['views'] },
        group: ['published', 'status'],
        filter: { status: { _nnull: true } },
        sort: ['published', 'status'],
      },
      expected: [
        { published: false, status: 'archived', sum: { views: 7 } },
        { published: false, status: 'draft', sum: { views: 0 } },
        { published: true, status: 'published', sum: { views: 1150 } },
      ],
    },
    {
      name: 'grouped by an m2o key',
      query: { aggregate: { count: ['*'] }, group: ['article'], sort: ['article'] },
      collection: 'comments',
      expected: [
        { article: 1, count: 3 },
        { article: 2, count: 1 },
        { article: 5, count: 2 },
      ],
    },
    {
      name: 'grouped by year() (as <field>_year)',
      query: {
        aggregate: { count: ['*'] },
        group: ['year(published_at)'],
        filter: { published_at: { _nnull: true } },
        sort: ['year(published_at)'],
      },
      expected: [
        { published_at_year: 2023, count: 1 },
        { published_at_year: 2024, count: 2 },
        { published_at_year: 2025, count: 1 },
      ],
    },
    {
      name: 'grouped with limit and offset',
      query: {
        aggregate: { count: ['*'] },
        group: ['status'],
        filter: { status: { _nnull: true } },
        sort: ['status'],
        limit: 1,
        offset: 1,
      },
      expected: [{ status: 'draft', count: 1 }],
    },
    {
      name: 'a plain aggregate whatever the sort (one row: the sort is not used)',
      query: { aggregate: { count: ['id'] }, sort: ['id'] },
      expected: [{ count: { id: 6 } }],
    },
    {
      name: 'grouped by a field function, sorted by it',
      query: {
        aggregate: { count: ['*'] },
        group: ['year(published_at)'],
        filter: { published_at: { _nnull: true } },
        sort: ['-year(published_at)'],
      },
      expected: [
        { published_at_year: 2025, count: 1 },
        { published_at_year: 2024, count: 2 },
        { published_at_year: 2023, count: 1 },
      ],
    },
    {
      name: 'groupBy alone',
      query: { group: ['published'], filter: { published: { _nnull: true } }, sort: ['-published'] },
      expected: [{ published: true }, { published: false }],
    },
  ];
  it.each(cases)('computes $name', async ({ query, expected, collection }) => {
    expect(await aggregate(query, collection)).toEqual(expected);
  });

  it('sums decimals', async () => {
    const [row] = await aggregate({ aggregate: { sum: ['price'], avg: ['price'] } });
    expect((row!.sum as { price: number }).price).toBeCloseTo(129.49, 6);
    expect((row!.avg as { price: number }).price).toBeCloseTo(32.3725, 6);
  });

  const errors: { name: string; query: Query; error: string; collection?: string }[] = [
    {
      name: 'an unknown field',
      query: { aggregate: { sum: ['nope'] } },
      error:
        'FORBIDDEN 403: You don\'t have permission to access field "nope" in collection "articles" or it does not exist. Queried in root.',
    },
    {
      name: 'an o2m alias field',
      query: { aggregate: { count: ['comments'] } },
      error:
        'FORBIDDEN 403: You don\'t have permission to access field "comments" in collection "articles" or it does not exist. Queried in root.',
    },
    {
      name: 'an unknown group field',
      query: { group: ['nope'] },
      error:
        'FORBIDDEN 403: You don\'t have permission to access field "nope" in collection "articles" or it does not exist. Queried in root.',
    },
    { name: '* for sum', query: { aggregate: { sum: ['*'] } }, error: 'INVALID_QUERY 400: Invalid query. "sum" needs a field, not "*".' },
    {
      name: 'sum of a string field',
      query: { aggregate: { sum: ['title'] } },
      error: 'INVALID_QUERY 400: Invalid query. "sum" only works on numeric fields, not on "title".',
    },
    {
      name: 'avg of a timestamp',
      query: { aggregate: { avg: ['published_at'] } },
      error: 'INVALID_QUERY 400: Invalid query. "avg" only works on numeric fields, not on "published_at".',
    },
    {
      name: 'max of a concealed field',
      query: { aggregate: { max: ['secret'] } },
      error:
        'FORBIDDEN 403: You don\'t have permission to access field "secret" in collection "authors" or it does not exist. Queried in root.',
    },
    {
      name: 'countDistinct of a concealed field (it compares values)',
      query: { aggregate: { countDistinct: ['secret'] } },
      error:
        'FORBIDDEN 403: You don\'t have permission to access field "secret" in collection "authors" or it does not exist. Queried in root.',
    },
    {
      name: 'a group by a concealed field',
      query: { group: ['secret'] },
      error:
        'FORBIDDEN 403: You don\'t have permission to access field "secret" in collection "authors" or it does not exist. Queried in root.',
    },
    {
      name: 'an unknown function (from a caller other than parseQuery)',
      query: { aggregate: { median: ['views'] } as Query['aggregate'] },
      error: 'INVALID_QUERY 400: Invalid query. "aggregate" has an unknown function "median".',
    },
    {
      name: 'groups sorted by a field they are not grouped by (no one value per group)',
      query: { aggregate: { count: ['*'] }, group: ['status'], sort: ['id'] },
      error: 'INVALID_QUERY 400: Invalid query. "sort" of grouped results can only use the "groupBy" fields, not "id".',
    },
    {
      name: 'max of a uuid (no order on PostgreSQL)',
      collection: 'authors',
      query: { aggregate: { max: ['uuid_ref'] } },
      error: 'INVALID_QUERY 400: Invalid query. "max" only works on fields with an order, not on "uuid_ref".',
    },
    {
      name: 'min of a boolean',
      query: { aggregate: { min: ['published'] } },
      error: 'INVALID_QUERY 400: Invalid query. "min" only works on fields with an order, not on "published".',
    },
    {
      name: 'countDistinct of JSON (no equality on PostgreSQL)',
      collection: 'authors',
      query: { aggregate: { countDistinct: ['meta'] } },
      error: 'INVALID_QUERY 400: Invalid query. "countDistinct" does not work on JSON fields such as "meta".',
    },
    {
      name: 'a group by JSON',
      collection: 'authors',
      query: { aggregate: { count: ['*'] }, group: ['meta'] },
      error: 'INVALID_QUERY 400: Invalid query. "groupBy" does not work on JSON fields such as "meta".',
    },
    {
      name: 'no field at all',
      query: { aggregate: {} },
      error: 'INVALID_QUERY 400: Invalid query. "aggregate" or "groupBy" needs at least one field.',
    },
  ];
  it.each(errors)('rejects $name', async ({ query, error, collection }) => {
    expect(await errorOf(aggregate(query, collection ?? (error.includes('"authors"') ? 'authors' : 'articles')))).toBe(error);
  });

  it('counts a concealed field without revealing it', async () => {
    expect(await aggregate({ aggregate: { count: ['secret'] } }, 'authors')).toEqual([{ count: { secret: 2 } }]);
  });
});
