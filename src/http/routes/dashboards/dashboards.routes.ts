import type { FastifyPluginAsync } from 'fastify';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

/** `/dashboards`: Directus's Insights dashboards (`service_dashboards`), item-style; policies grant access. */
export function createDashboardsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => registerItemRoutes(app, deps, { collectionOf: () => 'service_dashboards' });
}

/** `/panels`: the panels of the dashboards (`service_panels`), item-style; policies grant access. */
export function createPanelsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => registerItemRoutes(app, deps, { collectionOf: () => 'service_panels' });
}
