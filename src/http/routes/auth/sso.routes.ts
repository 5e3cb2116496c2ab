import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthProviderConfig, Config } from '../../../config/index.js';
import type { Context } from '../../../engine/context.js';
import { invalidPayload, isAppError, routeNotFound } from '../../../kernel/errors/index.js';
import { sendTokens, setCookie } from './auth.routes.js';
import { type LoginMode, type SsoService, failureRedirect } from '../../../modules/auth/index.js';

export type SsoRouteDeps = {
  config: Config;
  sso: SsoService;
  contextFor: (request: FastifyRequest) => Promise<Context>;
};

const MODES: LoginMode[] = ['json', 'cookie', 'session'];

/**
 * Single sign-on over HTTP (mounted under /auth): `GET /auth` (Directus's listing), `GET /auth/oauth` (the
 * specification's list of keys), `GET /auth/login/:provider?redirect=&mode=` and its alias `GET /auth/oauth/:provider` (start),
 * `GET /auth/login/:provider/callback` (finish). The flow itself lives in create-sso-service.ts.
 */
export function createSsoRoutes(deps: SsoRouteDeps): FastifyPluginAsync {
  const { config, sso } = deps;

  const providerOf = (request: FastifyRequest): AuthProviderConfig => {
    const { provider } = request.params as { provider: string };
    const found = sso.find(provider);
    if (!found) throw routeNotFound(request.url.split('?')[0]!);
    return found;
  };

  const start = async (request: FastifyRequest, reply: FastifyReply) => {
    const provider = providerOf(request);
    const { redirect, mode, otp } = request.query as Record<string, unknown>;
    if (redirect !== undefined && typeof redirect !== 'string') throw invalidPayload('"redirect" must be a string');
    if (mode !== undefined && (typeof mode !== 'string' || !MODES.includes(mode as LoginMode)))
      throw invalidPayload('"mode" must be one of [json, cookie, session]');
    if (otp !== undefined && (typeof otp !== 'string' || otp.length > 64)) throw invalidPayload('"otp" must be a string');
    const ctx = await deps.contextFor(request);
    const { location, cookie } = await sso.start(ctx, provider, {
      redirect: redirect === undefined || redirect === '' ? null : redirect,
      mode: (mode as LoginMode | undefined) ?? null,
      otp: otp === undefined || otp === '' ? null : otp,
    });
    reply.setCookie(cookie.name, cookie.value, {
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
      secure: cookie.secure,
      maxAge: cookie.maxAge,
    });
    return reply.code(302).header('location', location).header('cache-control', 'no-store').send();
  };

  return async (app) => {
    app.get('/', async (request) => {
      const sessionOnly = isTruthyFlag((request.query as Record<string, unknown>).sessionOnly);
      const data = sso
        .providers()
        .filter((p) => !sessionOnly || p.mode === 'session')
        .map((p) => ({
          name: p.name,
          driver: p.driver,
          ...(p.label !== null ? { label: p.label } : {}),
          ...(p.icon !== null ? { icon: p.icon } : {}),
        }));
      return { data, disableDefault: config.auth.disableDefault };
    });

    app.get('/oauth', async () => ({ data: sso.providers().map((p) => p.name) }));

    app.get('/login/:provider', start);
    app.get('/oauth/:provider', start);

    app.get('/login/:provider/callback', async (request, reply) => {
      const provider = providerOf(request);
      const cookieName = sso.flowCookieName(provider);
      const cookies = request.cookies ?? {};
      // One try per flow: the cookie goes whatever happens next.
      reply.setCookie(cookieName, '', {
        httpOnly: true,
        path: '/',
        sameSite: 'lax',
        secure: provider.cookieSecure,
        maxAge: 0,
        expires: new Date(0),
      });
      reply.header('cache-control', 'no-store');
      const ctx = await deps.contextFor(request);
      const flow = await sso.openFlow(ctx, provider, cookies[cookieName]);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      if (flow.redirect === null) return sendTokens(reply, config, flow.mode, await sso.finish(ctx, provider, flow, query));
      try {
        const tokens = await sso.finish(ctx, provider, flow, query);
        setCookie(reply, config.auth.refreshCookie, tokens.refreshToken, config.auth.refreshTokenTtl);
        if (flow.mode === 'session') setCookie(reply, config.auth.sessionCookie, tokens.accessToken, config.auth.sessionCookieTtl);
        return await reply.code(302).header('location', flow.redirect).send();
      } catch (error) {
        const code = isAppError(error) ? error.code : 'UNKNOWN_EXCEPTION';
        if (!isAppError(error)) request.log.error({ err: error }, 'single sign-on callback failed');
        return reply.code(302).header('location', failureRedirect(flow.redirect, code)).send();
      }
    });
  };
}

/** `?sessionOnly`, `?sessionOnly=true` or `=1`: set; absent, `false` or `0`: not. */
function isTruthyFlag(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'string') return true;
  return value !== 'false' && value !== '0';
}
