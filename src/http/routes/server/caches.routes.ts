import type { FastifyPluginAsync } from 'fastify';
import type { CacheRegistry } from '../../../kernel/caches/index.js';
import { listCaches } from '../../../modules/server/index.js';
import { accountabilityOf } from '../../request-context.js';
import { sendResult } from '../../respond.js';

export type CachesRoutesDeps = { caches: Pick<CacheRegistry, 'list'> };

/**
 * `GET /server/caches` (administrators only, 403 otherwise): `{ data: [{ name, size, max, ttl, invalidatedBy,
 * hits, misses, evictions, invalidations }] }`, this instance's caches by name (decision 0050).
 */
export function createCachesRoutes(deps: CachesRoutesDeps): FastifyPluginAsync {
  return async (server) => {
    server.get('/', async (request, reply) => {
      const data = listCaches(deps.caches, accountabilityOf(request));
      return sendResult(request, reply, { data });
    });
  };
}
