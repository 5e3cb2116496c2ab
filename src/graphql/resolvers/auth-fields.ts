import { GraphQLBoolean, GraphQLEnumType, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfigMap } from 'graphql';
import { invalidPayload } from '../../kernel/errors/index.js';
import { clearAuthCookie, setAuthCookie } from '../../http/routes/index.js';
import type { LoginMode, TokenResult } from '../../modules/auth/index.js';
import type { GraphqlContext, GraphqlDeps } from '../graphql.types.js';
import { GraphQLBigInt } from '../schema/scalars.js';

const AUTH_MODE = new GraphQLEnumType({ name: 'auth_mode', values: { json: {}, cookie: {}, session: {} } });

const AUTH_TOKENS = new GraphQLObjectType({
  name: 'auth_tokens',
  fields: {
    access_token: { type: GraphQLString },
    expires: { type: GraphQLBigInt },
    refresh_token: { type: GraphQLString },
  },
});

type Args = Record<string, unknown>;

/**
 * `auth_login`, `auth_refresh`, `auth_logout`, `auth_password_request`, `auth_password_reset`: the REST semantics (same service, same cookies), except that the
 * mode defaults to `json` for all three (Directus). Fields a mode does not deliver in the body are null.
 */
export function authMutationFields(
  deps: Pick<GraphqlDeps, 'auth' | 'passwords' | 'config'>,
): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  const { auth, passwords, config } = deps;

  const deliver = (gctx: GraphqlContext, mode: LoginMode, result: TokenResult) => {
    if (mode !== 'json') setAuthCookie(gctx.reply, config.auth.refreshCookie, result.refreshToken, config.auth.refreshTokenTtl);
    if (mode === 'session') setAuthCookie(gctx.reply, config.auth.sessionCookie, result.accessToken, config.auth.sessionCookieTtl);
    return {
      access_token: mode === 'session' ? null : result.accessToken,
      expires: result.expires,
      refresh_token: mode === 'json' ? result.refreshToken : null,
    };
  };

  /** The refresh token from the arguments, else from the refresh cookie (as REST). */
  const refreshTokenOf = (gctx: GraphqlContext, args: Args): string => {
    if (typeof args.refresh_token === 'string') {
      if (args.refresh_token === '') throw invalidPayload('"refresh_token" must be a string');
      return args.refresh_token;
    }
    const cookies = gctx.request.cookies ?? {};
    const cookie = cookies[config.auth.refreshCookie.name];
    if (cookie) return cookie;
    throw invalidPayload('The refresh token is required in either the payload or cookie');
  };

  const modeOf = (args: Args): LoginMode => (typeof args.mode === 'string' ? (args.mode as LoginMode) : 'json');

  return {
    auth_login: {
      type: AUTH_TOKENS,
      args: {
        email: { type: new GraphQLNonNull(GraphQLString) },
        password: { type: new GraphQLNonNull(GraphQLString) },
        mode: { type: AUTH_MODE },
        otp: { type: GraphQLString },
      },
      resolve: async (_s, args: Args, gctx) => {
        const mode = modeOf(args);
        const otp = typeof args.otp === 'string' ? args.otp : null;
        const result = await auth.login(gctx.ctx, { email: String(args.email), password: String(args.password), mode, otp });
        return deliver(gctx, mode, result);
      },
    },
    auth_refresh: {
      type: AUTH_TOKENS,
      args: { refresh_token: { type: GraphQLString }, mode: { type: AUTH_MODE } },
      resolve: async (_s, args: Args, gctx) => {
        const mode = modeOf(args);
        const result = await auth.refresh(gctx.ctx, { refreshToken: refreshTokenOf(gctx, args), mode });
        return deliver(gctx, mode, result);
      },
    },
    auth_logout: {
      type: GraphQLBoolean,
      args: { refresh_token: { type: GraphQLString }, mode: { type: AUTH_MODE } },
      resolve: async (_s, args: Args, gctx) => {
        await auth.logout(gctx.ctx, refreshTokenOf(gctx, args));
        clearAuthCookie(gctx.reply, config.auth.refreshCookie);
        clearAuthCookie(gctx.reply, config.auth.sessionCookie);
        return true;
      },
    },
    // The REST password service: `true` for known and unknown addresses alike; only a bad payload (e.g. a
    // refused reset_url) or the throttle surfaces as an error.
    auth_password_request: {
      type: GraphQLBoolean,
      args: { email: { type: new GraphQLNonNull(GraphQLString) }, reset_url: { type: GraphQLString } },
      resolve: async (_s, args: Args, gctx) => {
        await passwords.requestReset(gctx.ctx, {
          email: String(args.email),
          resetUrl: typeof args.reset_url === 'string' ? args.reset_url : null,
        });
        return true;
      },
    },
    auth_password_reset: {
      type: GraphQLBoolean,
      args: { token: { type: new GraphQLNonNull(GraphQLString) }, password: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: async (_s, args: Args, gctx) => {
        await passwords.resetPassword(gctx.ctx, { token: String(args.token), password: String(args.password) });
        return true;
      },
    },
  };
}
