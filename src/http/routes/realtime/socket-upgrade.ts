import type { FastifyRequest } from 'fastify';
import type { Config, WebsocketEndpointConfig } from '../../../config/index.js';
import { forbidden, invalidCredentials, serviceUnavailable } from '../../../kernel/errors/index.js';
import { clientIp, extractToken } from '../../plugins/authenticate.js';
import { accountabilityOf } from '../../request-context.js';

/**
 * The check of an upgrade to a realtime endpoint (its preValidation, after the usual hooks authenticated it): the
 * endpoint's connection limit (503), and in `strict` mode a user (401) whose session cookie comes from this site (403).
 */
export function upgradeCheck(config: Config, endpoint: WebsocketEndpointConfig, open: () => number) {
  return async (request: FastifyRequest) => {
    if (endpoint.connLimit !== null && open() >= endpoint.connLimit) throw serviceUnavailable('realtime', 'Too many realtime connections');
    if (endpoint.auth !== 'strict') return;
    if (accountabilityOf(request).user === null) throw invalidCredentials();
    const extracted = extractToken(request, config.auth.sessionCookie.name);
    // A browser sends the session cookie with any site's upgrade: only this site's pages (or non-browsers) use it.
    if (extracted?.source === 'cookie' && !sameSiteOrigin(request, config)) throw forbidden();
  };
}

/** Where a socket comes from (its address, user agent, Origin), as its Accountability records it. */
export function socketOrigin(request: FastifyRequest, config: Config) {
  return {
    ip: clientIp(request, config.server.ipCustomHeader),
    userAgent: request.headers['user-agent']?.slice(0, 1024) ?? null,
    origin: typeof request.headers.origin === 'string' ? request.headers.origin : null,
  };
}

/**
 * Who a socket starts as: in `strict` mode the upgrade's user. In `handshake` and `public` mode a socket opened
 * with this site's session cookie starts as its user, as Directus does (a page of the admin app has no token it
 * could send in `auth`: the cookie is httpOnly); any other token at the upgrade, or another site's cookie, is not
 * used there (null: the handshake or the public role).
 */
export function upgradeStart(
  request: FastifyRequest,
  config: Config,
  endpoint: WebsocketEndpointConfig,
  options: { cookie?: boolean } = {},
) {
  const extracted = extractToken(request, config.auth.sessionCookie.name);
  if (endpoint.auth === 'strict') return { token: extracted?.token ?? null, accountability: accountabilityOf(request) };
  const accountability = accountabilityOf(request);
  if (options.cookie && extracted?.source === 'cookie' && accountability.user !== null && sameSiteOrigin(request, config))
    return { token: extracted.token, accountability };
  return null;
}

/** Whether the upgrade comes from a page of this site (Origin's host is the Host) or one CORS_ORIGIN allows; no Origin: not a browser. */
function sameSiteOrigin(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    if (new URL(origin).host === request.headers.host) return true;
  } catch {
    return false;
  }
  const allowed = config.cors.enabled ? config.cors.origin : false;
  return Array.isArray(allowed) && allowed.includes(origin);
}
