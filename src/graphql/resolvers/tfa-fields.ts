import { GraphQLBoolean, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfigMap } from 'graphql';
import { invalidCredentials } from '../../kernel/errors/index.js';
import type { GraphqlContext, GraphqlDeps } from '../graphql.types.js';

const TFA_GENERATE = new GraphQLObjectType({
  name: 'users_me_tfa_generate_data',
  fields: { secret: { type: GraphQLString }, otpauth_url: { type: GraphQLString } },
});

type Args = Record<string, unknown>;

/** The caller's context; without a user it is INVALID_CREDENTIALS (as REST). */
function userCtx(gctx: GraphqlContext) {
  if (!gctx.ctx.accountability.user) throw invalidCredentials();
  return gctx.ctx;
}

/**
 * `users_me_tfa_generate(password)`, `users_me_tfa_enable(otp, secret)`, `users_me_tfa_disable(otp)` (Directus's
 * names and types), plus `users_me_tfa_recovery_codes(otp)` and `users_tfa_reset(id)`: the REST service. Enable
 * returns `true` as in Directus, so the recovery codes it makes are not shown; GraphQL clients get theirs from
 * `users_me_tfa_recovery_codes` (see docs/authentication.md).
 */
export function tfaMutationFields(deps: Pick<GraphqlDeps, 'tfa'>): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  const { tfa } = deps;
  return {
    users_me_tfa_generate: {
      type: TFA_GENERATE,
      args: { password: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: (_s, args: Args, gctx) => tfa.generate(userCtx(gctx), { password: String(args.password) }),
    },
    users_me_tfa_enable: {
      type: GraphQLBoolean,
      args: { otp: { type: new GraphQLNonNull(GraphQLString) }, secret: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: async (_s, args: Args, gctx) => {
        await tfa.enable(userCtx(gctx), { secret: String(args.secret), otp: String(args.otp) });
        return true;
      },
    },
    users_me_tfa_disable: {
      type: GraphQLBoolean,
      args: { otp: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: async (_s, args: Args, gctx) => {
        await tfa.disable(userCtx(gctx), { otp: String(args.otp) });
        return true;
      },
    },
    users_me_tfa_recovery_codes: {
      type: new GraphQLList(new GraphQLNonNull(GraphQLString)),
      args: { otp: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: async (_s, args: Args, gctx) => (await tfa.regenerateRecoveryCodes(userCtx(gctx), { otp: String(args.otp) })).recoveryCodes,
    },
    users_tfa_reset: {
      type: GraphQLBoolean,
      args: { id: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: async (_s, args: Args, gctx) => {
        await tfa.reset(gctx.ctx, String(args.id));
        return true;
      },
    },
  };
}
