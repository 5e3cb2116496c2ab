import { describe, expect, it } from 'vitest';
import { captureAppError } from '../../../../tests/support/capture-error.js';
import type { Query } from '../query.types.js';
import { parseLimit, parseQuery } from './parse-query.js';

const limits = { limitDefault: 100, limitMax: null };
const parse = (raw: Record<string, unknown>) => parseQuery(raw, limits);

describe('parseQuery', () => {
  const cases: { name: string; raw: Record<string, unknown>; expected: Partial<Query> }[] = [
    { name: 'fields as CSV', raw: { fields: 'id, title,author.name' }, expected: { fields: ['id', 'title', 'author.name'] } },
    { name: 'fields as a bracket array', raw: { fields: ['id', 'title'] }, expected: { fields: ['id', 'title'] } },
    {
      name: 'fields as a bracket array of CSV strings',
      raw: { fields: ['id,title', 'slug'] },
      expected: { fields: ['id', 'title', 'slug'] },
    },
    { name: 'fields as a JSON string (read as field names, as Directus)', raw: { fields: '["id"]' }, expected: { fields: ['["id"]'] } },
    { name: 'empty fields entries are dropped', raw: { fields: 'id,,title,' }, expected: { fields: ['id', 'title'] } },
    { name: 'sort as CSV with descending and random', raw: { sort: '-views,title,?' }, expected: { sort: ['-views', 'title', '?'] } },
    { name: 'sort as a bracket array', raw: { sort: ['-views', 'id'] }, expected: { sort: ['-views', 'id'] } },
    { name: 'groupBy becomes group', raw: { groupBy: 'status,published' }, expected: { group: ['status', 'published'] } },
    { name: 'groupBy as a bracket array', raw: { groupBy: ['status'] }, expected: { group: ['status'] } },
    { name: 'filter in bracket form', raw: { filter: { status: { _eq: 'draft' } } }, expected: { filter: { status: { _eq: 'draft' } } } },
    { name: 'filter as a JSON string', raw: { filter: '{"views":{"_gt":10}}' }, expected: { filter: { views: { _gt: 10 } } } },
    { name: 'an empty filter string is no filter', raw: { filter: '' }, expected: { filter: {} } },
    { name: 'search is trimmed', raw: { search: '  hello ' }, expected: { search: 'hello' } },
    { name: 'meta as CSV', raw: { meta: 'total_count,filter_count' }, expected: { meta: ['total_count', 'filter_count'] } },
    { name: 'meta as a bracket array', raw: { meta: ['filter_count'] }, expected: { meta: ['filter_count'] } },
    { name: 'meta * is both', raw: { meta: '*' }, expected: { meta: ['total_count', 'filter_count'] } },
    { name: 'meta repeated keys are merged', raw: { meta: 'total_count,*' }, expected: { meta: ['total_count', 'filter_count'] } },
    {
      name: 'deep in bracket form with every key',
      raw: {
        deep: { comments: { _filter: { score: { _gt: '3' } }, _sort: '-score', _limit: '2', _offset: '1', _page: '2', _search: ' x ' } },
      },
      expected: { deep: { comments: { filter: { score: { _gt: '3' } }, sort: ['-score'], limit: 2, offset: 1, page: 2, search: 'x' } } },
    },
    {
      name: 'deep as a JSON string with a nested relation',
      raw: { deep: '{"comments":{"_limit":1,"article":{"_filter":{"id":{"_eq":1}}}}}' },
      expected: { deep: { comments: { limit: 1, deep: { article: { filter: { id: { _eq: 1 } } } } } } },
    },
    {
      name: 'deep _filter as a JSON string',
      raw: { deep: { comments: { _filter: '{"score":{"_gt":3}}' } } },
      expected: { deep: { comments: { filter: { score: { _gt: 3 } } } } },
    },
    { name: 'deep _limit -1', raw: { deep: { comments: { _limit: '-1' } } }, expected: { deep: { comments: { limit: -1 } } } },
    { name: 'alias in bracket form', raw: { alias: { who: 'author' } }, expected: { alias: { who: 'author' } } },
    { name: 'alias as a JSON string', raw: { alias: '{"y":"year(published_at)"}' }, expected: { alias: { y: 'year(published_at)' } } },
    {
      name: 'aggregate with CSV values',
      raw: { aggregate: { count: '*', sum: 'views,price' } },
      expected: { aggregate: { count: ['*'], sum: ['views', 'price'] } },
    },
    {
      name: 'aggregate as a JSON string',
      raw: { aggregate: '{"avg":["views"],"countDistinct":"status"}' },
      expected: { aggregate: { avg: ['views'], countDistinct: ['status'] } },
    },
    {
      name: 'every aggregate function',
      raw: {
        aggregate: {
          count: 'id',
          countDistinct: 'id',
          countAll: '*',
          sum: 'id',
          sumDistinct: 'id',
          avg: 'id',
          avgDistinct: 'id',
          min: 'id',
          max: 'id',
        },
      },
      expected: {
        aggregate: {
          count: ['id'],
          countDistinct: ['id'],
          countAll: ['*'],
          sum: ['id'],
          sumDistinct: ['id'],
          avg: ['id'],
          avgDistinct: ['id'],
          min: ['id'],
          max: ['id'],
        },
      },
    },
    { name: 'offset and page as number strings', raw: { offset: '20', page: '3' }, expected: { offset: 20, page: 3 } },
    { name: 'page 0 is accepted', raw: { page: '0' }, expected: { page: 0 } },
    { name: 'numbers are accepted as numbers', raw: { limit: 5, offset: 2 }, expected: { limit: 5, offset: 2 } },
    { name: 'unknown parameters are ignored', raw: { export: 'json', access_token: 'x', version: 'main' }, expected: {} },
  ];
  it.each(cases)('parses $name', ({ raw, expected }) => {
    expect(parse(raw)).toEqual({ limit: 100, ...expected });
  });

  const errors: { name: string; raw: Record<string, unknown>; reason: string }[] = [
    { name: 'fields as an object', raw: { fields: { a: 1 } }, reason: '"fields" must be a string or an array of strings' },
    { name: 'fields array with a non-string', raw: { fields: ['id', 1] }, reason: '"fields" must be a string or an array of strings' },
    { name: 'sort as an object', raw: { sort: { a: 'b' } }, reason: '"sort" must be a string or an array of strings' },
    { name: 'bad filter JSON', raw: { filter: '{"a":' }, reason: 'Invalid JSON for filter object' },
    { name: 'filter JSON that is an array', raw: { filter: '[1]' }, reason: '"filter" must be an object' },
    { name: 'filter as an array', raw: { filter: ['a'] }, reason: '"filter" must be an object' },
    { name: 'bad deep JSON', raw: { deep: '{' }, reason: 'Invalid JSON for deep object' },
    {
      name: 'deep with an unknown key',
      raw: { deep: { comments: { _fields: 'id' } } },
      reason: '"deep.comments" has an unknown key "_fields"',
    },
    { name: 'deep with a top-level underscore key', raw: { deep: { _limit: 1 } }, reason: '"deep" has an unknown key "_limit"' },
    {
      name: 'deep _limit below -1',
      raw: { deep: { comments: { _limit: '-2' } } },
      reason: '"deep.comments._limit" must be greater than or equal to -1',
    },
    { name: 'deep _limit not a number', raw: { deep: { comments: { _limit: 'ten' } } }, reason: '"deep.comments._limit" must be a number' },
    {
      name: 'deep _offset negative',
      raw: { deep: { comments: { _offset: '-1' } } },
      reason: '"deep.comments._offset" must be greater than or equal to 0',
    },
    { name: 'search as an array', raw: { search: ['a'] }, reason: '"search" must be a string' },
    {
      name: 'an unknown meta value',
      raw: { meta: 'total_count,everything' },
      reason: '"meta[1]" must be one of [total_count, filter_count]',
    },
    { name: 'alias with a dot in the key', raw: { alias: { 'a.b': 'title' } }, reason: '"alias" field can\'t contain a "."' },
    { name: 'alias with a dot in the value', raw: { alias: { who: 'author.name' } }, reason: '"alias" field can\'t contain a "."' },
    { name: 'alias with a non-string value', raw: { alias: { who: 1 } }, reason: '"alias" values must be strings' },
    {
      name: 'an unknown aggregate function',
      raw: { aggregate: { median: 'views' } },
      reason: '"aggregate" has an unknown function "median"',
    },
    { name: 'aggregate as a string that is not JSON', raw: { aggregate: 'count' }, reason: 'Invalid JSON for aggregate object' },
    { name: 'offset negative', raw: { offset: '-5' }, reason: '"offset" must be greater than or equal to 0' },
    { name: 'offset not a number', raw: { offset: 'x' }, reason: '"offset" must be a number' },
    { name: 'page negative', raw: { page: '-1' }, reason: '"page" must be greater than or equal to 0' },
    { name: 'page a fraction', raw: { page: '1.5' }, reason: '"page" must be a number' },
  ];
  it.each(errors)('rejects $name with 400 INVALID_QUERY', async ({ raw, reason }) => {
    const error = await captureAppError(() => parse(raw));
    expect(error).toMatchObject({ code: 'INVALID_QUERY', status: 400, extensions: { reason } });
    expect(error.message).toBe(`Invalid query. ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`);
  });
});

describe('parseLimit', () => {
  const cases: { name: string; value: unknown; max: number | null; expected: number | string }[] = [
    { name: 'the default when absent', value: undefined, max: null, expected: 100 },
    { name: 'min(default, max) when absent and a max is set', value: undefined, max: 50, expected: 50 },
    { name: 'the default when absent and the max is larger', value: undefined, max: 500, expected: 100 },
    { name: 'an explicit number string', value: '25', max: null, expected: 25 },
    { name: 'an explicit number', value: 25, max: null, expected: 25 },
    { name: 'zero', value: '0', max: null, expected: 0 },
    { name: '-1 (all rows) without a max', value: '-1', max: null, expected: -1 },
    { name: '-1 silently becomes the max', value: '-1', max: 500, expected: 500 },
    { name: 'a limit equal to the max', value: '500', max: 500, expected: 500 },
    { name: 'a limit above the max', value: '501', max: 500, expected: '"limit" must be less than or equal to 500' },
    { name: 'a limit below -1', value: '-2', max: null, expected: '"limit" must be greater than or equal to -1' },
    { name: 'a non-number', value: 'ten', max: null, expected: '"limit" must be a number' },
    { name: 'a fraction', value: '2.5', max: null, expected: '"limit" must be a number' },
    { name: 'an empty string', value: '', max: null, expected: '"limit" must be a number' },
    { name: 'an array', value: ['1', '2'], max: null, expected: '"limit" must be a number' },
    { name: 'an unsafe integer', value: '99999999999999999999', max: null, expected: '"limit" must be a safe integer' },
  ];
  it.each(cases)('gives $name', async ({ value, max, expected }) => {
    const options = { limitDefault: 100, limitMax: max };
    if (typeof expected === 'number') expect(parseLimit(value, options)).toBe(expected);
    else
      expect(await captureAppError(() => parseLimit(value, options))).toMatchObject({
        code: 'INVALID_QUERY',
        extensions: { reason: expected },
      });
  });

  it('applies QUERY_LIMIT_MAX through parseQuery too', async () => {
    expect(parseQuery({ limit: '-1' }, { limitDefault: 100, limitMax: 20 }).limit).toBe(20);
    expect(parseQuery({}, { limitDefault: 100, limitMax: 20 }).limit).toBe(20);
    expect(await captureAppError(() => parseQuery({ limit: '21' }, { limitDefault: 100, limitMax: 20 }))).toMatchObject({ status: 400 });
  });
});
