import { GraphQLNonNull, GraphQLString, type GraphQLFieldConfigMap } from 'graphql';
import { getAccess } from '../../engine/permissions/get-access.js';
import { summarizeAccess } from '../../engine/permissions/summarize-access.js';
import { forbidden } from '../../kernel/errors/index.js';
import type { ItemsService } from '../../modules/items/index.js';
import type { GraphqlContext } from '../graphql.types.js';
import { GraphQLJSON } from '../schema/scalars.js';
import type { TypeRegistry } from '../schema/type-registry.js';
import { queryOf } from './selection-to-query.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;
const USERS = 'service_users';

/**
 * `server_ping`, `users_me` for callers who can read users (the caller's own record, as `GET /users/me`), and
 * `permissions_me` for callers who can read permissions.
 */
export function systemQueryFields(registry: TypeRegistry, items: ItemsService): Fields {
  const out: Fields = { server_ping: { type: GraphQLString, resolve: () => 'pong' } };
  const users = registry.exposed.has(USERS) ? registry.objectType(USERS) : null;
  if (users) {
    const primary = registry.overview(USERS).primary;
    out.users_me = {
      type: users,
      resolve: async (_s, _args, { ctx }, info) => {
        if (!ctx.accountability.user) throw forbidden();
        return items.readOne(ctx, USERS, ctx.accountability.user, queryOf(ctx, info, {}, primary));
      },
    };
  }
  // `permissions_me`: the caller's effective access as `GET /permissions/me`, only for callers who can read
  // permissions (directus-behaviour.md §6.6, last point); the public gets a FORBIDDEN error.
  if (registry.exposed.has('service_permissions')) {
    out.permissions_me = {
      type: GraphQLJSON,
      resolve: (_s, _args, { ctx }) => {
        if (!ctx.accountability.user && !ctx.accountability.role) throw forbidden();
        return summarizeAccess(ctx.permissions, ctx.schema);
      },
    };
  }
  return out;
}

/** `update_users_me(data)` for callers who may update users (as `PATCH /users/me`). */
export function systemMutationFields(registry: TypeRegistry, items: ItemsService): Fields {
  const users = registry.exposed.has(USERS) ? registry.objectType(USERS) : null;
  const input = registry.exposed.has(USERS) ? registry.inputType(USERS, 'update') : null;
  if (!users || !input || !getAccess(registry.permissions, USERS, 'update')) return {};
  const primary = registry.overview(USERS).primary;
  return {
    update_users_me: {
      type: users,
      args: { data: { type: new GraphQLNonNull(input) } },
      resolve: async (_s, args: Record<string, unknown>, { ctx }, info) => {
        if (!ctx.accountability.user) throw forbidden();
        const key = await items.updateOne(ctx, USERS, ctx.accountability.user, args.data);
        return items.readOne(ctx, USERS, key, queryOf(ctx, info, {}, primary));
      },
    },
  };
}
