import type { AuditEntry, AuditEvent, AuditRecorder } from '../../engine/audit-recorder.js';
import type { Context } from '../../engine/context.js';
import { getCollection } from '../../engine/schema-overview/get-collection.js';
import { insertRowsReturning } from '../../database/insert-rows-returning.js';

/**
 * Writes activity rows (and revisions for collections with accountability `all`) with the caller's
 * transaction handle, so the trail commits or rolls back with the change it describes. The revisions of
 * nested writes (`entry.children`) get the revision of the item they were written for as their parent.
 * The rows of one write go in one statement per table where the dialect allows it (a batch of 100 items is
 * two inserts, not 200).
 */
export function createActivityRecorder(): AuditRecorder {
  const base = (ctx: Context) => ({
    user: ctx.accountability.user,
    timestamp: ctx.dialect.toDatabase('timestamp', ctx.now().toISOString()),
    ip: ctx.accountability.ip?.slice(0, 50) ?? null,
    user_agent: ctx.accountability.userAgent,
    origin: ctx.accountability.origin?.slice(0, 255) ?? null,
  });
  const insert = (ctx: Context, table: string, rows: Record<string, unknown>[]) => insertRowsReturning(ctx.db, ctx.dialect, table, rows, 'id');

  return {
    async record(ctx, entries: AuditEntry[]) {
      const recorded = entries.filter((entry) => getCollection(ctx.schema, entry.collection).accountability !== null);
      if (recorded.length === 0) return;
      const common = base(ctx);
      const activityIds = (await insert(
        ctx,
        'service_activity',
        recorded.map((entry) => ({ ...common, action: entry.action, collection: entry.collection, item: String(entry.item) })),
      )).map(Number);
      const revised = recorded.flatMap((entry, i) =>
        getCollection(ctx.schema, entry.collection).accountability === 'all' && entry.action !== 'delete' ? [{ entry, activity: activityIds[i] }] : [],
      );
      if (revised.length === 0) return;
      const revisionIds = (await insert(
        ctx,
        'service_revisions',
        revised.map(({ entry, activity }) => ({
          activity,
          collection: entry.collection,
          item: String(entry.item),
          data: ctx.dialect.toDatabase('json', entry.data),
          delta: ctx.dialect.toDatabase('json', entry.delta),
          parent: null,
        })),
      )).map(Number);
      for (const [i, { entry }] of revised.entries()) {
        if (entry.children && entry.children.length > 0) await ctx.db('service_revisions').whereIn('id', entry.children).update({ parent: revisionIds[i] });
      }
      ctx.childRevisions?.push(...revisionIds);
    },
    async recordEvent(ctx, event: AuditEvent) {
      const [id] = await insert(ctx, 'service_activity', [
        {
          ...base(ctx),
          user: event.user !== undefined ? event.user : ctx.accountability.user,
          action: event.action,
          collection: event.collection,
          item: String(event.item),
          comment: event.comment ?? null,
        },
      ]);
      return Number(id);
    },
  };
}
