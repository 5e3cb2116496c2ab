import type { AuthProviderConfig, Config } from '../../../config/index.js';
import type { Context } from '../../../engine/context.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import type { Logger } from '../../../kernel/logger.js';
import type { ItemsService } from '../../items/index.js';
import type { AuthService, LoginMode, TokenResult } from '../create-auth-service.js';
import { FLOW_TTL_SECONDS, openFlow, sealFlow, type SsoFlow } from './flow-cookie.js';
import { assertLoginRedirect } from './login-redirect.js';
import { createProviderClient, loadOpenIdClient, type ProviderClient } from './provider-client.js';
import { resolveSsoUser } from './resolve-sso-user.js';

export type FlowCookie = { name: string; value: string; maxAge: number; secure: boolean };

export type SsoService = {
  /** The configured providers in AUTH_PROVIDERS order. */
  providers(): readonly AuthProviderConfig[];
  find(name: string): AuthProviderConfig | null;
  /** Name of the flow cookie of a provider (Directus: `<driver>.<name>`). */
  flowCookieName(provider: AuthProviderConfig): string;
  /**
   * Starts a sign-in: checks `redirect` (400 INVALID_PAYLOAD when not allowed) and `mode`, makes state, nonce and
   * a PKCE verifier, and returns the provider URL to send the browser to plus the sealed flow cookie to set.
   * Mode: as asked; else the provider's MODE with a redirect, `json` without. A redirect never carries tokens, so
   * `json` with a redirect is refused.
   */
  start(
    ctx: Context,
    provider: AuthProviderConfig,
    input: { redirect: string | null; mode: LoginMode | null; otp?: string | null },
  ): Promise<{ location: string; cookie: FlowCookie }>;
  /** Opens the flow cookie of a callback; missing, altered, expired or another provider's: 401 INVALID_CREDENTIALS. */
  openFlow(ctx: Context, provider: AuthProviderConfig, cookie: string | undefined): Promise<SsoFlow>;
  /**
   * Finishes a sign-in: redeems the code (state, PKCE, nonce and issuer checked by openid-client), finds or
   * registers the user and opens a session in `mode` (records the `login`).
   */
  finish(ctx: Context, provider: AuthProviderConfig, flow: SsoFlow, callbackQuery: string): Promise<TokenResult>;
};

/** `<PUBLIC_URL>/auth/login/<name>/callback`: the redirect URI registered at the provider. */
export function callbackUrlOf(publicUrl: string, provider: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/auth/login/${provider}/callback`;
}

export function createSsoService(deps: { config: Config; auth: AuthService; items: ItemsService; logger: Logger }): SsoService {
  const { config, auth, items, logger } = deps;
  const byName = new Map(config.auth.providers.map((p) => [p.name, p]));
  const clients = new Map<string, ProviderClient>();
  const log = (error: unknown, message: string) => logger.warn({ err: error }, message);
  const clientOf = (provider: AuthProviderConfig) => {
    let client = clients.get(provider.name);
    if (!client) {
      client = createProviderClient(provider, log);
      clients.set(provider.name, client);
    }
    return client;
  };

  return {
    providers: () => config.auth.providers,
    find: (name) => byName.get(name.toLowerCase()) ?? null,
    flowCookieName: (provider) => `${provider.driver}.${provider.name}`,

    async start(ctx, provider, { redirect, mode, otp }) {
      const target = redirect === null ? null : assertLoginRedirect(redirect, provider.redirectAllowList, config.server.publicUrl);
      if (target !== null && mode === 'json') throw invalidPayload('"mode" json can\'t be used with a redirect; use cookie or session');
      const oidc = await loadOpenIdClient();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const flow: SsoFlow = {
        provider: provider.name,
        state: oidc.randomState(),
        codeVerifier,
        nonce: provider.driver === 'openid' ? oidc.randomNonce() : null,
        redirect: target,
        mode: mode ?? (target === null ? 'json' : provider.mode),
        otp: otp ?? null,
      };
      const location = await clientOf(provider).authorizationUrl({
        callbackUrl: callbackUrlOf(config.server.publicUrl, provider.name),
        state: flow.state,
        codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        nonce: flow.nonce,
      });
      const value = await sealFlow(config.secret, flow, ctx.now());
      return {
        location: location.href,
        cookie: { name: `${provider.driver}.${provider.name}`, value, maxAge: FLOW_TTL_SECONDS, secure: provider.cookieSecure },
      };
    },

    openFlow: (ctx, provider, cookie) => openFlow(config.secret, provider.name, cookie, ctx.now()),

    async finish(ctx, provider, flow, callbackQuery) {
      // The URL the provider sent the browser to, rebuilt from PUBLIC_URL (never from the request's Host).
      const callbackUrl = new URL(callbackUrlOf(config.server.publicUrl, provider.name));
      callbackUrl.search = callbackQuery;
      const profile = await clientOf(provider).profile({
        callbackUrl,
        codeVerifier: flow.codeVerifier,
        state: flow.state,
        nonce: flow.nonce,
      });
      const userId = await resolveSsoUser(ctx, items, provider, profile);
      // A user with two-factor on gives the code at the start (`?otp=`), as with a password login.
      return auth.openSession(ctx, userId, flow.mode, { otp: flow.otp ?? null, provider: provider.name });
    },
  };
}
