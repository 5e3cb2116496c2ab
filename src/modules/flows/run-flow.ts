import { isAppError } from '../../kernel/errors/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import type { DataChain, FlowStep, OperationType, RunScope } from './flows.types.js';
import { OperationFailure } from './operation-failure.js';
import { renderTemplate } from './render-template.js';

export type FlowRun = {
  data: DataChain;
  steps: FlowStep[];
  /** Set when the chain ended on a failing operation with no `reject` to follow (or ran past the step bound). */
  failure?: unknown;
};

/**
 * Runs a flow's chain from its first operation: each operation gets its options with the templates filled from
 * the data chain, its result goes under its key and into `$last`, and the chain goes on through `resolve`, or
 * through `reject` when it throws (its error's data goes into the chain). A run stops after `maxSteps`
 * operations, so a cycle through `resolve`/`reject` cannot run forever.
 */
export async function runFlow(scope: RunScope, types: Map<string, OperationType>, maxSteps: number): Promise<FlowRun> {
  const { flow, data } = scope;
  const steps: FlowStep[] = [];
  let next = flow.first;
  let failure: unknown;
  while (next !== null) {
    const operation = flow.operations.get(next);
    if (!operation) break;
    if (steps.length >= maxSteps) {
      failure = new OperationFailure(`The flow ran more than ${maxSteps} operations and was stopped`);
      break;
    }
    const options = renderTemplate(operation.options, data) as Record<string, unknown>;
    const type = types.get(operation.type);
    for (const name of type?.secretOptions ?? []) {
      const secret = isPlainObject(options) ? options[name] : undefined;
      if (typeof secret === 'string' && secret !== '') scope.secrets.add(secret);
    }
    try {
      if (!type) throw new OperationFailure(`Unknown operation type "${operation.type}"`);
      const result = await type.run(isPlainObject(options) ? options : {}, scope);
      data[operation.key] = result;
      data.$last = result;
      steps.push({ operation: operation.id, key: operation.key, status: 'resolve', options, data: result });
      next = operation.resolve;
      failure = undefined;
    } catch (error) {
      const result = failureData(error);
      data[operation.key] = result;
      data.$last = result;
      steps.push({ operation: operation.id, key: operation.key, status: 'reject', options, data: result });
      next = operation.reject;
      failure = error;
    }
  }
  return failure === undefined ? { data, steps } : { data, steps, failure };
}

/** What a failing step leaves in the chain: its own data, or the error's message and code (never a stack). */
function failureData(error: unknown): unknown {
  if (error instanceof OperationFailure) return error.data;
  // A catalogue error's message is safe to show; any other (a driver's, a bug's) is not, and is only logged.
  if (isAppError(error)) return { message: error.message, code: error.code };
  return { message: 'The operation failed' };
}
