import type { FastifyRequest } from 'fastify';
import type { Accountability } from '../kernel/context/accountability.js';
import { internalServerError } from '../kernel/errors/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking; set by the authenticate plugin in `onRequest` (null only before that, and on /server/ping). */
    accountability: Accountability | null;
  }
}

/** The accountability the authenticate plugin resolved for this request. Throws when it was never resolved. */
export function accountabilityOf(request: FastifyRequest): Accountability {
  const accountability = request.accountability;
  if (accountability === null || accountability === undefined) {
    throw internalServerError(new Error(`No accountability was resolved for ${request.method} ${requestPath(request)}`));
  }
  return accountability;
}

/** The path of the request URL, without the query string (Express's `req.path`). */
export function requestPath(request: FastifyRequest): string {
  const url = request.url;
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

/** The raw query object of the request (parsed with qs, not yet normalised). */
export function rawQueryOf(request: FastifyRequest): Record<string, unknown> {
  const query = request.query;
  return query !== null && typeof query === 'object' ? (query as Record<string, unknown>) : {};
}
