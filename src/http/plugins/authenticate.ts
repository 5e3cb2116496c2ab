import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import type { Accountability } from '../../kernel/context/accountability.js';
import { invalidPayload, invalidQuery, isAppError } from '../../kernel/errors/index.js';
import { rawQueryOf, requestPath } from '../request-context.js';

export type AuthenticateInput = { token: string | null; ip: string | null; userAgent: string | null; origin: string | null };

export type AuthenticateOptions = {
  config: Config;
  authenticate: (input: AuthenticateInput) => Promise<Accountability>;
  /** Paths answered without resolving an accountability (e.g. /server/ping). */
  skipPaths?: readonly string[];
  /** Further paths answered without an accountability (the admin app's static files). */
  skip?: (path: string) => boolean;
};

export type TokenSource = 'query' | 'header' | 'cookie';

/** Errors a stale or bad token raises; on the login/refresh/password paths they are ignored (docs/decisions). */
const TOKEN_ERRORS = new Set(['TOKEN_EXPIRED', 'INVALID_TOKEN', 'INVALID_CREDENTIALS']);

const MAX_USER_AGENT_LENGTH = 1024;

/**
 * Resolves every request's token to `request.accountability` in `onRequest`, through the injected `authenticate`.
 * Token sources (Directus): `?access_token`, `Authorization: Bearer`, then the session cookie. Query and header
 * together are 400 INVALID_PAYLOAD.
 */
export const authenticatePlugin = fp<AuthenticateOptions>(
  async (server: FastifyInstance, options: AuthenticateOptions) => {
    const { config, authenticate } = options;
    const skip = new Set(options.skipPaths ?? []);
    if (!server.hasRequestDecorator('accountability')) server.decorateRequest('accountability', null);

    server.addHook('onRequest', async (request, reply) => {
      const path = requestPath(request);
      if (skip.has(path) || options.skip?.(path)) return;
      const extracted = extractToken(request, config.auth.sessionCookie.name);
      const input: AuthenticateInput = {
        token: extracted?.token ?? null,
        ip: clientIp(request, config.server.ipCustomHeader),
        userAgent: userAgentOf(request),
        origin: headerValue(request, 'origin'),
      };
      try {
        request.accountability = await authenticate(input);
      } catch (error) {
        if (input.token !== null && isAppError(error) && TOKEN_ERRORS.has(error.code)) {
          if (ignoresStaleToken(path)) {
            request.accountability = await authenticate({ ...input, token: null });
            return;
          }
          if (extracted?.source === 'cookie' && error.code !== 'TOKEN_EXPIRED') clearSessionCookie(reply, config);
        }
        throw error;
      }
    });
  },
  { name: 'stratum-authenticate', fastify: '5.x', dependencies: ['@fastify/cookie'] },
);

/** `/auth/login` (and its provider sub-paths), the sign-in alias `/auth/oauth/<provider>`, `/auth/refresh`, `/shares/auth`, `/auth/password/*`. */
export function ignoresStaleToken(path: string): boolean {
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return (
    p === '/auth/login' ||
    p.startsWith('/auth/login/') ||
    p.startsWith('/auth/oauth/') ||
    p === '/auth/refresh' ||
    p === '/shares/auth' ||
    p.startsWith('/auth/password/')
  );
}

/** Reads the token and where it came from; throws 400 when both the query and the header carry one. */
export function extractToken(request: FastifyRequest, cookieName: string): { token: string; source: TokenSource } | null {
  const queryValue = rawQueryOf(request)['access_token'];
  let queryToken: string | null = null;
  if (typeof queryValue === 'string') {
    queryToken = queryValue === '' ? null : queryValue;
  } else if (queryValue !== undefined) {
    throw invalidQuery('"access_token" must be a string');
  }

  let headerToken: string | null = null;
  const authorization = headerValue(request, 'authorization');
  if (authorization !== null) {
    const parts = authorization.split(' ');
    if (parts.length === 2 && parts[0]?.toLowerCase() === 'bearer' && parts[1] !== '') headerToken = parts[1] ?? null;
  }

  if (queryToken !== null && headerToken !== null) {
    throw invalidPayload('The request uses more than one method for including an access token');
  }
  if (queryToken !== null) return { token: queryToken, source: 'query' };
  if (headerToken !== null) return { token: headerToken, source: 'header' };
  const cookie = request.cookies?.[cookieName];
  if (typeof cookie === 'string' && cookie !== '') return { token: cookie, source: 'cookie' };
  return null;
}

/** The client address: IP_CUSTOM_HEADER when set, else Fastify's `request.ip` (which honours IP_TRUST_PROXY). */
export function clientIp(request: FastifyRequest, customHeader: string | null): string | null {
  let ip: string | null = null;
  if (customHeader !== null) ip = headerValue(request, customHeader.toLowerCase());
  if (ip === null) ip = request.ip ?? null;
  if (ip === null || ip === '') return null;
  return ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
}

function userAgentOf(request: FastifyRequest): string | null {
  const value = headerValue(request, 'user-agent');
  return value === null ? null : value.slice(0, MAX_USER_AGENT_LENGTH);
}

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return typeof value === 'string' && value !== '' ? value : null;
}

function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const cookie = config.auth.sessionCookie;
  reply.clearCookie(cookie.name, {
    path: '/',
    httpOnly: true,
    secure: cookie.secure,
    sameSite: cookie.sameSite,
    ...(cookie.domain !== null ? { domain: cookie.domain } : {}),
  });
}
