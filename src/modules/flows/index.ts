export { createFlowsService, type FlowsService, type TriggerRequest } from './create-flows-service.js';
export { flowsBehaviours, type FlowChanges } from './flows.behaviours.js';
export type { FlowDeps } from './flow-deps.js';
