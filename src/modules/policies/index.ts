export { invalidatingBehaviour, permissionsBehaviour } from './permissions.behaviours.js';
export type { AccessCaches } from './permissions.behaviours.js';
export { selfEscalationGuards } from './self-escalation-guard.js';
