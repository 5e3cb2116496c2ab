import type { VarSpec } from './config-schema.js';

/** The settings of flows (docs/flows.md); part of CONFIG_SCHEMA. */
export const FLOWS_SETTINGS: readonly VarSpec[] = [
  {
    name: 'FLOWS_ENV_ALLOW_LIST',
    type: 'list',
    default: '',
    description: 'Environment variables a flow may read as `$env` (by name); every other variable is absent from it.',
  },
  {
    name: 'FLOWS_REQUEST_IP_ALLOW_LIST',
    type: 'list',
    default: '',
    description:
      "A flow's `request` operation never reaches a loopback, private, link-local, unspecified, multicast or otherwise reserved address (the name is resolved once and the connection made to the address checked; redirects are not followed); these IP addresses or CIDR ranges are allowed anyway.",
  },
  {
    name: 'FLOWS_RUN_SCRIPT_MAX_MEMORY',
    type: 'size',
    default: '32mb',
    description: "Memory a flow's `exec` script may use; past it the script fails (its flow follows `reject`).",
  },
  {
    name: 'FLOWS_RUN_SCRIPT_TIMEOUT',
    type: 'duration',
    default: '10s',
    description: "Time a flow's `exec` script may run; past it the script is stopped (its flow follows `reject`).",
  },
  {
    name: 'FLOWS_MAX_STEPS',
    type: 'integer',
    default: '1000',
    min: 1,
    description:
      'Operations one flow run may execute (a loop through `resolve`/`reject` ends there) and the depth of flows triggering flows (a tenth of it).',
  },
  {
    name: 'FLOWS_SLEEP_MAX',
    type: 'duration',
    default: '5m',
    description: "Longest pause a flow's `sleep` operation may take.",
  },
];
