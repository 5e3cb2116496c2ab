import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLScalarType,
  GraphQLString,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { invalidPayload } from '../../kernel/errors/index.js';
import { clearCaches, generateHash, randomString, revertRevision, sortItems, verifyHash } from '../../modules/utils/index.js';
import type { GraphqlContext, GraphqlDeps } from '../graphql.types.js';

/** Directus's `Void`: a mutation that answers nothing (always null). */
const VOID = new GraphQLScalarType({
  name: 'Void',
  description: 'Represents NULL values',
  serialize: () => null,
  parseValue: () => null,
  parseLiteral: () => null,
});

/**
 * Directus's `utils_*` mutations of the system endpoint, each calling the same function of modules/utils as
 * its REST route: `utils_random_string(length)`, `utils_hash_generate(string)`, `utils_hash_verify(string, hash)`,
 * `utils_sort(collection, item, to)` and `utils_revert(revision)` (true when done), and
 * `utils_cache_clear(system)` (administrators only, FORBIDDEN otherwise).
 */
export function utilsMutationFields(
  deps: Pick<GraphqlDeps, 'cacheSync' | 'items' | 'config'>,
): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    utils_random_string: {
      type: GraphQLString,
      args: { length: { type: GraphQLInt } },
      resolve: (_s, args: { length?: number | null }) => randomString(args.length ?? undefined, invalidPayload),
    },
    utils_hash_generate: {
      type: GraphQLString,
      args: { string: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: (_s, args: { string: string }) => generateHash(args, deps.config.auth.passwordHash),
    },
    utils_hash_verify: {
      type: GraphQLBoolean,
      args: { string: { type: new GraphQLNonNull(GraphQLString) }, hash: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: (_s, args: { string: string; hash: string }) => verifyHash(args),
    },
    utils_sort: {
      type: GraphQLBoolean,
      args: {
        collection: { type: new GraphQLNonNull(GraphQLString) },
        item: { type: new GraphQLNonNull(GraphQLID) },
        to: { type: new GraphQLNonNull(GraphQLID) },
      },
      resolve: async (_s, args: { collection: string; item: string; to: string }, gctx) => {
        await sortItems(gctx.ctx, deps.items, args.collection, { item: args.item, to: args.to });
        return true;
      },
    },
    utils_revert: {
      type: GraphQLBoolean,
      args: { revision: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: async (_s, args: { revision: string }, gctx) => {
        await revertRevision(gctx.ctx, deps.items, args.revision);
        return true;
      },
    },
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
