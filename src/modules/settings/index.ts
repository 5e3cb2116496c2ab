export { createSettingsRoutes } from './settings.routes.js';
