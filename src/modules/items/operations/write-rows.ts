import type { Context } from '../../../engine/context.js';
import { ADMIN_PERMISSIONS } from '../../../engine/permissions/admin-permissions.js';
import { readByQuery } from '../../../engine/query/read-by-query.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { isAppError } from '../../../kernel/errors/index.js';
import type { Item, PrimaryKey } from '../items.types.js';
import { insertRowsReturning } from '../../../database/insert-rows-returning.js';

/** Column values (API form) → driver values. */
export function toRow(ctx: Context, collection: string, columns: Item): Item {
  const overview = getCollection(ctx.schema, collection);
  const row: Item = {};
  for (const [name, value] of Object.entries(columns)) {
    const field = overview.fields[name];
    if (!field) continue;
    const apiValue = field.type === 'csv' && Array.isArray(value) ? value.join(',') : value;
    row[name] = apiValue === null || apiValue === undefined ? null : ctx.dialect.toDatabase(field.type, apiValue);
  }
  return row;
}

/** Runs a statement and turns driver errors (unique, not null, foreign key, range, length) into catalogue errors. */
export async function translated<T>(ctx: Context, collection: string, statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    if (isAppError(error)) throw error;
    throw ctx.dialect.translateError(error, collection) ?? error;
  }
}

/** INSERT one row and return its primary key (given, returned by the database, or the new auto-increment id). */
export async function insertRow(ctx: Context, collection: string, columns: Item): Promise<PrimaryKey> {
  const overview = getCollection(ctx.schema, collection);
  const row = toRow(ctx, collection, columns);
  const given = columns[overview.primary];
  const query = ctx.db(collection).insert(row);
  const result = (await translated(ctx, collection, () => (ctx.dialect.supportsReturning ? query.returning(overview.primary) : query))) as unknown[];
  if (given !== undefined && given !== null) {
    if (overview.fields[overview.primary]?.autoIncrement && ctx.dialect.syncAutoIncrement) {
      await ctx.dialect.syncAutoIncrement(ctx.db, collection, overview.primary);
    }
    return given as PrimaryKey;
  }
  const first = result[0];
  const id = first && typeof first === 'object' ? (first as Item)[overview.primary] : first;
  return typeof id === 'bigint' ? Number(id) : (id as PrimaryKey);
}

/**
 * INSERT rows whose keys are given or auto-incremented, in as few statements as the dialect allows
 * (insertRowsReturning), and return their primary keys in order.
 */
export async function insertRows(ctx: Context, collection: string, columns: Item[]): Promise<PrimaryKey[]> {
  if (columns.length === 1) return [await insertRow(ctx, collection, columns[0]!)];
  const overview = getCollection(ctx.schema, collection);
  const rows = columns.map((c) => toRow(ctx, collection, c));
  const sync = ctx.dialect.syncAutoIncrement;
  const afterGivenKeys = overview.fields[overview.primary]?.autoIncrement && sync ? () => sync(ctx.db, collection, overview.primary) : undefined;
  const keys = await translated(ctx, collection, () => insertRowsReturning(ctx.db, ctx.dialect, collection, rows, overview.primary, afterGivenKeys));
  return keys.map((id, i) => (columns[i]![overview.primary] !== undefined ? (columns[i]![overview.primary] as PrimaryKey) : typeof id === 'bigint' ? Number(id) : (id as PrimaryKey)));
}

/** The items as they are now (all column fields, read as system work) for revisions. */
export async function readSnapshots(ctx: Context, collection: string, keys: PrimaryKey[]): Promise<Map<string, Item>> {
  const overview = getCollection(ctx.schema, collection);
  const fields = Object.values(overview.fields).filter((f) => !f.alias).map((f) => f.field);
  const result = await readByQuery({ ...ctx, permissions: ADMIN_PERMISSIONS }, collection, {
    fields,
    filter: { [overview.primary]: { _in: keys } },
    limit: -1,
  });
  return new Map(result.data.map((item) => [String(item[overview.primary]), item]));
}
