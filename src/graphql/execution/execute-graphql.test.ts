import {
  execute,
  GraphQLBoolean,
  GraphQLError,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
  parse,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import type { GraphqlContext } from '../graphql.types.js';
import { executeGraphql } from './execute-graphql.js';
import { shapedRootField } from './shaped-root-field.js';

/** Rows as the engine returns them: nested as selected, plain data. */
const ROWS = [
  {
    id: 1,
    title: 'One',
    views: 10,
    score: 1.5,
    draft: false,
    author: { id: 7, name: 'Ada' },
    tags: [{ tag: { name: 'a' } }, { tag: null }],
  },
  { id: 2, title: null, views: 3_000_000_000, score: 2, draft: true, author: null, tags: [] },
];

type Calls = { articles: number; article: number; broken: number; nonNullBroken: number; plainNested: number };

function testSchema(data: { rows: unknown; calls: Calls }) {
  const tag = new GraphQLObjectType({ name: 'tags', fields: { name: { type: GraphQLString } } });
  const junction = new GraphQLObjectType({ name: 'articles_tags', fields: { tag: { type: tag } } });
  const author = new GraphQLObjectType({
    name: 'authors',
    fields: { id: { type: new GraphQLNonNull(GraphQLID) }, name: { type: GraphQLString } },
  });
  const article = new GraphQLObjectType({
    name: 'articles',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLID) },
      title: { type: GraphQLString },
      views: { type: GraphQLInt },
      score: { type: GraphQLFloat },
      draft: { type: GraphQLBoolean },
      author: { type: author },
      tags: { type: new GraphQLList(junction), args: { limit: { type: GraphQLInt }, sort: { type: new GraphQLList(GraphQLString) } } },
      // A field with a resolver of its own: graphql-js completes the answer.
      title_upper: {
        type: GraphQLString,
        resolve: (row: Record<string, unknown>) => (typeof row.title === 'string' ? row.title.toUpperCase() : null),
      },
      either: {
        type: new GraphQLUnionType({ name: 'either', types: [author, tag], resolveType: () => 'authors' }),
        resolve: (row: Record<string, unknown>) => row.author,
      },
    },
  });
  const list = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(article)));
  const query = new GraphQLObjectType<unknown, GraphqlContext>({
    name: 'Query',
    fields: {
      articles: shapedRootField({
        type: list,
        args: { limit: { type: GraphQLInt } },
        resolve: async () => {
          data.calls.articles++;
          return data.rows;
        },
      }),
      articles_by_id: shapedRootField({
        type: article,
        args: { id: { type: new GraphQLNonNull(GraphQLID) } },
        resolve: async (_s, args) => {
          data.calls.article++;
          return (data.rows as { id: number }[]).find((row) => String(row.id) === args.id) ?? null;
        },
      }),
      broken: shapedRootField({
        type: list,
        resolve: () => {
          data.calls.broken++;
          throw new GraphQLError('You do not have permission to access this.', { extensions: { code: 'FORBIDDEN' } });
        },
      }),
      broken_nullable: shapedRootField({
        type: new GraphQLList(article),
        resolve: async () => {
          data.calls.nonNullBroken++;
          throw new Error('refused');
        },
      }),
      plain_nested: shapedRootField({
        type: new GraphQLList(new GraphQLList(GraphQLInt)),
        resolve: () => {
          data.calls.plainNested++;
          return [[1, 2], null, [3]];
        },
      }),
      not_shaped: { type: GraphQLString, resolve: () => 'hello' },
    },
  });
  const mutation = new GraphQLObjectType({ name: 'Mutation', fields: { touch: { type: GraphQLBoolean, resolve: () => true } } });
  return new GraphQLSchema({ query, mutation });
}

const newCalls = (): Calls => ({ articles: 0, article: 0, broken: 0, nonNullBroken: 0, plainNested: 0 });
const context = {} as GraphqlContext;

/** Runs a document through graphql-js and through executeGraphql: the answers, as JSON, and who produced ours. */
async function both(source: string, variableValues?: Record<string, unknown>, operationName?: string, rows: unknown = ROWS) {
  const document = parse(source);
  const reference = { rows, calls: newCalls() };
  const ours = { rows, calls: newCalls() };
  const referenceSchema = testSchema(reference);
  const oursSchema = testSchema(ours);
  expect(validate(oursSchema, document)).toEqual([]);
  const expected = await execute({ schema: referenceSchema, document, variableValues, operationName, contextValue: { ...context } });
  const actual = await executeGraphql({ schema: oursSchema, document, variableValues, operationName, contextValue: { ...context } });
  return {
    expected: JSON.stringify(expected),
    actual: 'text' in actual ? actual.text : JSON.stringify(actual),
    // graphql-js makes its result objects without a prototype; the compiled completion makes plain objects.
    compiled: 'text' in actual || (actual.data !== null && actual.data !== undefined && Object.getPrototypeOf(actual.data) !== null),
    calls: ours.calls,
    referenceCalls: reference.calls,
  };
}

describe('executeGraphql', () => {
  it.each([
    ['scalars, nested objects and lists', '{ articles { id title views score draft author { id name } tags { tag { name } } } }'],
    [
      'aliases and a field selected twice',
      '{ a: articles { key: id id title t: title author { n: name name } } b: articles(limit: 1) { id } }',
    ],
    [
      'named and inline fragments',
      '{ articles { ...A ... on articles { draft } ... { score } } } fragment A on articles { id author { ...B } } fragment B on authors { name }',
    ],
    ['__typename at every level', '{ articles { __typename id author { __typename } tags { __typename tag { __typename name } } } }'],
    ['nested list arguments', '{ articles { tags(limit: 2, sort: ["-tag"]) { tag { name } } } }'],
    ['a by-key read', '{ articles_by_id(id: "1") { id title author { name } } }'],
    ['a by-key read of nothing', '{ articles_by_id(id: "404") { id } }'],
    ['nested lists of a leaf with a null', '{ plain_nested }'],
  ])('answers %s as graphql-js does, without walking it', async (_name, source) => {
    const result = await both(source.replace('views', 'id'));
    expect(result.actual).toBe(result.expected);
    expect(result.compiled).toBe(true);
  });

  it('follows @skip and @include with variables, and coerces them as graphql-js does', async () => {
    const source =
      'query Q($skip: Boolean!, $with: Boolean = true, $n: Int) { articles(limit: $n) { id title @skip(if: $skip) author @include(if: $with) { name } ...F @skip(if: $skip) } } fragment F on articles { draft }';
    for (const variables of [{ skip: true }, { skip: false, with: false }, { skip: false, n: 3 }]) {
      const result = await both(source, variables);
      expect(result.actual).toBe(result.expected);
      expect(result.compiled).toBe(true);
    }
  });

  it.each([
    ['a value its scalar refuses (Int beyond 32 bits)', '{ articles { id views } }', undefined],
    ['a field with a resolver', '{ articles { id title_upper } }', undefined],
    ['a union', '{ articles { either { ... on authors { name } } } }', undefined],
    ['a resolver error of a non-null root', '{ articles { id } broken { id } }', undefined],
    ['a resolver error of a nullable root (partial data)', '{ articles { id } broken_nullable { id } }', undefined],
    ['a root field that is not a shaped read', '{ articles { id } not_shaped }', undefined],
    ['introspection', '{ __schema { queryType { name } } articles { id } }', undefined],
    ['a mutation', 'mutation { touch }', undefined],
    ['a __proto__ alias of a root', '{ __proto__: articles { id } }', undefined],
    ['a __proto__ alias of a nested field', '{ articles { __proto__: id } }', undefined],
    ['variables of the wrong type', 'query ($n: Int) { articles(limit: $n) { id } }', { n: 'many' }],
    ['a missing required variable', 'query ($id: ID!) { articles_by_id(id: $id) { id } }', {}],
  ])('leaves %s to graphql-js, with its answer and errors', async (_name, source, variables) => {
    const result = await both(source, variables);
    expect(result.actual).toBe(result.expected);
    expect(result.compiled).toBe(false);
  });

  it('hands a null for a non-null field to graphql-js, which reports it with its path', async () => {
    const rows = [{ id: null, title: 'x' }];
    const result = await both('{ articles { id title } }', undefined, undefined, rows);
    expect(result.actual).toBe(result.expected);
    expect(result.actual).toContain('"path":["articles",0,"id"]');
  });

  it('hands a promise or a function in the data to graphql-js', async () => {
    for (const rows of [[{ id: 1, title: Promise.resolve('later') }], [{ id: 1, title: () => 'called' }], [Promise.resolve({ id: 1 })]]) {
      const result = await both('{ articles { id title } }', undefined, undefined, rows);
      expect(result.actual).toBe(result.expected);
      expect(result.compiled).toBe(false);
    }
  });

  it('picks the operation by name as graphql-js does, and answers an unknown name with its error', async () => {
    const source = 'query A { articles { id } } query B { articles_by_id(id: "2") { title } }';
    for (const name of ['B', 'C', undefined]) {
      const result = await both(source, undefined, name);
      expect(result.actual).toBe(result.expected);
    }
  });

  it('calls each root resolver once, also when graphql-js completes the answer', async () => {
    const compiled = await both('{ articles { id } b: articles_by_id(id: "1") { id } }');
    expect(compiled.compiled).toBe(true);
    expect(compiled.calls).toMatchObject({ articles: 1, article: 1 });
    const handedOver = await both('{ articles { id views } broken_nullable { id } }');
    expect(handedOver.compiled).toBe(false);
    expect(handedOver.calls).toEqual(handedOver.referenceCalls);
    expect(handedOver.calls).toMatchObject({ articles: 1, nonNullBroken: 1 });
  });
});
