import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Dialect } from '../../database/dialects/dialect.js';
import { acquireLease } from '../../engine/leases/acquire-lease.js';
import { pruneActivity, type PruneResult, type RetentionSettings } from './prune-activity.js';

const HOUR = 60 * 60 * 1000;
/** The lease of a run: most of the hour, so one instance prunes per hour and a dead holder's turn passes on. */
const LEASE_MS = HOUR - 5 * 60 * 1000;
export const RETENTION_LEASE = 'activity-retention';

export type RetentionDeps = { knex: Knex; dialect: Dialect; retention: RetentionSettings; logger: Logger; now: () => Date };

/**
 * One retention run of this process, once per cluster: it prunes only when it takes (or renews) the
 * `activity-retention` lease, so instances never prune at once and only one of them prunes each hour; null
 * when another instance holds the lease. A run never overlaps this process's previous one.
 */
export function createRetentionRun(deps: RetentionDeps, holder: string = randomUUID()): () => Promise<PruneResult | null> {
  let running = false;
  return async () => {
    if (running) return null;
    running = true;
    try {
      const now = deps.now();
      if (!(await acquireLease(deps.knex, { name: RETENTION_LEASE, holder, ttlMs: LEASE_MS, now: now.getTime() }))) return null;
      return await pruneActivity(deps.knex, deps.dialect, deps.retention, now);
    } finally {
      running = false;
    }
  };
}

/**
 * Prunes activity and revisions in the background: a minute after start, then every hour, on one instance of
 * the cluster at a time (createRetentionRun). The timer does not keep the process alive. Returns a stop function.
 */
export function startRetention(deps: RetentionDeps): () => void {
  const { retention } = deps;
  if (retention.activity === null && retention.revisions === null && retention.flowLogs === null) return () => undefined;
  const runOnce = createRetentionRun(deps);
  const run = async () => {
    try {
      const result = await runOnce();
      if (result && result.activity + result.revisions > 0) deps.logger.info(result, 'Pruned old activity and revisions');
    } catch (error) {
      deps.logger.error({ err: error }, 'Pruning activity failed');
    }
  };
  const first = setTimeout(() => void run(), 60_000);
  const every = setInterval(() => void run(), HOUR);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
