import type { FastifyPluginAsync } from 'fastify';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

/**
 * `/presets`: Directus's saved views and layout defaults (`service_presets`), item-style. Users with app
 * access read their own, their roles' and everyone's, and write their own (engine/permissions/app-access-rules).
 */
export function createPresetsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => registerItemRoutes(app, deps, { collectionOf: () => 'service_presets' });
}
