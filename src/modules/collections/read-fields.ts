import type { ColumnInfo } from '../../database/dialects/dialect.js';
import type { Context } from '../../engine/context.js';
import { canAccessField, getAccess } from '../../engine/permissions/get-access.js';
import { forbidden } from '../../kernel/errors/index.js';
import { SYSTEM_COLLECTIONS, isSystemCollection } from '../../kernel/system/system-collections.js';
import type { Item } from '../items/index.js';
import { assertSchemaAccess, canReadCollection } from './assert-schema-access.js';
import { describeColumn } from './describe-column.js';
import { readMetaRows } from './meta-rows.js';
import type { FieldInfo, SchemaDeps } from './schema.types.js';
import { systemFieldMeta } from './system-meta.js';
import { toSpecialList, typeFromSpecial } from './type-specials.js';

/**
 * Every field (of one collection, or of all), without permission checks: the columns with their
 * service_fields rows (`meta: null` without one) and alias fields (a meta row without a column, `schema:
 * null`). The type is read the way the schema overview reads it: `special` flags first, then the column.
 * Fields are in display order: `meta.sort`, then column order.
 */
export async function listFields(ctx: Context, deps: SchemaDeps, collection?: string): Promise<FieldInfo[]> {
  const tables = new Set(await ctx.dialect.listTables(ctx.db));
  const columns = collection === undefined || tables.has(collection) ? await ctx.dialect.listColumns(ctx.db, collection) : [];
  const rows = await readMetaRows(ctx, deps, 'service_fields', collection === undefined ? {} : { collection });
  const collectionRows = await readMetaRows(ctx, deps, 'service_collections', collection === undefined ? {} : { collection });
  const known = new Set([...tables, ...collectionRows.map((row) => String(row.collection))]);

  const columnsByTable = group(columns, (c) => c.table);
  const rowsByCollection = group(rows, (row) => String(row.collection));
  const names = collection === undefined ? [...known].sort() : known.has(collection) ? [collection] : [];
  const result: FieldInfo[] = [];
  for (const name of names) {
    const tableColumns = columnsByTable.get(name) ?? [];
    if (isSystemCollection(name)) result.push(...systemFields(name, tableColumns));
    else result.push(...userFields(ctx, name, tableColumns, rowsByCollection.get(name) ?? []));
  }
  return result;
}

function systemFields(collection: string, columns: ColumnInfo[]): FieldInfo[] {
  const spec = SYSTEM_COLLECTIONS.find((s) => s.collection === collection);
  if (!spec) return [];
  return Object.entries(spec.fields).map(([field, declared]) => {
    const column = columns.find((c) => c.name === field) ?? null;
    return {
      collection,
      field,
      type: declared.type,
      meta: systemFieldMeta(collection, field, declared, field === spec.primary),
      schema: column && declared.type !== 'alias' ? describeColumn(column) : null,
    };
  });
}

function userFields(ctx: Context, collection: string, columns: ColumnInfo[], rows: Item[]): FieldInfo[] {
  const metaByField = new Map(rows.map((row) => [String(row.field), row]));
  const fields: FieldInfo[] = columns.map((column) => {
    const meta = metaByField.get(column.name) ?? null;
    const type = typeFromSpecial(toSpecialList(meta?.special), ctx.dialect.fieldTypeOf(column));
    return { collection, field: column.name, type, meta, schema: describeColumn(column) };
  });
  const columnNames = new Set(columns.map((c) => c.name));
  for (const row of rows) {
    if (!columnNames.has(String(row.field))) fields.push({ collection, field: String(row.field), type: 'alias', meta: row, schema: null });
  }
  const position = (f: FieldInfo) => (typeof f.meta?.sort === 'number' ? f.meta.sort : Number.MAX_SAFE_INTEGER);
  return fields
    .map((f, index) => ({ f, index }))
    .sort((a, b) => position(a.f) - position(b.f) || a.index - b.index)
    .map(({ f }) => f);
}

function group<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item)) ?? [];
    list.push(item);
    map.set(key(item), list);
  }
  return map;
}

/** Keeps the fields a non-administrator may read (collection readable, field granted). */
function visibleTo(ctx: Context, fields: FieldInfo[]): FieldInfo[] {
  if (ctx.permissions.admin) return fields;
  return fields.filter((f) => {
    const access = getAccess(ctx.permissions, f.collection, 'read');
    return access !== null && canAccessField(access, f.field);
  });
}

/** `GET /fields` and `GET /fields/:collection` (an unknown or unreadable collection is a 403). */
export async function readFields(ctx: Context, deps: SchemaDeps, collection?: string): Promise<FieldInfo[]> {
  assertSchemaAccess(ctx, 'service_fields', 'read');
  if (collection !== undefined) {
    const exists = isSystemCollection(collection)
      ? SYSTEM_COLLECTIONS.some((s) => s.collection === collection)
      : (await ctx.dialect.listTables(ctx.db)).includes(collection) ||
        (await readMetaRows(ctx, deps, 'service_collections', { collection })).length > 0;
    if (!exists || !canReadCollection(ctx, collection)) throw forbidden();
  }
  return visibleTo(ctx, await listFields(ctx, deps, collection));
}

/** `GET /fields/:collection/:field`: missing or not readable → 403. */
export async function readField(ctx: Context, deps: SchemaDeps, collection: string, field: string): Promise<FieldInfo> {
  const found = (await readFields(ctx, deps, collection)).find((f) => f.field === field);
  if (!found) throw forbidden();
  return found;
}
