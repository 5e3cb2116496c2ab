export { usersBehaviour } from './users.behaviours.js';
export { countActiveAdmins, lastAdminGuard } from './last-admin-guard.js';
export { createInvitesService, type InvitesService } from './create-invites-service.js';
export { createRegistrationService, registrationOf, type RegistrationService } from './create-registration-service.js';
