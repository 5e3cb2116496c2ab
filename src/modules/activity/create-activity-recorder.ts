import type { AuditEntry, AuditEvent, AuditRecorder } from '../../engine/audit-recorder.js';
import type { Context } from '../../engine/context.js';
import { getCollection } from '../../engine/schema-overview/get-collection.js';

/**
 * Writes activity rows (and revisions for collections with accountability `all`) with the caller's
 * transaction handle, so the trail commits or rolls back with the change it describes. The revisions of
 * nested writes (`entry.children`) get the revision of the item they were written for as their parent.
 */
export function createActivityRecorder(): AuditRecorder {
  const insertRow = async (ctx: Context, table: string, row: Record<string, unknown>): Promise<number> => {
    const query = ctx.db(table).insert(row);
    const result = (await (ctx.dialect.supportsReturning ? query.returning('id') : query)) as unknown[];
    const first = result[0];
    return Number(first && typeof first === 'object' ? (first as { id: unknown }).id : first);
  };
  const base = (ctx: Context) => ({
    user: ctx.accountability.user,
    timestamp: ctx.dialect.toDatabase('timestamp', ctx.now().toISOString()),
    ip: ctx.accountability.ip?.slice(0, 50) ?? null,
    user_agent: ctx.accountability.userAgent,
    origin: ctx.accountability.origin?.slice(0, 255) ?? null,
  });

  return {
    async record(ctx, entries: AuditEntry[]) {
      for (const entry of entries) {
        const overview = getCollection(ctx.schema, entry.collection);
        if (overview.accountability === null) continue;
        const id = await insertRow(ctx, 'service_activity', { ...base(ctx), action: entry.action, collection: entry.collection, item: String(entry.item) });
        if (overview.accountability === 'all' && entry.action !== 'delete') {
          const revision = await insertRow(ctx, 'service_revisions', {
            activity: id,
            collection: entry.collection,
            item: String(entry.item),
            data: ctx.dialect.toDatabase('json', entry.data),
            delta: ctx.dialect.toDatabase('json', entry.delta),
            parent: null,
          });
          if (entry.children && entry.children.length > 0) await ctx.db('service_revisions').whereIn('id', entry.children).update({ parent: revision });
          ctx.childRevisions?.push(revision);
        }
      }
    },
    async recordEvent(ctx, event: AuditEvent) {
      return insertRow(ctx, 'service_activity', {
        ...base(ctx),
        user: event.user !== undefined ? event.user : ctx.accountability.user,
        action: event.action,
        collection: event.collection,
        item: String(event.item),
        comment: event.comment ?? null,
      });
    },
  };
}
