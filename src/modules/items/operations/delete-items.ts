import { onCommit, withTransaction, type Context } from '../../../engine/context.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import type { ItemsDeps, PrimaryKey } from '../items.types.js';
import { assertItemAccess } from './assert-item-access.js';
import { recordAudit } from './record-audit.js';
import { translated } from './write-rows.js';
import { validateKeys } from './validate-keys.js';
import { actionAfterCommit, filterWrite } from '../../../engine/write-events.js';

const CHUNK = 500;

/**
 * Deletes items in one transaction; every key must be deletable (else 403, nothing deleted). In order: the
 * `filter` event (its payload is the keys: may change or refuse them), the access check, behaviours' checks, the
 * DELETE, behaviours' invariants, the activity rows; after the commit one `action` event with the keys.
 */
export async function deleteItems(ctx: Context, deps: ItemsDeps, collection: string, rawKeys: unknown[]): Promise<PrimaryKey[]> {
  const overview = getCollection(ctx.schema, collection);
  const behaviours = deps.behaviours.get(collection) ?? [];
  const asked = validateKeys(overview, rawKeys, ctx.config.query.maxBatchMutation);
  return withTransaction(ctx, async (trx) => {
    const filtered: unknown = await filterWrite(trx, collection, 'delete', asked, {});
    const keys = validateKeys(overview, Array.isArray(filtered) ? filtered : [filtered], ctx.config.query.maxBatchMutation);
    await assertItemAccess(trx, collection, 'delete', keys);
    for (const behaviour of behaviours) if (behaviour.beforeDelete) await behaviour.beforeDelete(trx, keys);
    for (let i = 0; i < keys.length; i += CHUNK) {
      const chunk = keys.slice(i, i + CHUNK);
      await translated(trx, collection, () => trx.db(collection).whereIn(overview.primary, chunk).delete());
    }
    for (const behaviour of behaviours)
      if (behaviour.afterWrite) await behaviour.afterWrite(trx, { action: 'delete', payload: null, keys });
    await recordAudit(
      trx,
      deps,
      collection,
      keys.map((key) => ({ action: 'delete', collection, item: key, delta: null, data: null })),
    );
    for (const behaviour of behaviours) if (behaviour.afterCommit) onCommit(trx, behaviour.afterCommit);
    actionAfterCommit(trx, collection, 'delete', { keys, payload: keys });
    return keys;
  });
}
