import type { AuditEntry } from '../../../engine/audit-recorder.js';
import { onCommit, withTransaction, type Context } from '../../../engine/context.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import type { Item, ItemsDeps, ItemsService, PrimaryKey } from '../items.types.js';
import { accessCount, assertItemAccess } from './assert-item-access.js';
import { writeManyToOne, writeOneToMany } from './nested-relations.js';
import { preparePayload, type PreparedPayload } from './prepare-payload.js';
import { recordAudit, submittedPayload } from './record-audit.js';
import { columnFields, snapshotOf, toRow, translated } from './write-rows.js';
import { validateKeys } from './validate-keys.js';
import { mayWriteWithTrail, updateWithTrail } from './write-with-trail.js';
import { actionAfterCommit, filterWrite } from '../../../engine/write-events.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';

const CHUNK = 500;

/**
 * Applies the same data to every key, in one transaction; every key must be updatable (else 403, nothing written).
 * In order: the `filter` event (may change or refuse the data), the access check, preparePayload (permissions,
 * behaviours, casting, specials), nested m2o items, the UPDATE, o2m children, behaviours' checks, the activity
 * rows and revisions; after the commit one `action` event with the keys. Where the dialect can
 * (mayWriteWithTrail), the access check, the UPDATE and its trail are one statement instead: the same steps.
 */
export async function updateItems(
  ctx: Context,
  deps: ItemsDeps,
  svc: ItemsService,
  collection: string,
  rawKeys: unknown[],
  data: unknown,
): Promise<PrimaryKey[]> {
  const overview = getCollection(ctx.schema, collection);
  const keys = validateKeys(overview, rawKeys, ctx.config.query.maxBatchMutation);
  const behaviours = deps.behaviours.get(collection) ?? [];
  // The submitted fields: each must be named by a rule whose row filter matches every key (not the union of all rules).
  const fieldsOf = (submitted: unknown) =>
    isPlainObject(submitted) ? Object.keys(submitted).filter((f) => Object.hasOwn(overview.fields, f)) : [];
  const emitAction = (c: Context, submitted: unknown) =>
    actionAfterCommit(c, collection, 'update', { keys, payload: submittedPayload(c, collection, submitted) });
  let early: { submitted: unknown; prepared: PreparedPayload } | undefined;
  // No filter handler, no behaviours: preparing reads and runs nothing, so it may happen before the statement.
  if (mayWriteWithTrail(ctx, deps, overview, behaviours, 'update') && keys.length > 0) {
    const submitted = await filterWrite(ctx, collection, 'update', data, { keys });
    const guard = accessCount(ctx, collection, 'update', keys, fieldsOf(submitted));
    early = { submitted, prepared: await preparePayload(ctx, collection, 'update', submitted, keys, behaviours) };
    const done = await updateWithTrail(ctx, deps, collection, keys, early.prepared, guard);
    if (done) {
      emitAction(ctx, submitted);
      return done;
    }
  }
  return withTransaction(ctx, async (trx) => {
    const submitted = early ? early.submitted : await filterWrite(trx, collection, 'update', data, { keys });
    await assertItemAccess(trx, collection, 'update', keys, fieldsOf(submitted));
    const prepared = early?.prepared ?? (await preparePayload(trx, collection, 'update', submitted, keys, behaviours));
    // Nested items' revisions get the revision of the item they were written for (the first key's for m2o) as parent.
    const children = new Map(keys.map((key) => [key, [] as number[]]));
    await writeManyToOne({ ...trx, childRevisions: children.get(keys[0]!) }, svc, collection, prepared, keys[0]);
    const row = toRow(trx, collection, prepared.columns);
    // With nothing run after the UPDATE that could change the rows, they come back from it for the revisions.
    const returning =
      behaviours.length === 0 && overview.accountability === 'all' && trx.dialect.supportsReturning ? columnFields(trx, collection) : null;
    const snapshots = new Map<string, Item>();
    if (Object.keys(row).length > 0) {
      for (let i = 0; i < keys.length; i += CHUNK) {
        const chunk = keys.slice(i, i + CHUNK);
        const update = trx.db(collection).whereIn(overview.primary, chunk).update(row);
        const result: unknown = await translated<unknown>(
          trx,
          collection,
          async () => (returning ? await update.returning(returning) : await update),
          { columns: [prepared.columns], rows: [row] },
        );
        if (returning)
          for (const written of result as Item[]) snapshots.set(String(written[overview.primary]), snapshotOf(trx, collection, written));
      }
    }
    for (const key of keys) await writeOneToMany({ ...trx, childRevisions: children.get(key) }, svc, collection, key, prepared.oneToMany);
    const written = { ...prepared.columns, ...prepared.oneToMany };
    for (const behaviour of behaviours)
      if (behaviour.afterWrite) await behaviour.afterWrite(trx, { action: 'update', payload: written, keys });
    const entries: AuditEntry[] = keys.map((key) => ({
      action: 'update',
      collection,
      item: key,
      delta: { ...prepared.columns },
      data: snapshots.get(String(key)) ?? null,
      children: children.get(key),
    }));
    await recordAudit(trx, deps, collection, entries);
    for (const behaviour of behaviours) if (behaviour.afterCommit) onCommit(trx, behaviour.afterCommit);
    emitAction(trx, submitted);
    return keys;
  });
}
