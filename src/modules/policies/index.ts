export { invalidatingBehaviour, permissionsBehaviour } from './permissions.behaviours.js';
export type { AccessCaches } from './permissions.behaviours.js';
export { selfEscalationGuards } from './self-escalation-guard.js';
export { explainRequest } from './explain-request.js';
export { convertLegacyPermission, permissionBodyKind } from './legacy-permission-body.js';
export { policyForRole } from './role-policy.js';
