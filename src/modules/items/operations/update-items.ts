import type { AuditEntry } from '../../../engine/audit-recorder.js';
import { onCommit, withTransaction, type Context } from '../../../engine/context.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import type { Item, ItemsDeps, ItemsService, PrimaryKey } from '../items.types.js';
import { accessCount, assertItemAccess } from './assert-item-access.js';
import { writeManyToOne, writeOneToMany } from './nested-relations.js';
import { preparePayload, type PreparedPayload } from './prepare-payload.js';
import { recordAudit } from './record-audit.js';
import { columnFields, snapshotOf, toRow, translated } from './write-rows.js';
import { validateKeys } from './validate-keys.js';
import { mayWriteWithTrail, updateWithTrail } from './write-with-trail.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';

const CHUNK = 500;

/** Applies the same data to every key, in one transaction; every key must be updatable (else 403, nothing written). */
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
  let early: PreparedPayload | undefined;
  // The submitted fields: each must be named by a rule whose row filter matches every key (not the union of all rules).
  const fields = isPlainObject(data) ? Object.keys(data).filter((f) => Object.hasOwn(overview.fields, f)) : [];
  if (mayWriteWithTrail(ctx, deps, overview, behaviours) && keys.length > 0) {
    const guard = accessCount(ctx, collection, 'update', keys, fields);
    early = await preparePayload(ctx, collection, 'update', data, keys, behaviours);
    const done = await updateWithTrail(ctx, deps, collection, keys, early, guard);
    if (done) return done;
  }
  return withTransaction(ctx, async (trx) => {
    await assertItemAccess(trx, collection, 'update', keys, fields);
    const prepared = early ?? (await preparePayload(trx, collection, 'update', data, keys, behaviours));
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
        const result: unknown = await translated<unknown>(trx, collection, async () =>
          returning ? await update.returning(returning) : await update,
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
    return keys;
  });
}
