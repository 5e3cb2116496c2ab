import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../../../tests/support/capture-error.js';
import { createEngineFixture, idsOf, type EngineFixture } from '../../../../tests/support/engine-fixture.js';
import { createCompileEnv } from '../create-compile-env.js';
import type { Filter } from '../query.types.js';
import { compileFilter } from './compile-filter.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

const idsFor = async (filter: Filter, collection = 'articles', query: Parameters<EngineFixture['ctx']>[0] = {}) =>
  idsOf(await fx.read(collection, { fields: ['id'], filter, limit: -1 }, query));
const invalid = (reason: string) => `INVALID_QUERY 400: Invalid query. ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;

describe('compileFilter value validation', () => {
  const cases: { name: string; filter: Filter; reason: string }[] = [
    {
      name: 'an empty string in _eq',
      filter: { title: { _eq: '' } },
      reason: 'You can\'t filter for an empty string in "_eq". Use "_empty" or "_nempty" instead',
    },
    {
      name: 'an empty string in _neq',
      filter: { title: { _neq: '' } },
      reason: 'You can\'t filter for an empty string in "_neq". Use "_empty" or "_nempty" instead',
    },
    {
      name: 'an empty string in _contains',
      filter: { title: { _contains: '' } },
      reason: 'You can\'t filter for an empty string in "_contains". Use "_empty" or "_nempty" instead',
    },
    { name: 'a non-array _in', filter: { views: { _in: 5 } }, reason: '"_in" needs a non-empty array' },
    { name: 'an empty _in', filter: { views: { _in: [] } }, reason: '"_in" needs a non-empty array' },
    { name: 'an empty _nin', filter: { views: { _nin: [] } }, reason: '"_nin" needs a non-empty array' },
    { name: 'a _between with one value', filter: { views: { _between: [1] } }, reason: '"_between" needs exactly two values' },
    { name: 'a _between with three CSV values', filter: { views: { _between: '1,2,3' } }, reason: '"_between" needs exactly two values' },
    { name: 'a non-boolean _null', filter: { views: { _null: 'maybe' } }, reason: '"_null" needs a boolean value' },
    { name: 'a non-boolean _empty', filter: { title: { _empty: 1 } }, reason: '"_empty" needs a boolean value' },
    { name: 'an object in _eq', filter: { title: { _eq: { a: 1 } } }, reason: '"_eq" needs a single value' },
    { name: 'an array in _eq', filter: { views: { _eq: [1] } }, reason: '"_eq" needs a single value' },
    { name: 'null in _gt', filter: { views: { _gt: null } }, reason: '"_gt" needs a value' },
    { name: 'null in _contains', filter: { title: { _contains: null } }, reason: '"_contains" needs a value' },
    { name: 'text in an integer _eq', filter: { views: { _eq: 'abc' } }, reason: '"abc" is not a valid integer value for field "views"' },
    {
      name: 'a fraction in an integer _eq',
      filter: { views: { _eq: '1.5' } },
      reason: '"1.5" is not a valid integer value for field "views"',
    },
    {
      name: 'a boolean in an integer _eq',
      filter: { views: { _eq: true } },
      reason: '"true" is not a valid integer value for field "views"',
    },
    {
      name: 'an integer beyond 32 bits',
      filter: { views: { _gt: 99999999999 } },
      reason: '"99999999999" is not a valid integer value for field "views"',
    },
    {
      name: 'one bad value in an integer _in',
      filter: { views: { _in: ['1', 'x'] } },
      reason: '"x" is not a valid integer value for field "views"',
    },
    {
      name: 'text in a decimal _lt',
      filter: { price: { _lt: 'cheap' } },
      reason: '"cheap" is not a valid decimal value for field "price"',
    },
    { name: 'an infinite float', filter: { rating: { _gt: '1e400' } }, reason: '"1e400" is not a valid float value for field "rating"' },
    {
      name: 'an invalid boolean',
      filter: { published: { _eq: 'maybe' } },
      reason: '"maybe" is not a valid boolean value for field "published"',
    },
    {
      name: 'an invalid uuid',
      filter: { uuid_ref: { _eq: 'not-a-uuid' } },
      reason: '"not-a-uuid" is not a valid uuid value for field "uuid_ref"',
    },
    { name: 'an invalid uuid in _in', filter: { uuid_ref: { _in: 'a,b' } }, reason: '"a" is not a valid uuid value for field "uuid_ref"' },
    {
      name: 'an invalid timestamp',
      filter: { published_at: { _eq: 'yesterday' } },
      reason: '"yesterday" is not a valid timestamp value for field "published_at"',
    },
    {
      name: 'an impossible date',
      filter: { born: { _eq: '2024-02-30' } },
      reason: '"2024-02-30" is not a valid date value for field "born"',
    },
    {
      name: 'an impossible month',
      filter: { born: { _lt: '2024-13-01' } },
      reason: '"2024-13-01" is not a valid date value for field "born"',
    },
    {
      name: 'a filter value that is not an object of operators',
      filter: { title: 'Hello' },
      reason: 'The filter for "title" must be an object of operators',
    },
    { name: 'a filter that is not an object', filter: { _and: ['x'] }, reason: 'A filter must be an object' },
    { name: '_and that is not an array', filter: { _and: { title: { _null: true } } }, reason: '"_and" must be an array' },
    { name: 'an operator at the top level', filter: { _eq: 1 }, reason: '"_eq" can\'t be used at this level of a filter' },
  ];
  it.each(cases)('rejects $name', async ({ filter, reason }) => {
    const collection = Object.keys(filter).some((k) => ['born', 'rating', 'uuid_ref'].includes(k)) ? 'authors' : 'articles';
    expect(await errorOf(idsFor(filter, collection))).toBe(invalid(reason));
  });
});

describe('compileFilter coercion of query-string values', () => {
  const cases: { name: string; filter: Filter; ids: number[] }[] = [
    { name: '"null" in _eq is IS NULL', filter: { status: { _eq: 'null' } }, ids: [6] },
    { name: '"NULL" in _eq is IS NULL', filter: { status: { _eq: 'NULL' } }, ids: [6] },
    { name: '"null" in _neq is IS NOT NULL', filter: { status: { _neq: 'null' } }, ids: [1, 2, 3, 4, 5] },
    { name: '"true" in _null', filter: { views: { _null: 'true' } }, ids: [6] },
    { name: '"false" in _null', filter: { views: { _null: 'false' } }, ids: [1, 2, 3, 4, 5] },
    { name: '"true" in a boolean _eq', filter: { published: { _eq: 'true' } }, ids: [1, 2, 5] },
    { name: '"true" in a string _eq is the text true', filter: { status: { _eq: 'true' } }, ids: [] },
  ];
  it.each(cases)('treats $name', async ({ filter, ids }) => {
    expect(await idsFor(filter)).toEqual(ids);
  });
});

describe('compileFilter logic', () => {
  const cases: { name: string; filter: Filter; ids: number[] }[] = [
    { name: '_and', filter: { _and: [{ views: { _gte: 50 } }, { published: { _eq: true } }] }, ids: [1, 2, 5] },
    { name: '_or', filter: { _or: [{ views: { _lt: 10 } }, { status: { _eq: 'draft' } }] }, ids: [3, 4] },
    {
      name: '_or of _and',
      filter: { _or: [{ _and: [{ published: { _eq: true } }, { views: { _gt: 60 } }] }, { status: { _eq: 'archived' } }] },
      ids: [1, 4, 5],
    },
    {
      name: '_and of _or',
      filter: { _and: [{ _or: [{ id: { _eq: 1 } }, { id: { _eq: 2 } }] }, { _or: [{ id: { _eq: 2 } }, { id: { _eq: 3 } }] }] },
      ids: [2],
    },
    { name: 'sibling fields are ANDed', filter: { published: { _eq: true }, views: { _lt: 100 } }, ids: [2] },
    { name: 'sibling operators are ANDed', filter: { views: { _gt: 0, _lt: 100 } }, ids: [2, 4] },
    { name: 'an empty filter', filter: {}, ids: [1, 2, 3, 4, 5, 6] },
    { name: 'an empty _and (true)', filter: { _and: [] }, ids: [1, 2, 3, 4, 5, 6] },
    { name: 'an empty _or (false)', filter: { _or: [] }, ids: [] },
  ];
  it.each(cases)('evaluates $name', async ({ filter, ids }) => {
    expect(await idsFor(filter)).toEqual(ids);
  });
});

describe('compileFilter relations and functions', () => {
  const cases: { name: string; filter: Filter; ids: number[]; collection?: string }[] = [
    { name: 'm2o nested field', filter: { author: { name: { _eq: 'Ada Lovelace' } } }, ids: [1, 3] },
    { name: 'm2o nested unicode field', filter: { author: { name: { _starts_with: 'Émile' } } }, ids: [2] },
    { name: 'm2o key with an operator', filter: { author: { _eq: 1 } }, ids: [1, 3] },
    { name: 'm2o key _null', filter: { author: { _null: true } }, ids: [4, 6] },
    { name: 'm2o then o2m', filter: { author: { articles: { views: { _gte: 1000 } } } }, ids: [5] },
    { name: 'o2m implicit _some', filter: { comments: { score: { _gte: 5 } } }, ids: [1, 2] },
    { name: 'o2m _some', filter: { comments: { _some: { text: { _eq: 'meh' } } } }, ids: [1] },
    { name: 'o2m _some of anything', filter: { comments: { _some: {} } }, ids: [1, 2, 5] },
    { name: 'o2m _none', filter: { comments: { _none: { score: { _gte: 4 } } } }, ids: [3, 4, 5, 6] },
    { name: 'o2m _none of anything', filter: { comments: { _none: {} } }, ids: [3, 4, 6] },
    {
      name: 'o2m _some and _none together',
      filter: { comments: { _some: { score: { _gte: 5 } }, _none: { score: { _lt: 3 } } } },
      ids: [2],
    },
    { name: 'o2m from authors', filter: { articles: { status: { _eq: 'draft' } } }, ids: [1], collection: 'authors' },
    { name: 'o2m then m2o', filter: { comments: { article: { slug: { _eq: 'sale' } } } }, ids: [2] },
    {
      name: 'relational filters inside _or',
      filter: { _or: [{ author: { name: { _eq: 'Grace Hopper' } } }, { comments: { text: { _eq: 'Bargain' } } }] },
      ids: [2, 5],
    },
    { name: 'count(comments) _gte', filter: { 'count(comments)': { _gte: 2 } }, ids: [1, 5] },
    { name: 'count(comments) _eq 0', filter: { 'count(comments)': { _eq: 0 } }, ids: [3, 4, 6] },
    { name: 'count(articles) from authors', filter: { 'count(articles)': { _eq: 2 } }, ids: [1], collection: 'authors' },
    { name: 'year() _eq', filter: { 'year(published_at)': { _eq: 2024 } }, ids: [1, 2] },
    { name: 'year() _lt', filter: { 'year(published_at)': { _lt: '2024' } }, ids: [4] },
    { name: 'year() _in', filter: { 'year(published_at)': { _in: [2023, 2025] } }, ids: [4, 5] },
    { name: 'year() _null', filter: { 'year(published_at)': { _null: true } }, ids: [3, 6] },
    { name: 'month()', filter: { 'month(published_at)': { _gte: 3 } }, ids: [2, 4] },
    { name: 'week() (ISO week)', filter: { 'week(published_at)': { _eq: 52 } }, ids: [4] },
    { name: 'day()', filter: { 'day(published_at)': { _eq: 15 } }, ids: [2] },
    { name: 'weekday() (0 = Sunday)', filter: { 'weekday(published_at)': { _in: [0, 5] } }, ids: [2, 4, 5] },
    { name: 'hour()', filter: { 'hour(published_at)': { _eq: 23 } }, ids: [4] },
    { name: 'minute()', filter: { 'minute(published_at)': { _eq: 59 } }, ids: [4] },
    { name: 'second()', filter: { 'second(published_at)': { _eq: 59 } }, ids: [4] },
    { name: 'year() on a date field', filter: { 'year(born)': { _lt: 1900 } }, ids: [1, 2], collection: 'authors' },
    { name: 'year() through a relation', filter: { author: { 'year(born)': { _gt: 1900 } } }, ids: [5] },
  ];
  it.each(cases)('filters by $name', async ({ filter, ids, collection }) => {
    expect(await idsFor(filter, collection)).toEqual(ids);
  });

  const errors: { name: string; filter: Filter; reason: string }[] = [
    {
      name: 'an operator on an o2m field',
      filter: { comments: { _eq: 1 } },
      reason: '"_eq" can\'t be used on a one-to-many field; use "_some" or "_none"',
    },
    {
      name: 'operators mixed with nested fields on an m2o',
      filter: { author: { _nnull: true, name: { _eq: 'x' } } },
      reason: 'Operators and nested fields can\'t be mixed in the filter for "author"',
    },
    {
      name: 'a nested field under a plain field',
      filter: { title: { length: { _eq: 1 } } },
      reason: '"title" is not a relational field, "length" can\'t follow it',
    },
    {
      name: 'year() of a string field',
      filter: { 'year(title)': { _eq: 2024 } },
      reason: 'Function "year" only works on date and time fields, not on "title"',
    },
    {
      name: 'count() of a plain field',
      filter: { 'count(views)': { _eq: 1 } },
      reason: 'Function "count" only works on one-to-many fields, not on "views"',
    },
    { name: '_some that is not an object', filter: { comments: { _some: [1] } }, reason: '"_some" must be an object' },
  ];
  it.each(errors)('rejects $name', async ({ filter, reason }) => {
    expect(await errorOf(idsFor(filter))).toBe(invalid(reason));
  });

  it('rejects an unknown field and an unknown nested field with 403 FORBIDDEN', async () => {
    expect(await errorOf(idsFor({ nope: { _eq: 1 } }))).toBe(
      'FORBIDDEN 403: You don\'t have permission to access field "nope" in collection "articles" or it does not exist. Queried in root.',
    );
    expect(await errorOf(idsFor({ author: { nope: { _eq: 1 } } }))).toBe(
      'FORBIDDEN 403: You don\'t have permission to access field "nope" in collection "authors" or it does not exist. Queried in "author".',
    );
  });
});

describe('compileFilter depth limits', () => {
  const nest = (levels: number): Filter => {
    let filter: Filter = { id: { _gt: 0 } };
    for (let i = 0; i < levels; i++) filter = { _and: [filter] };
    return filter;
  };

  it('accepts nesting up to MAX_FILTER_DEPTH and rejects one level more', async () => {
    expect(await idsFor(nest(3), 'articles', { query: { maxFilterDepth: 3 } })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await errorOf(idsFor(nest(4), 'articles', { query: { maxFilterDepth: 3 } }))).toBe(
      invalid('Filter is nested deeper than 3 levels'),
    );
  });

  it('rejects a filter nested past the default MAX_FILTER_DEPTH', async () => {
    expect(await errorOf(idsFor(nest(fx.config.query.maxFilterDepth + 1)))).toMatch(/^INVALID_QUERY 400/);
  });

  it('accepts relational paths up to MAX_RELATIONAL_DEPTH and rejects deeper ones', async () => {
    const two: Filter = { author: { articles: { views: { _gte: 1000 } } } };
    const three: Filter = { author: { articles: { comments: { score: { _gt: 1 } } } } };
    expect(await idsFor(two, 'articles', { query: { maxRelationalDepth: 2 } })).toEqual([5]);
    expect(await errorOf(idsFor(three, 'articles', { query: { maxRelationalDepth: 2 } }))).toBe(invalid('Max relational depth exceeded'));
    expect(await idsFor(three, 'articles', { query: { maxRelationalDepth: 3 } })).toEqual([1, 2, 3, 5]);
  });
});

describe('compileFilter injection attempts', () => {
  const attack = "x'); drop table articles; --";
  const rowCount = async () => Number(((await fx.knex('articles').count({ n: '*' }).first()) as { n: number | string }).n);

  it('treats an attack string as data in every operator', async () => {
    for (const filter of [
      { title: { _eq: attack } },
      { title: { _contains: attack } },
      { title: { _in: [attack, 'y'] } },
      { title: { _nin: attack } },
      { author: { name: { _istarts_with: attack } } },
      { comments: { _none: { text: { _eq: attack } } } },
    ]) {
      await idsFor(filter);
    }
    expect(await idsFor({ title: { _eq: attack } })).toEqual([]);
    expect(await rowCount()).toBe(6);
  });

  it('rejects an attack string as a field name (403) and as an operator (400)', async () => {
    expect(await errorOf(idsFor({ [attack]: { _eq: 1 } }))).toMatch(
      /^FORBIDDEN 403: You don't have permission to access field "x'\); drop/,
    );
    expect(await errorOf(idsFor({ author: { [attack]: { _eq: 1 } } }))).toMatch(/^FORBIDDEN 403/);
    expect(await errorOf(idsFor({ [`year(${attack})`]: { _eq: 1 } }))).toMatch(/^FORBIDDEN 403/);
    expect(await errorOf(idsFor({ title: { [attack]: 1 } }))).toMatch(/^INVALID_QUERY 400/);
    expect(await rowCount()).toBe(6);
  });

  it('quotes alias keys as identifiers, whatever characters they hold', async () => {
    const key = 'we"ird`key\'s]; --';
    const { data } = await fx.read('articles', { fields: ['id', key], alias: { [key]: 'title' }, filter: { id: { _eq: 3 } } });
    expect(data).toEqual([{ id: 3, [key]: 'Draft ideas' }]);
    expect(await rowCount()).toBe(6);
  });

  it('keeps every value out of the SQL text (bindings only)', async () => {
    const env = createCompileEnv(await fx.ctx());
    const sql = compileFilter(
      env,
      { title: { _eq: attack }, views: { _in: [7, 50] }, author: { name: { _contains: 'zzz' } } },
      'articles',
      't',
    );
    expect(sql.sql).not.toContain('drop');
    expect(sql.sql).not.toContain('zzz');
    expect(sql.sql).not.toMatch(/\b(7|50)\b/);
    expect(sql.bindings).toEqual(expect.arrayContaining([attack, 7, 50, '%zzz%']));
  });
});
