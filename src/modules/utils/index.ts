export { createUtilsRoutes, systemRequested } from './cache.routes.js';
