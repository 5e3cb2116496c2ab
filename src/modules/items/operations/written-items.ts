import type { Context } from '../../../engine/context.js';
import type { Query } from '../../../engine/query/query.types.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import type { Item, PrimaryKey } from '../items.types.js';
import { snapshotOf } from './write-rows.js';

/** Query keys that do not change what one item read by key looks like (nestedLimit: only lists of related items, which such an item has none of). */
const NEUTRAL = new Set(['limit', 'offset', 'page', 'meta', 'sort', 'nestedLimit']);

/** The rows a request's one-statement write got back (RETURNING), by request context, collection and key. */
const written = new WeakMap<Context, { collection: string; items: Map<string, Item> }>();

/**
 * Keeps the rows a write returned, for the answer of the same request (writtenItem). Only the last write of a
 * request is kept; the rows are as the database returned them.
 */
export function rememberWritten(ctx: Context, collection: string, rows: Item[]): void {
  const overview = getCollection(ctx.schema, collection);
  const items = new Map<string, Item>();
  for (const row of rows) items.set(keyText(ctx, collection, row[overview.primary] as PrimaryKey), row);
  written.set(ctx, { collection, items });
}

/**
 * The item a write of this request just returned, as readOne would answer it, when that needs no read: an
 * administrator (every field, no row filter), the default fields (`*`) and nothing else that shapes the item,
 * and a collection without alias fields (`*` would list their related keys). Otherwise undefined: read it.
 */
export function writtenItem(ctx: Context, collection: string, key: PrimaryKey, query: Query): Item | undefined {
  const entry = written.get(ctx);
  if (!entry || entry.collection !== collection || !ctx.permissions.admin) return undefined;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || NEUTRAL.has(name)) continue;
    if (name === 'fields' && Array.isArray(value) && value.length === 1 && value[0] === '*') continue;
    return undefined;
  }
  const overview = getCollection(ctx.schema, collection);
  if (Object.values(overview.fields).some((f) => f.alias)) return undefined;
  const row = entry.items.get(keyText(ctx, collection, key));
  return row ? snapshotOf(ctx, collection, row) : undefined;
}

function keyText(ctx: Context, collection: string, key: PrimaryKey): string {
  const overview = getCollection(ctx.schema, collection);
  return overview.fields[overview.primary]?.type === 'uuid' ? String(key).toLowerCase() : String(key);
}
