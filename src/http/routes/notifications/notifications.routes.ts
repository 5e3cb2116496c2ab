import type { FastifyPluginAsync } from 'fastify';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

/**
 * `/notifications`: Directus's notifications (`service_notifications`), item-style. Users with app access read
 * and archive their own (engine/permissions/app-access-rules); policies may grant more.
 */
export function createNotificationsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => registerItemRoutes(app, deps, { collectionOf: () => 'service_notifications' });
}
