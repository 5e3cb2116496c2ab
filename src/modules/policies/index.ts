export { invalidatingBehaviour, permissionsBehaviour } from './permissions.behaviours.js';
export type { AccessCaches } from './permissions.behaviours.js';
export { createAccessControlRoutes } from './policies.routes.js';
export { selfEscalationGuards } from './self-escalation-guard.js';
