export { usersBehaviour } from './users.behaviours.js';
export { createUsersRoutes } from './users.routes.js';
export { countActiveAdmins, lastAdminGuard } from './last-admin-guard.js';
