import type { OperationType, RunScope } from '../flows.types.js';
import { OperationFailure } from '../operation-failure.js';

/** Runs a flow with an `operation` trigger from another flow's `trigger` operation; answers its result. */
export type RunOperationFlow = (scope: RunScope, flowId: string, payload: unknown) => Promise<unknown>;

const MODES = ['serial', 'batch', 'parallel'];

const isBatchSize = (size: number) => Number.isInteger(size) && size >= 1;

/** The payload as given, or parsed when it is JSON text (what a template inside text renders to), as Directus. */
function payloadOf(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload ?? null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

/**
 * `trigger`: runs the flow `flow` (its trigger must be `operation`) with `payload` as its `$trigger` (JSON text is
 * parsed). An array payload runs it once per element: one after another (`serial`), all at once (`parallel`, the
 * default), or `batchSize` (default 10) at a time, each batch after the last (`batch`); the result is the list of
 * results in the payload's order. A failing run fails the step (its siblings of a batch still finish).
 */
export function triggerOperation(runFlow: RunOperationFlow): OperationType {
  return {
    validate(options) {
      if (typeof options.flow !== 'string' || options.flow === '') return '"flow" is required';
      if (options.iterationMode !== undefined && options.iterationMode !== null && !MODES.includes(String(options.iterationMode))) {
        return `"iterationMode" must be one of ${MODES.join(', ')}`;
      }
      const size = options.batchSize;
      if (size !== undefined && size !== null && !(typeof size === 'string' && size.includes('{{')) && !isBatchSize(Number(size))) {
        return '"batchSize" must be a whole number of at least 1';
      }
      return null;
    },
    async run(options, scope) {
      const flow = String(options.flow);
      const payload = payloadOf(options.payload);
      if (!Array.isArray(payload)) return runFlow(scope, flow, payload);
      const mode = String(options.iterationMode ?? 'parallel');
      if (mode === 'parallel') return Promise.all(payload.map((entry) => runFlow(scope, flow, entry)));
      const given = Number(options.batchSize ?? 10);
      if (mode === 'batch' && !isBatchSize(given)) throw new OperationFailure('"batchSize" must be a whole number of at least 1');
      const size = mode === 'batch' ? given : 1;
      const results: unknown[] = [];
      for (let start = 0; start < payload.length; start += size) {
        results.push(...(await Promise.all(payload.slice(start, start + size).map((entry) => runFlow(scope, flow, entry)))));
      }
      return results;
    },
  };
}
