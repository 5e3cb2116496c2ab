import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import { forbidden, unsupportedMediaType } from '../../kernel/errors/index.js';
import { extractToken } from './authenticate.js';

export type CookieWriteGuardOptions = { config: Config };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The body types a cookie-carried write may have: neither can be sent by a cross-site form without a preflight but multipart, which the Origin check covers. */
const COOKIE_WRITE_MEDIA_TYPES = new Set(['application/json', 'multipart/form-data']);

/**
 * Cross-site request forgery guard for writes the browser authenticates by itself (decision 0044). A request
 * with a method other than GET/HEAD/OPTIONS whose credentials are the session cookie or the refresh cookie
 * (no `Authorization: Bearer`, no `?access_token=`):
 * - with a body type other than JSON or multipart is 415 UNSUPPORTED_MEDIA_TYPE (an HTML form posts urlencoded or
 *   text/plain without a preflight);
 * - with an `Origin` that is neither this server (its Host, or PUBLIC_URL) nor an origin CORS allows is 403
 *   FORBIDDEN; without an `Origin`, a `Sec-Fetch-Site` of `cross-site` or `same-site` is 403 too.
 * Clients without a browser's cookies (bearer and static tokens) are untouched. The checks read headers only.
 */
export const cookieWriteGuardPlugin = fp<CookieWriteGuardOptions>(
  async (server: FastifyInstance, options: CookieWriteGuardOptions) => {
    const { config } = options;
    const sessionName = config.auth.sessionCookie.name;
    const refreshName = config.auth.refreshCookie.name;
    const publicOrigin = originOf(config.server.publicUrl);
    const corsOrigins = config.cors.enabled ? config.cors.origin : false;
    const corsAllows = (origin: string) => corsOrigins === true || (Array.isArray(corsOrigins) && corsOrigins.includes(origin));

    server.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method) || request.headers.cookie === undefined) return done();
      const cookies = request.cookies ?? {};
      if (!cookies[sessionName] && !cookies[refreshName]) return done();
      let source: string | null = null;
      try {
        source = extractToken(request, sessionName)?.source ?? null;
      } catch (error) {
        return done(error as Error);
      }
      if (source === 'header' || source === 'query') return done();

      const origin = headerValue(request, 'origin');
      if (origin !== null) {
        if (!isOwnOrigin(origin, request, publicOrigin) && !corsAllows(origin)) {
          return done(forbidden(`A request from origin "${origin.slice(0, 200)}" can't write with this site's cookies`));
        }
      } else {
        const site = headerValue(request, 'sec-fetch-site');
        if (site === 'cross-site' || site === 'same-site')
          return done(forbidden("A cross-site request can't write with this site's cookies"));
      }

      const contentType = headerValue(request, 'content-type');
      if (contentType !== null) {
        const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
        if (!COOKIE_WRITE_MEDIA_TYPES.has(mediaType))
          return done(unsupportedMediaType(mediaType, 'Content-Type header of a write authenticated by cookie'));
      }
      done();
    });
  },
  { name: 'stratum-cookie-write-guard', fastify: '5.x', dependencies: ['@fastify/cookie'] },
);

/** Whether `origin` (an Origin header) is this server: the request's own host (Host, or X-Forwarded-Host with IP_TRUST_PROXY) or PUBLIC_URL's origin. */
function isOwnOrigin(origin: string, request: FastifyRequest, publicOrigin: string | null): boolean {
  if (publicOrigin !== null && origin.toLowerCase() === publicOrigin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = (request.host ?? '').toLowerCase();
  if (host === '') return false;
  if (url.host === host) return true;
  // Host may carry the scheme's default port, which an origin never shows.
  return url.port === '' && host === `${url.hostname}:${url.protocol === 'https:' ? '443' : '80'}`;
}

function originOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin.toLowerCase();
  } catch {
    return null;
  }
}

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return typeof value === 'string' && value !== '' ? value : null;
}
