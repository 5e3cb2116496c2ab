export { usersBehaviour } from './users.behaviours.js';
export { countActiveAdmins, lastAdminGuard } from './last-admin-guard.js';
