/**
 * `node --import tsx bench/graphql-completion.ts js|ours`: the CPU time of completing the relational bench's
 * GraphQL answer (1,000 articles with author and 10 tags each, about 37,000 fields) in process, without a server
 * or a database: graphql-js's `execute` (`js`) or `executeGraphql` (`ours`, decision 0058) on the same schema and
 * rows. Checks first that both answer the same JSON. 50 warm-up runs, then 200 measured.
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
import { executeGraphql } from '../src/graphql/execution/execute-graphql.js';
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
const rows = Array.from({ length: 1000 }, (_, i) => ({
  id: i + 1,
  title: `Article ${i}`,
  status: 'published',
  views: i * 3,
  author: { name: `Author ${i % 100}` },
  tags: Array.from({ length: 10 }, (_, j) => ({ tags_id: { name: `tag ${(i + j) % 1000}` } })),
}));
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
const mode = process.argv[2] === 'js' ? 'js' : 'ours';
const run = () => (mode === 'js' ? execute({ schema, document, contextValue }) : executeGraphql({ schema, document, contextValue }));

if (
  JSON.stringify(await execute({ schema, document, contextValue })) !==
  JSON.stringify(await executeGraphql({ schema, document, contextValue }))
)
  throw new Error('the two answers differ');
for (let i = 0; i < 50; i++) await run();
const runs = 200;
const start = process.cpuUsage();
for (let i = 0; i < runs; i++) await run();
const used = process.cpuUsage(start);
console.log(`${mode}: ${((used.user + used.system) / 1000 / runs).toFixed(2)} ms CPU per execution`);
