import type { AuditEntry } from '../../../engine/audit-recorder.js';
import { onCommit, withTransaction, type Context } from '../../../engine/context.js';
import type { Item, ItemsDeps, ItemsService, PrimaryKey } from '../items.types.js';
import { writeManyToOne, writeOneToMany } from './nested-relations.js';
import { preparePayload, type PreparedPayload } from './prepare-payload.js';
import { recordAudit, submittedPayload } from './record-audit.js';
import { insertRow, insertRows } from './write-rows.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { createWithTrail, mayWriteWithTrail } from './write-with-trail.js';
import { actionAfterCommit, filterWrite } from '../../../engine/write-events.js';

/**
 * Creates items in one transaction: all or nothing. Each payload, in order: its `filter` event (may change or
 * refuse it), preparePayload (permissions, behaviours, casting, specials), nested m2o items, the INSERT, o2m
 * children, then the activity rows and revisions of all; after the commit one `action` event per item.
 * Consecutive items with nothing nested, in a collection without behaviours, are inserted together
 * (`insertRows`: one statement on PostgreSQL and SQLite), in their order among the others. Where the dialect can
 * (mayWriteWithTrail), the INSERT and its trail are one statement instead of a transaction: the same steps.
 */
export async function createItems(
  ctx: Context,
  deps: ItemsDeps,
  svc: ItemsService,
  collection: string,
  payloads: unknown[],
): Promise<PrimaryKey[]> {
  const overview = getCollection(ctx.schema, collection);
  const max = ctx.config.query.maxBatchMutation;
  if (max !== null && payloads.length > max) throw invalidPayload(`A batch may create at most ${max} items`);
  const behaviours = deps.behaviours.get(collection) ?? [];
  // What each item was created from (after its filter event): its action event's payload.
  const submitted: unknown[] = [];
  const prepare = async (c: Context, payload: unknown, i: number) => {
    submitted[i] = await filterWrite(c, collection, 'create', payload, {});
    return preparePayload(c, collection, 'create', submitted[i], [], behaviours);
  };
  const emitActions = (c: Context, keys: PrimaryKey[]) =>
    keys.forEach((key, i) => actionAfterCommit(c, collection, 'create', { key, payload: submittedPayload(c, collection, submitted[i]) }));
  let early: PreparedPayload[] | undefined;
  // No filter handler, no behaviours: preparing reads and runs nothing, so it may happen before the statement.
  if (mayWriteWithTrail(ctx, deps, overview, behaviours, 'create')) {
    early = [];
    for (const [i, payload] of payloads.entries()) early.push(await prepare(ctx, payload, i));
    const done = await createWithTrail(ctx, deps, collection, early);
    if (done) {
      emitActions(ctx, done);
      return done;
    }
  }
  return withTransaction(ctx, async (trx) => {
    const keys: PrimaryKey[] = [];
    const entries: AuditEntry[] = [];
    let pending: Item[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      // No behaviours on this path, so the row as inserted is the item as it is at the end: its revision's data.
      const written = await insertRows(trx, collection, pending, overview.accountability === 'all');
      written.forEach(({ key, snapshot }, i) => {
        keys.push(key);
        entries.push({ action: 'create', collection, item: key, delta: pending[i]!, data: snapshot, children: [] });
      });
      pending = [];
    };
    for (const [i, payload] of payloads.entries()) {
      const prepared = early?.[i] ?? (await prepare(trx, payload, i));
      if (behaviours.length === 0 && isFlat(prepared, overview.primary, overview.fields[overview.primary]?.autoIncrement === true)) {
        pending.push(prepared.columns);
        continue;
      }
      await flush();
      // The nested items' revisions are collected so that this item's revision becomes their parent.
      const children: number[] = [];
      const nested = { ...trx, childRevisions: children };
      await writeManyToOne(nested, svc, collection, prepared);
      const key = await insertRow(trx, collection, prepared.columns);
      keys.push(key);
      entries.push({ action: 'create', collection, item: key, delta: prepared.columns, data: null, children });
      await writeOneToMany(nested, svc, collection, key, prepared.oneToMany);
      const written = { ...prepared.columns, ...prepared.oneToMany };
      for (const behaviour of behaviours)
        if (behaviour.afterWrite) await behaviour.afterWrite(trx, { action: 'create', payload: written, keys: [key] });
    }
    await flush();
    await recordAudit(trx, deps, collection, entries);
    for (const behaviour of behaviours) if (behaviour.afterCommit) onCommit(trx, behaviour.afterCommit);
    emitActions(trx, keys);
    return keys;
  });
}

/** Nothing nested, and a key that is either given or made by the database's auto-increment. */
function isFlat(prepared: PreparedPayload, primary: string, autoIncrement: boolean): boolean {
  if (Object.keys(prepared.nestedManyToOne).length > 0 || Object.keys(prepared.oneToMany).length > 0) return false;
  const key = prepared.columns[primary];
  return key === undefined ? autoIncrement && !Object.hasOwn(prepared.columns, primary) : key !== null;
}
