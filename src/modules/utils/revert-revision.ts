import { asSystem, withTransaction, type Context } from '../../engine/context.js';
import { getCollection } from '../../engine/schema-overview/get-collection.js';
import type { FieldOverview } from '../../engine/schema-overview/schema-overview.types.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import type { Item, ItemsService, PrimaryKey } from '../items/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/** Values the server sets itself on every update (or never changes); a revert leaves them to it. */
const STAMPS = ['date-created', 'date-updated', 'user-created', 'user-updated'];

/**
 * Puts an item back into the state a revision recorded (its `data` snapshot); for REST
 * (`POST /utils/revert/:revision`) and GraphQL (`utils_revert`).
 *
 * - The revision is read with the caller's permissions: an unknown, malformed or unreadable id is 403
 *   FORBIDDEN, as Directus. A revision without `data` (a create's is the payload; older ones may have none) is 400.
 * - The change is one update through the items service with the caller's context, so the permission engine
 *   decides (update access, row rules, field permissions, validation) and the update is recorded in the
 *   activity log with a new revision like any other (Directus records a revert as an `update`).
 * - Only the fields whose value differs from the item's current one are written, so reverting needs
 *   permission for what actually changes. Fields that no longer exist, aliases, the primary key, generated
 *   fields, user/date stamps and hashed or concealed fields (a revision holds them masked) are left as they are.
 */
export async function revertRevision(ctx: Context, items: ItemsService, revision: unknown): Promise<void> {
  const id = typeof revision === 'number' ? revision : typeof revision === 'string' && /^\d+$/.test(revision) ? Number(revision) : NaN;
  if (!Number.isSafeInteger(id)) throw forbidden();
  const row = await items.readOne(ctx, 'service_revisions', id, { fields: ['collection', 'item', 'data'] });
  const data = typeof row.data === 'string' ? parseJson(row.data) : row.data;
  if (!isPlainObject(data)) throw invalidPayload("Revision doesn't contain data to revert to");
  const collection = String(row.collection);
  const key = String(row.item) as PrimaryKey;
  const overview = getCollection(ctx.schema, collection);
  const fields = Object.values(overview.fields).filter((field) => Object.hasOwn(data, field.field) && isRevertible(field));

  await withTransaction(ctx, async (trx) => {
    const current = fields.length > 0 ? await items.readOne(asSystem(trx), collection, key, { fields: fields.map((f) => f.field) }) : {};
    const payload: Item = {};
    for (const field of fields) if (!sameValue(data[field.field], current[field.field])) payload[field.field] = data[field.field];
    await items.updateOne(trx, collection, key, payload);
  });
}

function isRevertible(field: FieldOverview): boolean {
  if (field.alias || field.primaryKey || field.generated || field.type === 'hash') return false;
  return !field.special.some((special) => special === 'hash' || special === 'conceal' || STAMPS.includes(special));
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
