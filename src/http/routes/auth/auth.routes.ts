import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config, CookieConfig } from '../../../config/index.js';
import type { Context } from '../../../engine/context.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import type { AuthService, LoginMode, TokenResult } from '../../../modules/auth/index.js';
import { objectBody } from './read-body.js';

export type AuthRouteDeps = {
  config: Config;
  auth: AuthService;
  contextFor: (request: FastifyRequest) => Promise<Context>;
};

const MODES: LoginMode[] = ['json', 'cookie', 'session'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `/auth/login`, `/auth/refresh`, `/auth/logout` in the json, cookie and session modes. */
export function createAuthRoutes(deps: AuthRouteDeps): FastifyPluginAsync {
  const { config, auth } = deps;
  return async (app) => {
    app.post('/login', async (request, reply) => {
      const body = objectBody(request.body);
      if (body.email === undefined) throw invalidPayload('"email" is required');
      if (typeof body.email !== 'string' || !EMAIL.test(body.email)) throw invalidPayload('"email" must be a valid email');
      if (body.password === undefined) throw invalidPayload('"password" is required');
      if (typeof body.password !== 'string') throw invalidPayload('"password" must be a string');
      if (body.otp !== undefined && typeof body.otp !== 'string') throw invalidPayload('"otp" must be a string');
      const mode = readMode(body.mode, 'json');
      const ctx = await deps.contextFor(request);
      const result = await auth.login(ctx, {
        email: body.email,
        password: body.password,
        mode,
        otp: typeof body.otp === 'string' ? body.otp : null,
      });
      return sendTokens(reply, config, mode, result);
    });

    app.post('/refresh', async (request, reply) => {
      const body = objectBody(request.body);
      const mode = readMode(body.mode, typeof body.refresh_token === 'string' ? 'json' : 'cookie');
      const token = tokenFrom(request, body, config);
      const ctx = await deps.contextFor(request);
      const result = await auth.refresh(ctx, { refreshToken: token, mode });
      return sendTokens(reply, config, mode, result);
    });

    app.post('/logout', async (request, reply) => {
      const body = objectBody(request.body);
      const token = tokenFrom(request, body, config);
      const ctx = await deps.contextFor(request);
      await auth.logout(ctx, token);
      clearCookie(reply, config.auth.refreshCookie);
      clearCookie(reply, config.auth.sessionCookie);
      return reply.code(204).send();
    });
  };
}

function readMode(value: unknown, fallback: LoginMode): LoginMode {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !MODES.includes(value as LoginMode))
    throw invalidPayload('"mode" must be one of [json, cookie, session]');
  return value as LoginMode;
}

function cookiesOf(request: FastifyRequest): Record<string, string | undefined> {
  return request.cookies ?? {};
}

function tokenFrom(request: FastifyRequest, body: Record<string, unknown>, config: Config): string {
  if (body.refresh_token !== undefined) {
    if (typeof body.refresh_token !== 'string' || body.refresh_token === '') throw invalidPayload('"refresh_token" must be a string');
    return body.refresh_token;
  }
  const cookie = cookiesOf(request)[config.auth.refreshCookie.name];
  if (cookie) return cookie;
  throw invalidPayload('The refresh token is required in either the payload or cookie');
}

function cookieOptions(cookie: CookieConfig, maxAgeMs: number) {
  return {
    httpOnly: true,
    path: '/',
    sameSite: cookie.sameSite,
    secure: cookie.secure,
    ...(cookie.domain ? { domain: cookie.domain } : {}),
    maxAge: Math.floor(maxAgeMs / 1000),
  } as const;
}

/** Sets an httpOnly auth cookie (refresh or session) with the configured attributes; also used by GraphQL. */
export function setCookie(reply: FastifyReply, cookie: CookieConfig, value: string, maxAgeMs: number) {
  reply.setCookie(cookie.name, value, cookieOptions(cookie, maxAgeMs));
}

/** Expires an auth cookie; also used by GraphQL. */
export function clearCookie(reply: FastifyReply, cookie: CookieConfig) {
  reply.setCookie(cookie.name, '', {
    ...cookieOptions(cookie, 0),
    expires: new Date(0),
  });
}

/** Answers tokens as POST /auth/login does in `mode` (body, refresh cookie, session cookie); also used by single sign-on. */
export function sendTokens(reply: FastifyReply, config: Config, mode: LoginMode, result: TokenResult) {
  if (mode === 'json')
    return reply.send({ data: { expires: result.expires, refresh_token: result.refreshToken, access_token: result.accessToken } });
  if (mode === 'cookie') {
    setCookie(reply, config.auth.refreshCookie, result.refreshToken, config.auth.refreshTokenTtl);
    return reply.send({ data: { expires: result.expires, access_token: result.accessToken } });
  }
  setCookie(reply, config.auth.refreshCookie, result.refreshToken, config.auth.refreshTokenTtl);
  setCookie(reply, config.auth.sessionCookie, result.accessToken, config.auth.sessionCookieTtl);
  return reply.send({ data: { expires: result.expires } });
}
