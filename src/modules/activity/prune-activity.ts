import type { Knex } from 'knex';
import type { Dialect } from '../../database/dialects/dialect.js';

export type RetentionSettings = { activity: number | null; revisions: number | null };
export type PruneResult = { activity: number; revisions: number };

const BATCH = 500;

/**
 * Deletes activity rows older than the activity window and revisions whose activity is older than the
 * revisions window, in batches of 500 short transactions, so no long lock is held and requests keep flowing.
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
  if (retention.activity !== null) {
    const cutoff = dialect.toDatabase('timestamp', new Date(now.getTime() - retention.activity).toISOString());
    for (let batch = 0; batch < maxBatches; batch++) {
      const ids = (await knex('service_activity')
        .where('timestamp', '<', cutoff as Knex.Value)
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
  return result;
}
