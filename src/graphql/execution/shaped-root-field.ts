import type { GraphQLFieldConfig, GraphQLFieldResolver } from 'graphql';
import type { GraphqlContext } from '../graphql.types.js';

type RootField = GraphQLFieldConfig<unknown, GraphqlContext, Record<string, unknown>>;

/** The `extensions` key that marks a root field whose resolver answers the whole selection (see executeGraphql). */
export const SHAPED_ROOT = 'stratumShapedRoot';

/**
 * Marks a root field whose resolver returns its selection already shaped (rows of one engine read, nested as
 * selected, nothing left for field resolvers below it), so executeGraphql may complete its value without
 * graphql-js's walk. When it hands the operation to graphql-js after all, the resolver's first result is
 * answered again (`GraphqlContext.resolvedRoots`): a resolver runs once per request whichever way it completes.
 */
export function shapedRootField(config: RootField): RootField {
  const resolve = config.resolve!;
  const wrapped: GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>> = (source, args, gctx, info) => {
    const earlier = gctx.resolvedRoots?.get(info.path.key as string);
    return earlier ? earlier() : resolve(source, args, gctx, info);
  };
  return { ...config, resolve: wrapped, extensions: { ...config.extensions, [SHAPED_ROOT]: true } };
}
