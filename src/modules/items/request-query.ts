import type { FastifyRequest } from 'fastify';
import type { Context } from '../../engine/context.js';
import { parseQuery } from '../../engine/query/parse/parse-query.js';
import type { Query } from '../../engine/query/query.types.js';

/** The Query of a request's query string, within the configured default and maximum `limit`. */
export function requestQuery(ctx: Context, request: FastifyRequest): Query {
  return parseQuery((request.query ?? {}) as Record<string, unknown>, { limitDefault: ctx.config.query.limitDefault, limitMax: ctx.config.query.limitMax });
}
