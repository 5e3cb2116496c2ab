import { GraphQLBoolean, GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLFieldConfigMap } from 'graphql';
import { registrationOf } from '../../modules/users/index.js';
import type { GraphqlContext, GraphqlDeps } from '../graphql.types.js';

type Args = Record<string, unknown>;
const required = { type: new GraphQLNonNull(GraphQLString) };

/**
 * Directus's `users_invite`, `users_invite_accept`, `users_register` and `users_register_verify`: the REST services
 * (docs/authentication.md), answering `true`; errors are the REST errors on the field.
 */
export function usersInviteMutationFields(
  deps: Pick<GraphqlDeps, 'invites' | 'registration'>,
): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  const { invites, registration } = deps;
  return {
    users_invite: {
      type: GraphQLBoolean,
      args: {
        email: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))) },
        role: required,
        invite_url: { type: GraphQLString },
      },
      resolve: async (_s, args: Args, gctx) => {
        const emails = (Array.isArray(args.email) ? args.email : [args.email]).map(String);
        const inviteUrl = typeof args.invite_url === 'string' && args.invite_url !== '' ? args.invite_url : null;
        await invites.invite(gctx.ctx, { emails, role: String(args.role), inviteUrl });
        return true;
      },
    },
    users_invite_accept: {
      type: GraphQLBoolean,
      args: { token: required, password: required },
      resolve: async (_s, args: Args, gctx) => {
        await invites.accept(gctx.ctx, { token: String(args.token), password: String(args.password) });
        return true;
      },
    },
    users_register: {
      type: GraphQLBoolean,
      args: {
        email: required,
        password: required,
        verification_url: { type: GraphQLString },
        first_name: { type: GraphQLString },
        last_name: { type: GraphQLString },
      },
      resolve: async (_s, args: Args, gctx) => {
        await registration.register(gctx.ctx, registrationOf(args));
        return true;
      },
    },
    users_register_verify: {
      type: GraphQLBoolean,
      args: { token: required },
      resolve: async (_s, args: Args, gctx) => {
        await registration.verify(gctx.ctx, String(args.token));
        return true;
      },
    },
  };
}
