import type { FastifyPluginAsync } from 'fastify';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

/**
 * `/comments`: Directus 11's comments on items (`service_comments`), item-style. A comment is made on an item the
 * caller may read, and edited or deleted by its author or an administrator (modules/comments).
 */
export function createCommentsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => registerItemRoutes(app, deps, { collectionOf: () => 'service_comments' });
}
