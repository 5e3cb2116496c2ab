import type { FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { clientLimits, parseQuery } from '../../../engine/query/parse/parse-query.js';
import type { Query } from '../../../engine/query/query.types.js';

/** The Query of a request's query string, within the configured default and maximum `limit` (nested lists too). */
export function requestQuery(ctx: Context, request: FastifyRequest): Query {
  return parseQuery((request.query ?? {}) as Record<string, unknown>, clientLimits(ctx.config.query));
}

/**
 * The Query of an export (`?export=`): as requestQuery, but `limit` is not capped by QUERY_LIMIT_MAX (`-1` is
 * every row), since an export is read and sent in pages; nested lists keep their limits.
 */
export function exportQuery(ctx: Context, request: FastifyRequest): Query {
  return parseQuery((request.query ?? {}) as Record<string, unknown>, { ...clientLimits(ctx.config.query), allRows: true });
}
