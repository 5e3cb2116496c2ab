import type { Context } from '../../engine/context.js';

/** What starts a flow (Directus's trigger types). */
export type FlowTrigger = 'event' | 'webhook' | 'manual' | 'operation' | 'schedule';

export const FLOW_TRIGGERS: readonly FlowTrigger[] = ['event', 'webhook', 'manual', 'operation', 'schedule'];

/** A row of `service_operations` as the runner uses it. */
export type FlowOperation = {
  id: string;
  key: string;
  type: string;
  options: Record<string, unknown>;
  resolve: string | null;
  reject: string | null;
};

/** An active flow with its operations, as loaded from `service_flows` and `service_operations`. */
export type LoadedFlow = {
  id: string;
  name: string;
  trigger: FlowTrigger;
  /** What a run records: `all` (activity and a revision with the steps), `activity` (the activity row), null (nothing). */
  accountability: 'all' | 'activity' | null;
  options: Record<string, unknown>;
  /** The first operation, or null (a flow that only starts). */
  first: string | null;
  operations: Map<string, FlowOperation>;
};

/** The data chain: `$trigger`, `$last`, `$accountability`, `$env` and every operation's result under its key. */
export type DataChain = Record<string, unknown>;

/** One executed operation, as the run's record keeps it. */
export type FlowStep = { operation: string; key: string; status: 'resolve' | 'reject'; options: unknown; data: unknown };

/** Where one run stands: the context it acts in (the trigger's), its data chain and how deep flows call flows. */
export type RunScope = {
  /** The context of the trigger: its accountability and, for filter events, the write's transaction. */
  ctx: Context;
  flow: LoadedFlow;
  data: DataChain;
  /** How many flows triggered this one through `trigger` operations (a cycle of flows ends at a bound). */
  depth: number;
  /** The values of secret options seen so far in this run (a signing key): masked in its record and its logs. */
  secrets: Set<string>;
};

/** One operation type: checks its options when saved (a reason when invalid) and runs with rendered options. */
export type OperationType = {
  /** Options whose values are secrets: never recorded in a run's log nor written to the server log (masked). */
  secretOptions?: readonly string[];
  validate(options: Record<string, unknown>): string | null;
  run(options: Record<string, unknown>, scope: RunScope): Promise<unknown>;
};
