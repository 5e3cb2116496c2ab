export { createUtilsRoutes, systemRequested } from './cache.routes.js';
export { clearCaches } from './clear-caches.js';
