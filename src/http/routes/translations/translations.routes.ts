import type { FastifyPluginAsync } from 'fastify';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

/**
 * `/translations`: Directus 11's custom translation strings (`service_translations`), item-style (CRUD and
 * batches). Every user with app access reads them (the app resolves `$t:` keys); policies grant writes.
 */
export function createTranslationsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => registerItemRoutes(app, deps, { collectionOf: () => 'service_translations' });
}
