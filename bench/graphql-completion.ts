/**
 * `node --import tsx bench/graphql-completion.ts js|ours|kept`: the CPU time of completing the relational bench's
 * GraphQL answer (1,000 articles with author and 10 tags each, about 37,000 fields) in process, without a server
 * or a database: graphql-js's `execute` (`js`) or `executeGraphql` (`ours`, decision 0058) on the same schema and
 * rows, or `executeGraphql` over the rows of a kept result (`kept`, decision 0178: answered with the text made at
 * the first run). Checks first that they answer the same JSON. 50 warm-up runs, then 200 measured, of the execution
 * alone and of the execution with the answer's JSON text (JSON.stringify of the data, as the route has it made).
 */
import {
  execute,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
} from 'graphql';
import { keepResult } from '../src/engine/query/execute/kept-results.js';
import { readCaches } from '../src/engine/query/execute/read-caches.js';
import type { ReadPlan } from '../src/engine/query/execute/read-plans.js';
import { executeGraphql } from '../src/graphql/execution/execute-graphql.js';
import { createCacheRegistry } from '../src/kernel/caches/index.js';
import { shapedRootField } from '../src/graphql/execution/shaped-root-field.js';
import type { GraphqlContext } from '../src/graphql/graphql.types.js';

const tags = new GraphQLObjectType({ name: 'tags', fields: { name: { type: GraphQLString } } });
const junction = new GraphQLObjectType({ name: 'articles_tags', fields: { tags_id: { type: tags } } });
const authors = new GraphQLObjectType({ name: 'authors', fields: { name: { type: GraphQLString } } });
const articles = new GraphQLObjectType({
  name: 'articles',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    title: { type: GraphQLString },
    status: { type: GraphQLString },
    views: { type: GraphQLInt },
    author: { type: authors },
    tags: { type: new GraphQLList(junction), args: { limit: { type: GraphQLInt } } },
  },
});
const mode = process.argv[2] === 'js' ? 'js' : process.argv[2] === 'kept' ? 'kept' : 'ours';
const makeRows = () =>
  Array.from({ length: 1000 }, (_, i) => ({
    id: i + 1,
    title: `Article ${i}`,
    status: 'published',
    views: i * 3,
    author: { name: `Author ${i % 100}` },
    tags: Array.from({ length: 10 }, (_, j) => ({ tags_id: { name: `tag ${(i + j) % 1000}` } })),
  }));
/** The rows, or the rows of a kept result (kept as the engine keeps a result read twice at the same data token). */
function rowsFor(kept: boolean): unknown {
  if (!kept) return makeRows();
  const caches = readCaches(createCacheRegistry());
  const plan = { random: false } as ReadPlan;
  keepResult(caches, plan, 'read', 'token', { data: makeRows() });
  return keepResult(caches, plan, 'read', 'token', { data: makeRows() }).data;
}
const rows = rowsFor(mode === 'kept');
const schema = new GraphQLSchema({
  query: new GraphQLObjectType<unknown, GraphqlContext>({
    name: 'Query',
    fields: {
      articles: shapedRootField({
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(articles))),
        args: { limit: { type: GraphQLInt } },
        resolve: async () => rows,
      }),
    },
  }),
});
const document = parse('{ articles(limit: 1000) { id title status views author { name } tags { tags_id { name } } } }');
const contextValue = {} as GraphqlContext;
const run = () => (mode === 'js' ? execute({ schema, document, contextValue }) : executeGraphql({ schema, document, contextValue }));
const answerText = async () => {
  const answer = await run();
  return 'text' in answer ? answer.text : JSON.stringify(answer);
};

if (JSON.stringify(await execute({ schema, document, contextValue })) !== (await answerText())) throw new Error('the two answers differ');
for (const [label, work] of [
  ['execution', run],
  ['execution and JSON text', answerText],
] as const) {
  for (let i = 0; i < 50; i++) await work();
  const runs = 200;
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await work();
  const used = process.cpuUsage(start);
  console.log(`${mode}: ${((used.user + used.system) / 1000 / runs).toFixed(2)} ms CPU per ${label}`);
}
