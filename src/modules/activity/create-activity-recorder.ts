import type { AuditEntry, AuditEvent, AuditRecorder, TrailedWrite } from '../../engine/audit-recorder.js';
import type { Context } from '../../engine/context.js';
import { getCollection } from '../../engine/schema-overview/get-collection.js';
import { insertRowsReturning } from '../../database/insert-rows-returning.js';

/** The column types of the activity row that are not text, for the values a one-statement write binds. */
const ACTIVITY_CASTS: Readonly<Record<string, string>> = { timestamp: 'timestamptz', user: 'uuid' };

/** Entries per statement where the activity rows and revisions go together (12 bound values each). */
const CHUNK = 1000;

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
  const insert = async (ctx: Context, table: string, rows: Record<string, unknown>[]) =>
    (await insertRowsReturning(ctx.db, ctx.dialect, table, rows, { key: 'id' })).map((row) => Number(row.id));

  /** The activity rows and their revisions; returns each entry's revision id (null: none). */
  const writeRows = async (
    ctx: Context,
    activityRows: Record<string, unknown>[],
    revisionRows: (Record<string, unknown> | null)[],
  ): Promise<(number | null)[]> => {
    if (!revisionRows.some(Boolean)) {
      await insert(ctx, 'service_activity', activityRows);
      return revisionRows.map(() => null);
    }
    if (ctx.dialect.insertWithChildren) {
      const child = {
        table: 'service_revisions',
        parentColumn: 'activity',
        columns: ['collection', 'item', 'data', 'delta'],
        casts: { data: 'json', delta: 'json' },
        rows: revisionRows,
      };
      const ids: (number | null)[] = [];
      for (let start = 0; start < activityRows.length; start += CHUNK) {
        const rows = revisionRows.slice(start, start + CHUNK);
        ids.push(
          ...(
            await ctx.dialect.insertWithChildren(
              ctx.db,
              { table: 'service_activity', rows: activityRows.slice(start, start + CHUNK) },
              { ...child, rows },
            )
          ).childIds,
        );
      }
      return ids;
    }
    const activityIds = await insert(ctx, 'service_activity', activityRows);
    const revised = revisionRows.flatMap((row, i) => (row ? [{ ...row, activity: activityIds[i], parent: null }] : []));
    const ids = await insert(ctx, 'service_revisions', revised);
    return revisionRows.map((row) => (row ? ids.shift()! : null));
  };

  return {
    async record(ctx, entries: AuditEntry[]) {
      const recorded = entries.filter((entry) => getCollection(ctx.schema, entry.collection).accountability !== null);
      if (recorded.length === 0) return;
      const common = base(ctx);
      const activityRows = recorded.map((entry) => ({
        ...common,
        action: entry.action,
        collection: entry.collection,
        item: String(entry.item),
      }));
      const revisionRows = recorded.map((entry) =>
        getCollection(ctx.schema, entry.collection).accountability === 'all' && entry.action !== 'delete'
          ? {
              collection: entry.collection,
              item: String(entry.item),
              data: ctx.dialect.toDatabase('json', entry.data),
              delta: ctx.dialect.toDatabase('json', entry.delta),
            }
          : null,
      );
      const revisionIdsOf = await writeRows(ctx, activityRows, revisionRows);
      const revised = recorded.flatMap((entry, i) => (revisionRows[i] ? [{ entry, revision: revisionIdsOf[i]! }] : []));
      const revisionIds = revised.map((r) => r.revision);
      for (const { entry, revision } of revised) {
        if (entry.children && entry.children.length > 0)
          await ctx.db('service_revisions').whereIn('id', entry.children).update({ parent: revision });
      }
      ctx.childRevisions?.push(...revisionIds);
    },
    writeWithTrail(ctx, write: TrailedWrite) {
      const accountability = getCollection(ctx.schema, write.collection).accountability;
      if (!ctx.dialect.writeWithTrail || accountability === null) return undefined;
      // The same activity row as `record` writes, but for the item key, which the statement takes from the write.
      const row: Record<string, unknown> = { ...base(ctx), action: write.action, collection: write.collection };
      const json = (delta: Record<string, unknown>) => ctx.dialect.toDatabase('json', delta) as string;
      const d = write.deltas;
      return ctx.dialect.writeWithTrail(ctx.db, {
        write: write.write,
        key: write.key,
        activity: {
          table: 'service_activity',
          itemColumn: 'item',
          values: Object.fromEntries(
            Object.entries(row).map(([column, value]) => [column, { value, cast: ACTIVITY_CASTS[column] ?? 'text' }]),
          ),
        },
        revision:
          accountability === 'all'
            ? {
                table: 'service_revisions',
                columns: { activity: 'activity', collection: 'collection', item: 'item', data: 'data', delta: 'delta' },
                collection: write.collection,
                fields: write.fields,
                deltas:
                  d.kind === 'same'
                    ? { kind: 'same', delta: json(d.delta) }
                    : d.kind === 'order'
                      ? { kind: 'order', deltas: d.deltas.map(json) }
                      : { kind: 'key', byKey: d.byKey.map(([key, delta]) => [key, json(delta)] as const) },
              }
            : null,
      });
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
      return id!;
    },
  };
}
