import type { Knex } from 'knex';
import type { Dialect } from '../../database/dialects/dialect.js';

/** Windows in ms (null keeps everything): activity but flow runs, revisions, flow runs (activity `run` and its revision). */
export type RetentionSettings = { activity: number | null; revisions: number | null; flowLogs: number | null };
export type PruneResult = { activity: number; revisions: number };

const BATCH = 500;
/** The activity action of a flow's run (docs/flows.md). */
const RUN = 'run';

const cutoffOf = (now: Date, window: number) => new Date(now.getTime() - window);

/** Deletes the activity rows older than `cutoff` that `scope` selects, with their revisions, in short batches. */
async function pruneActivityRows(
  knex: Knex,
  dialect: Dialect,
  cutoff: Date,
  scope: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  maxBatches: number,
  result: PruneResult,
): Promise<void> {
  const before = dialect.toDatabase('timestamp', cutoff.toISOString()) as Knex.Value;
  for (let batch = 0; batch < maxBatches; batch++) {
    const ids = (await scope(knex('service_activity').where('timestamp', '<', before))
      .select('id')
      .orderBy('id')
      .limit(BATCH)) as { id: number }[];
    if (ids.length === 0) break;
    const keys = ids.map((row) => row.id);
    await knex.transaction(async (trx) => {
      const revisions = await trx('service_revisions').whereIn('activity', keys).select('id');
      const revisionIds = (revisions as { id: number }[]).map((r) => r.id);
      if (revisionIds.length > 0) {
        await trx('service_revisions').whereIn('parent', revisionIds).update({ parent: null });
        result.revisions += await trx('service_revisions').whereIn('id', revisionIds).delete();
      }
      result.activity += await trx('service_activity').whereIn('id', keys).delete();
    });
    if (ids.length < BATCH) break;
  }
}

/**
 * Deletes activity rows older than the activity window (flow runs: older than the flow logs window) with their
 * revisions, and revisions whose activity is older than the revisions window, in batches of 500 short transactions, so no long lock is held and requests keep flowing.
 * A window of null keeps everything. `maxBatches` bounds one run.
 */
export async function pruneActivity(
  knex: Knex,
  dialect: Dialect,
  retention: RetentionSettings,
  now: Date,
  maxBatches = 1000,
): Promise<PruneResult> {
  const result: PruneResult = { activity: 0, revisions: 0 };
  if (retention.revisions !== null) {
    const cutoff = dialect.toDatabase('timestamp', new Date(now.getTime() - retention.revisions).toISOString());
    for (let batch = 0; batch < maxBatches; batch++) {
      const ids = (await knex('service_revisions as r')
        .join('service_activity as a', 'a.id', 'r.activity')
        .where('a.timestamp', '<', cutoff as Knex.Value)
        .select('r.id')
        .limit(BATCH)) as { id: number }[];
      if (ids.length === 0) break;
      const keys = ids.map((row) => row.id);
      // Child revisions point at their parent; unlink first so the delete never trips the self reference.
      await knex.transaction(async (trx) => {
        await trx('service_revisions').whereIn('parent', keys).update({ parent: null });
        result.revisions += await trx('service_revisions').whereIn('id', keys).delete();
      });
      if (ids.length < BATCH) break;
    }
  }
  // Flow runs (action `run`) have their own window, FLOW_LOGS_RETENTION, as in Directus; other activity ACTIVITY_RETENTION.
  if (retention.activity !== null) {
    await pruneActivityRows(knex, dialect, cutoffOf(now, retention.activity), (query) => query.whereNot('action', RUN), maxBatches, result);
  }
  if (retention.flowLogs !== null) {
    await pruneActivityRows(knex, dialect, cutoffOf(now, retention.flowLogs), (query) => query.where('action', RUN), maxBatches, result);
  }
  return result;
}
