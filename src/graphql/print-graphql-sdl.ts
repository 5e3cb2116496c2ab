import { printSchema } from 'graphql';
import type { Context } from '../engine/context.js';
import type { GraphqlDeps } from './graphql.types.js';
import { buildGraphqlSchema } from './schema/build-graphql-schema.js';
import type { GraphqlScope } from './schema/exposed-collections.js';
import type { SchemaCache } from './schema/schema-cache.js';

/**
 * The SDL of the GraphQL schema a caller has in one scope: the very schema `/graphql` or `/graphql/system`
 * serves them, taken from (or put into) the same cache, printed.
 */
export function printGraphqlSdl(deps: GraphqlDeps, cache: SchemaCache, ctx: Context, scope: GraphqlScope): string {
  const schema = cache.get(ctx.schema, ctx.permissions, scope, () => buildGraphqlSchema(deps, ctx.schema, ctx.permissions, scope));
  return printSchema(schema);
}
