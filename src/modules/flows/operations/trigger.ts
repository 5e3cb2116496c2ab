import type { OperationType, RunScope } from '../flows.types.js';

/** Runs a flow with an `operation` trigger from another flow's `trigger` operation; answers its result. */
export type RunOperationFlow = (scope: RunScope, flowId: string, payload: unknown) => Promise<unknown>;

const MODES = ['serial', 'batch', 'parallel'];

/**
 * `trigger`: runs the flow `flow` (its trigger must be `operation`) with `payload` as its `$trigger`. An array
 * payload runs it once per element: one after another (`serial`), all at once (`parallel`, the default), or
 * `batchSize` at a time (`batch`); the result is the list of results.
 */
export function triggerOperation(runFlow: RunOperationFlow): OperationType {
  return {
    validate(options) {
      if (typeof options.flow !== 'string' || options.flow === '') return '"flow" is required';
      if (options.iterationMode !== undefined && !MODES.includes(String(options.iterationMode))) {
        return `"iterationMode" must be one of ${MODES.join(', ')}`;
      }
      return null;
    },
    async run(options, scope) {
      const flow = String(options.flow);
      const payload = options.payload;
      if (!Array.isArray(payload)) return runFlow(scope, flow, payload);
      const mode = String(options.iterationMode ?? 'parallel');
      if (mode === 'parallel') return Promise.all(payload.map((entry) => runFlow(scope, flow, entry)));
      const size = mode === 'batch' ? Math.max(1, Number(options.batchSize) || 10) : 1;
      const results: unknown[] = [];
      for (let start = 0; start < payload.length; start += size) {
        results.push(...(await Promise.all(payload.slice(start, start + size).map((entry) => runFlow(scope, flow, entry)))));
      }
      return results;
    },
  };
}
