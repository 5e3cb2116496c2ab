import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { Knex } from 'knex';
import type { Dialect } from '../../database/dialects/dialect.js';
import type { Context } from '../../engine/context.js';
import { acquireLease } from '../../engine/leases/acquire-lease.js';
import type { Logger } from '../../kernel/logger.js';
import type { CacheRegistry } from '../../kernel/caches/index.js';
import { forbidden, internalServerError, invalidPayload, isAppError, type AppError } from '../../kernel/errors/index.js';
import type { EventBus, EventMeta } from '../../kernel/events/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import { systemCollectionName } from '../../kernel/system/system-collections.js';
import type { PrimaryKey } from '../items/index.js';
import { eventNames } from './event-names.js';
import type { FlowDeps } from './flow-deps.js';
import type { LoadedFlow, OperationType, RunScope } from './flows.types.js';
import { loadFlows } from './load-flows.js';
import { OperationFailure } from './operation-failure.js';
import { operationTypes } from './operation-types.js';
import { pickResult } from './pick-result.js';
import { recordRun } from './record-run.js';
import { runFlow, type FlowRun } from './run-flow.js';

/** What `GET|POST /flows/trigger/:id` passes on (the flow's `$trigger`). */
export type TriggerRequest = { method: string; path: string; query: unknown; body: unknown; headers: Record<string, unknown> };

export type FlowsService = {
  /** Loads the active flows when this instance's copy is stale (after the cache sync) and registers their events. */
  ensureLoaded(): Promise<void>;
  /** Drops the loaded flows and their event handlers (a flow or operation changed here). */
  invalidate(): void;
  /** Runs a webhook or manual flow for a request; answers what the flow returns (null when it runs in the background). */
  trigger(ctx: Context, id: string, request: TriggerRequest): Promise<unknown>;
  /** The operation types, for the save-time checks. */
  types(): Map<string, OperationType>;
  /**
   * Runs each schedule flow whose latest tick at `at` (within the last 30 s) has not run yet, on one instance
   * only: the first to take the flow's lease for that tick runs it. Answers how many ran here.
   */
  runDueSchedules(at: Date): Promise<number>;
  /** Checks the schedules every second until the returned function is called (a serving process). */
  startSchedules(now: () => Date): () => void;
  /**
   * Resolves once every run in the background (async webhook and manual flows, schedule checks) has finished:
   * a stopping instance waits for it, so a graceful stop never cuts a run short (decision 0076).
   */
  settled(): Promise<void>;
};

export type FlowsServiceDeps = FlowDeps & {
  caches: CacheRegistry;
  events: EventBus<Context>;
  /** A context for system work (schedule flows). */
  systemContext(): Promise<Context>;
  /** The pool and its dialect: the loading of flows reads the two tables directly. */
  knex: Knex;
  dialect: Dialect;
  logger: Pick<Logger, 'error'>;
};

/** A tick older than this when the schedules are checked is let go (an instance that was down does not catch up). */
const SCHEDULE_WINDOW_MS = 30_000;

/** The latest time at or before `at` that a 6-field (or 5-field) cron expression names, in ms; null if none. */
function latestTick(expression: string, at: Date): number | null {
  try {
    const [tick] = new Cron(expression, { paused: true }).previousRuns(1, at);
    return tick ? tick.getTime() : null;
  } catch {
    return null;
  }
}

/** Headers a flow never sees: the caller's credentials. */
const HIDDEN_HEADERS = new Set(['authorization', 'cookie', 'x-session-token']);

/**
 * The flow runner of an app instance (decision 0065): active flows are loaded once into the app's cache registry
 * (emptied by the access version, which every change of a flow or operation raises), event flows hang from the
 * event bus (filter flows inside the write's transaction, action flows after commit), webhook and manual flows
 * answer `/flows/trigger/:id`, and `trigger` operations run flows with an `operation` trigger.
 */
export function createFlowsService(deps: FlowsServiceDeps): FlowsService {
  const cache = deps.caches.lru<string, Map<string, LoadedFlow>>('flows.active', { max: 1, invalidatedBy: ['schema', 'access'] });
  const maxDepth = Math.max(1, Math.floor(deps.config.maxSteps / 10));
  let registered: (() => void)[] = [];
  let loading: Promise<void> | null = null;
  let current = new Map<string, LoadedFlow>();

  const unregister = () => {
    for (const off of registered) off();
    registered = [];
  };

  const runWith = async (flow: LoadedFlow, trigger: unknown, ctx: Context, depth: number): Promise<FlowRun> => {
    const scope: RunScope = {
      ctx,
      flow,
      depth,
      secrets: new Set<string>(),
      data: { $trigger: trigger, $last: trigger, $accountability: ctx.accountability, $env: { ...deps.config.env } },
    };
    const run = await runFlow(scope, types, deps.config.maxSteps);
    if (run.failure !== undefined && !(run.failure instanceof OperationFailure) && !isAppError(run.failure)) {
      ctx.logger.error({ err: run.failure, flow: flow.id }, 'flow operation failed');
    }
    await recordRun(ctx, deps.audit, flow, run, scope.secrets);
    return run;
  };

  const runOperationFlow = async (scope: RunScope, flowId: string, payload: unknown): Promise<unknown> => {
    const flow = current.get(flowId);
    if (!flow || flow.trigger !== 'operation') throw new OperationFailure(`No active flow ${flowId} with an operation trigger`);
    if (scope.depth + 1 > maxDepth) throw new OperationFailure(`Flows triggered flows more than ${maxDepth} deep`);
    const run = await runWith(flow, payload, scope.ctx, scope.depth + 1);
    if (run.failure !== undefined) throw run.failure;
    return pickResult(run.data, flow.options.return);
  };

  const types = operationTypes(deps, runOperationFlow);

  /** The error a failed run answers with: a catalogue error as it is, an author's failure as 400, else 500. */
  const failureError = (flow: LoadedFlow, failure: unknown): AppError => {
    if (isAppError(failure)) return failure;
    if (failure instanceof OperationFailure) return invalidPayload(failure.message);
    return internalServerError(failure);
  };

  /** `$trigger` of an event: a delete's filter gets the keys as its payload, and as `keys` too. */
  const eventTrigger = (meta: EventMeta, payload: unknown) => {
    const keys = meta.keys ?? (meta.event.endsWith('.delete') && Array.isArray(payload) ? payload : undefined);
    return {
      event: meta.event,
      payload,
      ...(meta.key !== undefined ? { key: meta.key } : {}),
      ...(keys !== undefined ? { keys } : {}),
      collection: meta.collection ?? null,
    };
  };

  const tooDeep = (flow: LoadedFlow, ctx: Context): boolean => {
    if ((ctx.flowDepth ?? 0) < maxDepth) return false;
    ctx.logger.warn({ flow: flow.id, depth: ctx.flowDepth }, 'flow not run: flows triggered flows too deep');
    return true;
  };

  const instance = randomUUID();
  const lastTicks = new Map<string, number>();
  const background = new Set<Promise<unknown>>();
  /** Keeps `work` in `background` until it ends; a stopping instance waits for it (settled). */
  const inBackground = (work: Promise<unknown>) => {
    const tracked = work.finally(() => background.delete(tracked));
    background.add(tracked);
  };

  const runDueSchedules = async (at: Date): Promise<number> => {
    await ensureLoaded();
    let ran = 0;
    for (const flow of current.values()) {
      if (flow.trigger !== 'schedule' || typeof flow.options.cron !== 'string') continue;
      const tick = latestTick(flow.options.cron, at);
      if (tick === null || at.getTime() - tick >= SCHEDULE_WINDOW_MS || (lastTicks.get(flow.id) ?? -1) >= tick) continue;
      lastTicks.set(flow.id, tick);
      const ctx = await deps.systemContext();
      // The lease's time is the tick's: whoever takes it first runs that tick; the others find it taken.
      if (!(await acquireLease(ctx.db, { name: `flow-schedule:${flow.id}`, holder: instance, ttlMs: 1, now: tick }))) continue;
      ran += 1;
      const run = await runWith(flow, { timestamp: new Date(tick).toISOString() }, ctx, 0);
      if (run.failure !== undefined) ctx.logger.warn({ flow: flow.id }, 'schedule flow ended on a failure');
    }
    return ran;
  };

  const register = (flows: Map<string, LoadedFlow>) => {
    unregister();
    for (const flow of flows.values()) {
      if (flow.trigger !== 'event') continue;
      for (const name of eventNames(flow.options.scope, flow.options.collections)) {
        if (flow.options.type === 'filter') {
          registered.push(
            deps.events.onFilter(name, async (payload, meta, ctx) => {
              if (tooDeep(flow, ctx)) return undefined;
              const run = await runWith(flow, eventTrigger(meta, payload), ctx, ctx.flowDepth ?? 0);
              if (run.failure !== undefined) throw failureError(flow, run.failure);
              const which = flow.options.return;
              return which === undefined || which === null || which === '' ? undefined : pickResult(run.data, which);
            }),
          );
        } else {
          registered.push(
            deps.events.onAction(name, async (meta, ctx) => {
              if (tooDeep(flow, ctx)) return;
              const run = await runWith(flow, eventTrigger(meta, meta.payload), ctx, ctx.flowDepth ?? 0);
              if (run.failure !== undefined) ctx.logger.warn({ flow: flow.id, event: meta.event }, 'action flow ended on a failure');
            }),
          );
        }
      }
    }
  };

  const ensureLoaded = async (): Promise<void> => {
    if (cache.has('active')) return;
    loading ??= (async () => {
      try {
        const flows = await loadFlows(deps.knex, deps.dialect);
        current = flows ?? new Map<string, LoadedFlow>();
        register(current);
        if (flows) cache.set('active', flows);
      } finally {
        loading = null;
      }
    })();
    return loading;
  };

  const checkManual = async (ctx: Context, flow: LoadedFlow, body: unknown) => {
    // Directus's names of system collections (`directus_users`) are understood as ours, in the flow and the call.
    const collections = (Array.isArray(flow.options.collections) ? flow.options.collections : []).map((c) =>
      typeof c === 'string' ? systemCollectionName(c) : c,
    );
    const input = isPlainObject(body) ? body : {};
    const collection = typeof input.collection === 'string' ? systemCollectionName(input.collection) : input.collection;
    if (typeof collection !== 'string' || !collections.includes(collection)) {
      throw forbidden('This flow does not run on that collection');
    }
    const keys = Array.isArray(input.keys) ? (input.keys as PrimaryKey[]) : [];
    // The caller must be able to read every selected item (a missing or forbidden one is 403).
    if (keys.length > 0) {
      const found = await deps.items.readMany(ctx, collection, keys);
      if (found.length !== keys.length) throw forbidden();
    }
  };

  return {
    ensureLoaded,
    invalidate() {
      cache.delete('active');
      unregister();
    },
    types: () => types,
    runDueSchedules,
    async settled() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
    startSchedules(now) {
      const timer = setInterval(() => {
        inBackground(runDueSchedules(now()).catch((error: unknown) => deps.logger.error({ err: error }, 'schedule flows failed')));
      }, 1000);
      timer.unref();
      return () => clearInterval(timer);
    },
    async trigger(ctx, id, request) {
      await ensureLoaded();
      const flow = current.get(id);
      if (!flow || (flow.trigger !== 'webhook' && flow.trigger !== 'manual')) throw forbidden();
      const method = flow.trigger === 'manual' ? 'POST' : String(flow.options.method ?? 'GET');
      if (request.method.toUpperCase() !== method) throw forbidden();
      if (flow.trigger === 'manual') await checkManual(ctx, flow, request.body);
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HIDDEN_HEADERS.has(name.toLowerCase())));
      const trigger = { path: request.path, query: request.query, body: request.body, method: request.method, headers };
      const depth = ctx.flowDepth ?? 0;
      if (flow.options.async === true) {
        inBackground(
          runWith(flow, trigger, ctx, depth).catch((error: unknown) => ctx.logger.error({ err: error, flow: flow.id }, 'flow run failed')),
        );
        return null;
      }
      const run = await runWith(flow, trigger, ctx, depth);
      if (run.failure !== undefined) throw failureError(flow, run.failure);
      return pickResult(run.data, flow.options.return ?? '$last');
    },
  };
}
