import type { Context } from '../engine/context.js';
import type { GraphqlDeps } from './graphql.types.js';
import type { printGraphqlSdl as PrintGraphqlSdl } from './print-graphql-sdl.js';
import type { GraphqlScope } from './schema/exposed-collections.js';
import type { SchemaCache } from './schema/schema-cache.js';

/**
 * `(ctx, scope) => SDL` over the schema cache the GraphQL routes use (`/server/specs/graphql[/system]`).
 * graphql-js is loaded on the first call, as for the GraphQL routes.
 */
export function createSdlPrinter(deps: GraphqlDeps, cache: SchemaCache): (ctx: Context, scope: GraphqlScope) => Promise<string> {
  let printer: Promise<typeof PrintGraphqlSdl> | null = null;
  return async (ctx, scope) => {
    printer ??= import('./print-graphql-sdl.js').then((module) => module.printGraphqlSdl);
    return (await printer)(deps, cache, ctx, scope);
  };
}
