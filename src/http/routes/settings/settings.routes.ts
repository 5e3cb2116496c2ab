import type { FastifyPluginAsync } from 'fastify';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

/** `/settings`: the singleton of project settings (GET, PATCH). */
export function createSettingsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => {
    registerItemRoutes(app, deps, { collectionOf: () => 'service_settings', skip: ['create', 'delete'] });
  };
}
