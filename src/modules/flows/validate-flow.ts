import { Cron } from 'croner';
import { invalidPayload } from '../../kernel/errors/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import { FLOW_TRIGGERS, type FlowTrigger } from './flows.types.js';

const STATUSES = ['active', 'inactive'];
const ACCOUNTABILITIES = ['all', 'activity', null];
const WEBHOOK_METHODS = ['GET', 'POST'];

/**
 * Checks what is saved of a flow (`service_flows`): status, trigger, accountability and the trigger's options;
 * throws 400 INVALID_PAYLOAD with the reason. `trigger` is the saved one when an update leaves it out.
 */
export function validateFlow(payload: Record<string, unknown>, trigger: unknown): void {
  if (payload.status !== undefined && !STATUSES.includes(String(payload.status))) {
    throw invalidPayload(`"status" must be one of ${STATUSES.join(', ')}`);
  }
  if (payload.accountability !== undefined && !ACCOUNTABILITIES.includes(payload.accountability as string | null)) {
    throw invalidPayload('"accountability" must be one of all, activity, null');
  }
  if (trigger === undefined || trigger === null) return;
  if (!(FLOW_TRIGGERS as readonly unknown[]).includes(trigger))
    throw invalidPayload(`"trigger" must be one of ${FLOW_TRIGGERS.join(', ')}`);
  if (payload.options === undefined && payload.trigger === undefined) return;
  const options = payload.options ?? {};
  if (options !== null && !isPlainObject(options)) throw invalidPayload('"options" must be an object');
  const reason = triggerOptionsProblem(trigger as FlowTrigger, options ?? {});
  if (reason) throw invalidPayload(`Invalid options for a ${String(trigger)} trigger: ${reason}`);
}

const isStringList = (value: unknown) => Array.isArray(value) && value.every((entry) => typeof entry === 'string');

function triggerOptionsProblem(trigger: FlowTrigger, options: Record<string, unknown>): string | null {
  switch (trigger) {
    case 'event': {
      if (!['filter', 'action'].includes(String(options.type))) return '"type" must be filter or action';
      const scope = typeof options.scope === 'string' ? [options.scope] : options.scope;
      if (!isStringList(scope) || (scope as string[]).length === 0) return '"scope" must list one or more events';
      if (options.collections !== undefined && options.collections !== null && !isStringList(options.collections)) {
        return '"collections" must be a list of collections';
      }
      return null;
    }
    case 'webhook':
      if (options.method !== undefined && !WEBHOOK_METHODS.includes(String(options.method))) return '"method" must be GET or POST';
      return null;
    case 'manual':
      if (!isStringList(options.collections)) return '"collections" must be a list of collections';
      return null;
    case 'schedule':
      if (typeof options.cron !== 'string') return '"cron" is required';
      try {
        new Cron(options.cron, { paused: true }).stop();
      } catch {
        return '"cron" is not a valid cron expression';
      }
      return null;
    case 'operation':
      return null;
  }
}
