// The route plugins of every area, registered by app.ts under their prefixes. Each calls a module's service;
// none holds business logic.
export { createActivityRoutes, createRevisionsRoutes } from './activity/activity.routes.js';
export {
  CONTENT_SECURITY_POLICY,
  createAdminAppRoutes,
  createRootRedirect,
  IMMUTABLE,
  REVALIDATE,
  type AdminAppOptions,
} from './admin-app/admin-app.routes.js';
export { createAssetsRoutes } from './assets/assets.routes.js';
export { clearCookie as clearAuthCookie, createAuthRoutes, setCookie as setAuthCookie } from './auth/auth.routes.js';
export { createPasswordRoutes } from './auth/password.routes.js';
export { createSessionsRoutes, createUserSessionsRoutes } from './auth/sessions.routes.js';
export { createSsoRoutes } from './auth/sso.routes.js';
export { createTfaRoutes } from './auth/tfa.routes.js';
export { createSchemaRoutes, type SchemaRouteDeps } from './collections/create-schema-routes.js';
export { createExtensionsRoutes } from './extensions/extensions.routes.js';
export { createFilesRoutes } from './files/files.routes.js';
export { createFoldersRoutes } from './files/folders.routes.js';
export {
  createItemsRoutes,
  registerItemRoutes,
  requestQuery,
  respondWith,
  respondWithResult,
  type ItemRouteDeps,
  type ItemRouteOptions,
} from './items/index.js';
export { createAccessControlRoutes } from './policies/policies.routes.js';
export { createPresetsRoutes } from './presets/presets.routes.js';
export { createSchemaSnapshotRoutes, type SchemaSnapshotRouteDeps } from './schema/schema.routes.js';
export { createCachesRoutes, type CachesRoutesDeps } from './server/caches.routes.js';
export { createServerRoutes, type HealthReport, type ServerRoutesDeps } from './server/server.routes.js';
export { createSpecsRoutes, type GraphqlSdlScope, type SpecsRoutesDeps } from './server/specs.routes.js';
export { createSettingsRoutes } from './settings/settings.routes.js';
export { createUsersRoutes } from './users/users.routes.js';
export { createInvitesRoutes } from './users/invites.routes.js';
export { createUtilsRoutes, systemRequested, type UtilsRoutesDeps } from './utils/utils.routes.js';
export { createFlowsRoutes, createOperationsRoutes } from './flows/flows.routes.js';
export { createNotificationsRoutes } from './notifications/notifications.routes.js';
export { createCommentsRoutes } from './comments/comments.routes.js';
export { createDashboardsRoutes, createPanelsRoutes } from './dashboards/dashboards.routes.js';
export { createSharesRoutes, type SharesRouteDeps } from './shares/shares.routes.js';
export { createTranslationsRoutes } from './translations/translations.routes.js';
export { createVersionsRoutes } from './versions/versions.routes.js';
