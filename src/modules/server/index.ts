export { createServerRoutes, type HealthReport, type ServerRoutesDeps } from './server.routes.js';
