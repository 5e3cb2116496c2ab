import { GraphQLBoolean, GraphQLScalarType, type GraphQLFieldConfigMap } from 'graphql';
import { clearCaches } from '../../modules/utils/index.js';
import type { GraphqlContext, GraphqlDeps } from '../graphql.types.js';

/** Directus's `Void`: a mutation that answers nothing (always null). */
const VOID = new GraphQLScalarType({ name: 'Void', description: 'Represents NULL values', serialize: () => null, parseValue: () => null, parseLiteral: () => null });

/**
 * `utils_cache_clear(system: Boolean)`: `POST /utils/cache/clear[?system=true]` for GraphQL (administrators
 * only, FORBIDDEN otherwise): every instance drops its permission caches, with `system` its schema caches too.
 */
export function utilsMutationFields(deps: Pick<GraphqlDeps, 'cacheSync'>): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    utils_cache_clear: {
      type: VOID,
      args: { system: { type: GraphQLBoolean } },
      resolve: async (_s, args: { system?: boolean | null }, gctx) => {
        await clearCaches(deps.cacheSync, gctx.ctx.accountability, { system: args.system === true });
        return null;
      },
    },
  };
}
