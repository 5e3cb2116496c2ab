import type { Context } from '../../../engine/context.js';
import { ADMIN_PERMISSIONS } from '../../../engine/permissions/admin-permissions.js';
import { readByQuery } from '../../../engine/query/read-by-query.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { isConcealed } from '../../../engine/schema-overview/is-concealed.js';
import { isAppError } from '../../../kernel/errors/index.js';
import type { Item, PrimaryKey } from '../items.types.js';
import { insertRowsReturning } from '../../../database/insert-rows-returning.js';
import { CONCEALED } from '../../../kernel/text/concealed.js';
import { nameDuplicateValue, type WrittenRows } from './name-duplicate-value.js';

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

/**
 * Runs a statement and turns driver errors (unique, not null, foreign key, range, length) into catalogue errors;
 * a duplicate is named by its value on every vendor when the statement's rows are given (nameDuplicateValue).
 */
export async function translated<T>(ctx: Context, collection: string, statement: () => Promise<T>, written?: WrittenRows): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    if (isAppError(error)) throw error;
    const known = ctx.dialect.translateError(error, collection);
    if (!known) throw error;
    throw written ? await nameDuplicateValue(ctx, collection, known, written) : known;
  }
}

/** INSERT one row and return its primary key (given, returned by the database, or the new auto-increment id). */
export async function insertRow(ctx: Context, collection: string, columns: Item): Promise<PrimaryKey> {
  return (await insertRows(ctx, collection, [columns], false))[0]!.key;
}

export type InsertedRow = {
  key: PrimaryKey;
  /** The item as inserted, as a revision keeps it (readSnapshots' form); null where the dialect can't return it. */
  snapshot: Item | null;
};

/**
 * INSERT rows in as few statements as the dialect allows (insertRowsReturning: rows whose keys are given or
 * auto-incremented) and return their primary keys in order, with their snapshots when `withSnapshots` and the
 * dialect returns inserted rows (which saves reading them again for the revisions).
 */
export async function insertRows(ctx: Context, collection: string, columns: Item[], withSnapshots: boolean): Promise<InsertedRow[]> {
  const overview = getCollection(ctx.schema, collection);
  const rows = columns.map((c) => toRow(ctx, collection, c));
  // Every dialect answers (decision 0049): PostgreSQL moves its sequence, the others' counters follow by themselves.
  const afterGivenKeys = overview.fields[overview.primary]?.autoIncrement
    ? () => ctx.dialect.syncAutoIncrement(ctx.db, collection, overview.primary)
    : undefined;
  const snapshots = withSnapshots && ctx.dialect.supportsReturning;
  const returned = await translated(
    ctx,
    collection,
    () =>
      insertRowsReturning(ctx.db, ctx.dialect, collection, rows, {
        key: overview.primary,
        columns: snapshots ? columnFields(ctx, collection) : [],
        afterGivenKeys,
      }),
    { columns, rows },
  );
  return returned.map((row, i) => {
    const given = columns[i]![overview.primary];
    const id = given !== undefined && given !== null ? given : row[overview.primary];
    return { key: (typeof id === 'bigint' ? Number(id) : id) as PrimaryKey, snapshot: snapshots ? snapshotOf(ctx, collection, row) : null };
  });
}

/** The names of a collection's column fields (not aliases), in the overview's order. */
export function columnFields(ctx: Context, collection: string): string[] {
  return Object.values(getCollection(ctx.schema, collection).fields)
    .filter((f) => !f.alias)
    .map((f) => f.field);
}

/**
 * A row as the database returned it → the item as readSnapshots reads it (all column fields as an
 * administrator sees them: API values, concealed fields masked).
 */
export function snapshotOf(ctx: Context, collection: string, row: Item): Item {
  const overview = getCollection(ctx.schema, collection);
  const out: Item = {};
  for (const name of columnFields(ctx, collection)) {
    const field = overview.fields[name]!;
    const value = row[name];
    if (isConcealed(field)) out[name] = value === null || value === undefined ? null : CONCEALED;
    else out[name] = ctx.dialect.fromDatabase(field.type, value);
  }
  return out;
}

/** The items as they are now (all column fields, read as system work) for revisions. */
export async function readSnapshots(ctx: Context, collection: string, keys: PrimaryKey[]): Promise<Map<string, Item>> {
  const overview = getCollection(ctx.schema, collection);
  const fields = Object.values(overview.fields)
    .filter((f) => !f.alias)
    .map((f) => f.field);
  const result = await readByQuery({ ...ctx, permissions: ADMIN_PERMISSIONS }, collection, {
    fields,
    filter: { [overview.primary]: { _in: keys } },
    limit: -1,
  });
  return new Map(result.data.map((item) => [String(item[overview.primary]), item]));
}
