import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import type { Dialect } from '../database/dialects/dialect.js';
import type { CacheRegistry } from '../kernel/caches/index.js';
import type { Accountability } from '../kernel/context/index.js';
import type { EventBus } from '../kernel/events/index.js';
import { serviceUnavailable } from '../kernel/errors/index.js';
import { ADMIN_PERMISSIONS } from './permissions/admin-permissions.js';
import type { PermissionSet } from './permissions/permissions.types.js';
import type { SchemaOverview } from './schema-overview/schema-overview.types.js';

export { ADMIN_PERMISSIONS };

/**
 * Everything one unit of work needs: who asks, which database handle (a transaction inside writes),
 * the schema as it was when the work started, the typed config, a clock and a logger.
 * Services are stateless and take a Context first.
 */
export type Context = {
  db: Knex;
  dialect: Dialect;
  schema: SchemaOverview;
  accountability: Accountability;
  /** The rules that apply to `accountability`, dynamic variables resolved (admin: no checks). */
  permissions: PermissionSet;
  config: Config;
  logger: Logger;
  now: () => Date;
  /** The app instance's caches (decision 0050): every cache has its bound, its cache versions and its counters. */
  caches: CacheRegistry;
  /** The app's event bus: writes emit `filter` events inside their transaction and `action` events after it (decision 0048). */
  events: EventBus<Context>;
  /** The pool's handle while `db` is a transaction: what `action` handlers use once it has committed. */
  outerDb?: Knex;
  /**
   * The data version read with the cache versions after the request arrived (Dialect.dataVersionSql): reads use
   * it to tell whether an earlier result still holds (decision 0033). Absent outside requests.
   */
  dataVersion?: string;
  /** True when `db` is a transaction (nested work joins it instead of opening another). */
  inTransaction: boolean;
  /**
   * Set on the work of a flow's operations: how many flows deep it runs, so a flow whose writes trigger flows
   * again (itself, or a cycle) stops at a bound (FLOWS_MAX_STEPS / 10).
   */
  flowDepth?: number;
  /**
   * False on the work of a flow's item operation with `emitEvents: false`: its writes run no `filter` handlers and
   * queue no `action` events (write-events.ts), so a flow writing to the collection it listens on does not trigger
   * itself. Activity and revisions are recorded as for any write. Absent: writes emit their events.
   */
  emitEvents?: boolean;
  /**
   * Work to run once the surrounding transaction has committed (cache invalidation, deleting stored files);
   * the write answers after it has finished. It must not throw.
   */
  afterCommit?: (() => void | Promise<void>)[];
  /**
   * Set while the nested (relational) items of one item are written: the audit recorder adds the ids of the
   * revisions it writes, and the item's own revision becomes their parent.
   */
  childRevisions?: number[];
};

/** How often the outermost transaction runs when it loses a conflict, and the first wait before running again. */
const CONFLICT_ATTEMPTS = 4;
const CONFLICT_BACKOFF_MS = 15;

/**
 * Runs `work` in one transaction: joins the current one, or opens one and commits or rolls back. An outermost
 * transaction that loses a conflict with another (Dialect.isConflict) runs again, up to CONFLICT_ATTEMPTS times
 * in all; then the answer is 503. So `work` must touch nothing but the database (later effects go to onCommit).
 */
export async function withTransaction<T>(ctx: Context, work: (trx: Context) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return work(ctx);
  for (let attempt = 1; ; attempt++) {
    const afterCommit: (() => void | Promise<void>)[] = [];
    let committed: { result: T };
    try {
      committed = {
        result: await ctx.db.transaction(async (trx) => work({ ...ctx, db: trx, outerDb: ctx.db, inTransaction: true, afterCommit })),
      };
    } catch (error) {
      // A lost conflict (deadlock, serialization failure) rolled everything back: the work runs again, afresh.
      if (!ctx.dialect.isConflict(error)) throw error;
      if (attempt >= CONFLICT_ATTEMPTS) throw serviceUnavailable('database', 'The write kept conflicting with others; try again', error);
      ctx.logger.debug({ attempt, error: (error as Error).message }, 'transaction conflict: retrying');
      await sleep(CONFLICT_BACKOFF_MS * attempt * (0.5 + Math.random()));
      continue;
    }
    // After the commit, never inside the retry: what committed must not run again.
    for (const callback of afterCommit) await callback();
    return committed.result;
  }
}

/** Runs `callback` after the current transaction commits, or now when there is none. */
export function onCommit(ctx: Context, callback: () => void | Promise<void>): void {
  if (ctx.inTransaction && ctx.afterCommit) ctx.afterCommit.push(callback);
  else void callback();
}

/** The same context as someone else (e.g. system work inside a user's request). */
export function withAccountability(ctx: Context, accountability: Accountability, permissions: PermissionSet): Context {
  return { ...ctx, accountability, permissions };
}

/** The same context doing system work (no permission checks), keeping who asked for the audit trail. */
export function asSystem(ctx: Context): Context {
  return { ...ctx, permissions: ADMIN_PERMISSIONS };
}
