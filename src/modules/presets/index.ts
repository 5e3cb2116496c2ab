export { createPresetsRoutes } from './presets.routes.js';
