import type { AuditEntry } from '../../../engine/audit-recorder.js';
import { onCommit, withTransaction, type Context } from '../../../engine/context.js';
import type { ItemsDeps, ItemsService, PrimaryKey } from '../items.types.js';
import { writeManyToOne, writeOneToMany } from './nested-relations.js';
import { preparePayload } from './prepare-payload.js';
import { recordAudit } from './record-audit.js';
import { insertRow } from './write-rows.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';

/** Creates items in one transaction: all or nothing. Nested m2o items first, o2m children after. */
export async function createItems(ctx: Context, deps: ItemsDeps, svc: ItemsService, collection: string, payloads: unknown[]): Promise<PrimaryKey[]> {
  getCollection(ctx.schema, collection);
  const max = ctx.config.query.maxBatchMutation;
  if (max !== null && payloads.length > max) throw invalidPayload(`A batch may create at most ${max} items`);
  const behaviours = deps.behaviours.get(collection) ?? [];
  return withTransaction(ctx, async (trx) => {
    const keys: PrimaryKey[] = [];
    const entries: AuditEntry[] = [];
    for (const payload of payloads) {
      const prepared = await preparePayload(trx, collection, 'create', payload, [], behaviours);
      // The nested items' revisions are collected so that this item's revision becomes their parent.
      const children: number[] = [];
      const nested = { ...trx, childRevisions: children };
      await writeManyToOne(nested, svc, collection, prepared);
      const key = await insertRow(trx, collection, prepared.columns);
      keys.push(key);
      entries.push({ action: 'create', collection, item: key, delta: prepared.columns, data: null, children });
      await writeOneToMany(nested, svc, collection, key, prepared.oneToMany);
      const written = { ...prepared.columns, ...prepared.oneToMany };
      for (const behaviour of behaviours) if (behaviour.afterWrite) await behaviour.afterWrite(trx, { action: 'create', payload: written, keys: [key] });
    }
    await recordAudit(trx, deps, collection, entries);
    for (const behaviour of behaviours) if (behaviour.afterCommit) onCommit(trx, behaviour.afterCommit);
    return keys;
  });
}
