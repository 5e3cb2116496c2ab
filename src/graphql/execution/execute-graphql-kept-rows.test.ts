import {
  execute,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  parse,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { createCacheRegistry } from '../../kernel/caches/index.js';
import { keepResult } from '../../engine/query/execute/kept-results.js';
import { readCaches } from '../../engine/query/execute/read-caches.js';
import type { ReadPlan } from '../../engine/query/execute/read-plans.js';
import type { QueryResult } from '../../engine/query/query.types.js';
import type { GraphqlContext } from '../graphql.types.js';
import { executeGraphql } from './execute-graphql.js';
import { shapedRootField } from './shaped-root-field.js';

/** Rows kept as the engine keeps a result read twice at the same data token (decision 0033, 0172). */
function keptRows(data: Record<string, unknown>[]): unknown[] {
  const caches = readCaches(createCacheRegistry());
  const plan = { random: false } as ReadPlan;
  keepResult(caches, plan, 'read', 'token', { data: structuredClone(data) });
  const result: QueryResult = keepResult(caches, plan, 'read', 'token', { data });
  expect(Object.isFrozen(result.data)).toBe(true);
  return result.data;
}

const ROWS = () => [
  { id: 1, title: 'One', author: { name: 'Ada' }, tags: [{ name: 'a' }, { name: 'b' }] },
  { id: 2, title: null, author: null, tags: [] },
];

/**
 * A schema over `rows` (list root `articles`, a root `plain` over rows that are not kept); `title` is of a scalar
 * whose serialize counts its calls and writes the value through `write`.
 */
function testSchema(rows: { kept: unknown; plain: unknown }, counter: { serialized: number }, write = (value: string) => value) {
  const text = new GraphQLScalarType({
    name: 'Text',
    serialize: (value) => {
      counter.serialized++;
      return write(String(value));
    },
  });
  const tag = new GraphQLObjectType({ name: 'tags', fields: { name: { type: GraphQLString } } });
  const author = new GraphQLObjectType({ name: 'authors', fields: { name: { type: GraphQLString } } });
  const article = new GraphQLObjectType({
    name: 'articles',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLID) },
      title: { type: text },
      author: { type: author },
      tags: { type: new GraphQLList(tag) },
    },
  });
  const list = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(article)));
  const query = new GraphQLObjectType<unknown, GraphqlContext>({
    name: 'Query',
    fields: {
      // The rows stand for the read of any arguments here.
      articles: shapedRootField({ type: list, args: { limit: { type: GraphQLInt } }, resolve: async () => rows.kept }),
      plain: shapedRootField({ type: list, resolve: async () => rows.plain }),
    },
  });
  return new GraphQLSchema({ query });
}

/** graphql-js's answer as JSON, and ours as it would be sent (its text, or its data as JSON). */
async function both(schema: GraphQLSchema, source: string, variableValues?: Record<string, unknown>) {
  const document = parse(source);
  expect(validate(schema, document)).toEqual([]);
  const contextValue = {} as GraphqlContext;
  const expected = JSON.stringify(await execute({ schema, document, variableValues, contextValue }));
  const answer = await executeGraphql({ schema, document, variableValues, contextValue: { ...contextValue } });
  return { expected, actual: 'text' in answer ? answer.text : JSON.stringify(answer), text: 'text' in answer };
}

describe('executeGraphql over kept rows (decision 0178)', () => {
  it('answers the text graphql-js would, completing and writing it once', async () => {
    const counter = { serialized: 0 };
    const schema = testSchema({ kept: keptRows(ROWS()), plain: ROWS() }, counter);
    const source = '{ articles { id title author { name } tags { name } } }';
    const first = await both(schema, source);
    expect(first.text).toBe(true);
    expect(first.actual).toBe(first.expected);
    const afterFirst = counter.serialized;
    const again = await both(schema, source);
    expect(again.actual).toBe(first.expected);
    // Only graphql-js's reference answer serialized the title again (one title, the other row's is null).
    expect(counter.serialized - afterFirst).toBe(1);
  });

  it('keeps a text per selection: aliases, fragments, __typename, @skip and @include with their variables', async () => {
    const counter = { serialized: 0 };
    const schema = testSchema({ kept: keptRows(ROWS()), plain: ROWS() }, counter);
    const cases: [string, Record<string, unknown>?][] = [
      ['{ articles { id title } }'],
      ['{ articles { id t: title } }'],
      ['{ articles { title id } }'],
      ['{ articles { __typename id } }'],
      ['{ articles { ...F } } fragment F on articles { id author { name } }'],
      ['{ articles { ...F } } fragment F on articles { id author { n: name } }'],
      ['query ($skip: Boolean!) { articles { id title @skip(if: $skip) } }', { skip: true }],
      ['query ($skip: Boolean!) { articles { id title @skip(if: $skip) } }', { skip: false }],
      ['query ($with: Boolean!) { articles { id tags @include(if: $with) { name } } }', { with: true }],
      ['query ($with: Boolean!) { articles { id tags @include(if: $with) { name } } }', { with: false }],
    ];
    // Twice over: the second round is answered from the texts the first kept (up to the bound), each its own.
    for (let round = 0; round < 2; round++)
      for (const [source, variables] of cases) {
        const result = await both(schema, source, variables);
        expect(result.text).toBe(true);
        expect(result.actual, source).toBe(result.expected);
      }
  });

  it('shares one text between documents of the same shape, whatever their variables', async () => {
    const counter = { serialized: 0 };
    const schema = testSchema({ kept: keptRows(ROWS()), plain: ROWS() }, counter);
    const source = 'query ($n: Int, $yes: Boolean = true) { articles(limit: $n) { id ... on articles @include(if: $yes) { title } } }';
    const first = await both(schema, source, { n: 1 });
    const afterFirst = counter.serialized;
    for (const n of [2, 3, 4, 5, 6]) {
      const result = await both(schema, source, { n });
      expect(result.actual).toBe(first.expected);
    }
    const again = await both(schema, '{ articles { id title } }');
    expect(again.actual).toBe(first.expected);
    // Only graphql-js's reference answers serialized the title again, once each.
    expect(counter.serialized - afterFirst).toBe(6);
  });

  it('keeps a text per schema: the same rows and selection through another schema are completed by its types', async () => {
    const rows = { kept: keptRows(ROWS()), plain: ROWS() };
    const lower = testSchema(rows, { serialized: 0 });
    const upper = testSchema(rows, { serialized: 0 }, (value) => value.toUpperCase());
    const source = '{ articles { id title } }';
    for (let round = 0; round < 2; round++) {
      const a = await both(lower, source);
      const b = await both(upper, source);
      expect(a.actual).toBe(a.expected);
      expect(b.actual).toBe(b.expected);
      expect(b.actual).toContain('"ONE"');
    }
  });

  it('writes a kept root beside roots that are not kept, in the order asked', async () => {
    const schema = testSchema({ kept: keptRows(ROWS()), plain: ROWS() }, { serialized: 0 });
    for (const source of [
      '{ p: plain { id } a: articles { id title } b: articles { author { name } } }',
      '{ a: articles { id } p: plain { title } }',
    ]) {
      for (let round = 0; round < 2; round++) {
        const result = await both(schema, source);
        expect(result.text).toBe(true);
        expect(result.actual).toBe(result.expected);
      }
    }
    // No kept rows at all: the data, as before.
    const plainOnly = await both(schema, '{ plain { id } }');
    expect(plainOnly.text).toBe(false);
    expect(plainOnly.actual).toBe(plainOnly.expected);
  });

  it('hands kept rows that graphql-js answers with an error to it every time, keeping nothing', async () => {
    const schema = testSchema({ kept: keptRows([{ id: null, title: 'x' }]), plain: ROWS() }, { serialized: 0 });
    for (let round = 0; round < 2; round++) {
      const result = await both(schema, '{ articles { id title } }');
      expect(result.text).toBe(false);
      expect(result.actual).toBe(result.expected);
      expect(result.actual).toContain('"path":["articles",0,"id"]');
    }
  });
});
