import type { Context } from '../../../engine/context.js';
import type { Query } from '../../../engine/query/query.types.js';
import { readByQuery } from '../../../engine/query/read-by-query.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { forbidden } from '../../../kernel/errors/index.js';
import type { Item, PrimaryKey } from '../items.types.js';
import { validateKeys } from './validate-keys.js';
import { writtenItem } from './written-items.js';

/** One item by key; a missing, malformed or unseen key is the same 403. */
export async function readOne(ctx: Context, collection: string, key: PrimaryKey, query: Query = {}): Promise<Item> {
  // The answer of a one-statement write: the row it returned, where reading it again could add nothing.
  const justWritten = writtenItem(ctx, collection, key, query);
  if (justWritten) return justWritten;
  const items = await readMany(ctx, collection, [key], query);
  const item = items[0];
  if (!item) throw forbidden();
  return item;
}

/** Items by key (in the query's sort order); keys the reader can't see are left out. */
export async function readMany(ctx: Context, collection: string, keys: PrimaryKey[], query: Query = {}): Promise<Item[]> {
  const overview = getCollection(ctx.schema, collection);
  const valid = validateKeys(overview, keys, null);
  if (valid.length === 0) return [];
  const { meta: _meta, page: _page, ...rest } = query;
  const result = await readByQuery(ctx, collection, { ...rest, limit: -1, offset: 0 }, { scope: { [overview.primary]: { _in: valid } } });
  return result.data;
}

/** The singleton's item, or its field defaults when it has not been saved yet. */
export async function readSingleton(ctx: Context, collection: string, query: Query = {}): Promise<Item> {
  const result = await readByQuery(ctx, collection, { ...query, limit: 1 });
  const item = result.data[0];
  if (item) return item;
  const overview = getCollection(ctx.schema, collection);
  const defaults: Item = {};
  for (const field of Object.values(overview.fields)) if (!field.alias) defaults[field.field] = field.defaultValue ?? null;
  return defaults;
}
