import type { Context } from '../../../engine/context.js';
import { type AppError, recordNotUnique } from '../../../kernel/errors/index.js';
import type { Item } from '../items.types.js';

/** What a statement wrote: the columns as the API gave them, and the same rows as the driver got them. */
export type WrittenRows = { columns: readonly Item[]; rows: readonly Item[] };

/**
 * A RECORD_NOT_UNIQUE that names its field but not its value (SQLite's errors never carry it; PostgreSQL's and
 * MariaDB's do) gets the value from what was written: the one value the rows give that field, else the first one
 * given twice in the batch, else the first one already in the table (read in the same transaction, which a
 * refused statement leaves usable on SQLite). Null is never a duplicate; when no value is found the error stays
 * as it was.
 */
export async function nameDuplicateValue(ctx: Context, collection: string, error: AppError, written: WrittenRows): Promise<AppError> {
  const field = error.extensions.field;
  if (error.code !== 'RECORD_NOT_UNIQUE' || typeof field !== 'string' || error.extensions.value !== null) return error;
  const given = written.rows.flatMap((row, i) =>
    row[field] === null || row[field] === undefined ? [] : [{ stored: row[field], value: written.columns[i]?.[field] }],
  );
  const keys = given.map((g) => String(g.stored));
  let found = new Set(keys).size === 1 ? given[0] : given.find((_, i) => keys.indexOf(keys[i]!) !== i);
  if (found === undefined && given.length > 1) {
    const stored = await firstStored(
      ctx,
      collection,
      field,
      given.map((g) => g.stored),
    );
    found = stored === undefined ? undefined : given[keys.indexOf(String(stored))];
  }
  return found === undefined ? error : recordNotUnique(collection, field, found.value, error.cause);
}

async function firstStored(ctx: Context, collection: string, field: string, values: unknown[]): Promise<unknown> {
  try {
    const row = (await ctx
      .db(collection)
      .select(field)
      .whereIn(field, values as never[])
      .first()) as Item | undefined;
    return row?.[field];
  } catch {
    return undefined;
  }
}
