export {
  CONTENT_SECURITY_POLICY,
  createAdminAppRoutes,
  createRootRedirect,
  IMMUTABLE,
  REVALIDATE,
  type AdminAppOptions,
} from './admin-app.routes.js';
