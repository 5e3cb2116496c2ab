export { createItemsRoutes } from './items.routes.js';
export { registerItemRoutes, type ItemRouteDeps, type ItemRouteOptions } from './register-item-routes.js';
export { requestQuery } from './request-query.js';
export { respondWith, respondWithResult } from './respond-with.js';
