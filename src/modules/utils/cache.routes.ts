import type { FastifyPluginAsync } from 'fastify';
import type { CacheSync } from '../../engine/cache-sync/create-cache-sync.js';
import { accountabilityOf } from '../../http/request-context.js';
import { clearCaches } from './clear-caches.js';

export type UtilsRoutesDeps = { cacheSync: Pick<CacheSync, 'clear'> };

/**
 * `POST /utils/cache/clear` (administrators only, 403 otherwise, as Directus): every instance drops its
 * permission caches on its next request; with `?system` (present and not `false`/`0`) its schema caches
 * (schema overview, snapshot, GraphQL schemas) too. Stratum keeps no cache of item data. 200, no body.
 */
export function createUtilsRoutes(deps: UtilsRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/cache/clear', async (request, reply) => {
      await clearCaches(deps.cacheSync, accountabilityOf(request), { system: systemRequested((request.query as Record<string, unknown>).system) });
      return reply.code(200).send();
    });
  };
}

/** `?system`, `?system=` and `?system=true` ask for the system caches; `?system=false` and `?system=0` do not. */
export function systemRequested(value: unknown): boolean {
  if (value === undefined) return false;
  const text = Array.isArray(value) ? String(value.at(-1) ?? '') : String(value);
  return !['false', '0'].includes(text.trim().toLowerCase());
}
