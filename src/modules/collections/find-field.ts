import type { ColumnInfo } from '../../database/dialects/dialect.js';
import type { Context } from '../../engine/context.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import type { Item } from '../items/index.js';
import type { CollectionState } from './find-collection.js';
import { readMetaRows } from './meta-rows.js';
import type { SchemaDeps } from './schema.types.js';
import { toSpecialList, typeFromSpecial } from './type-specials.js';

/** A field of a user collection as it is right now. */
export type FieldState = {
  collection: string;
  field: string;
  /** Its column (null for alias fields). */
  column: ColumnInfo | null;
  /** Its service_fields row (API form), if any. */
  meta: Item | null;
  special: string[];
  /** The type as the schema overview reads it. */
  type: FieldType;
};

/** The field named exactly `field`, or null when it has neither a column nor a meta row. */
export async function findField(ctx: Context, deps: SchemaDeps, collection: CollectionState, field: string): Promise<FieldState | null> {
  const columns = collection.table ? await ctx.dialect.listColumns(ctx.db, collection.collection) : [];
  const column = columns.find((c) => c.name === field) ?? null;
  const [meta] = await readMetaRows(ctx, deps, 'service_fields', { collection: collection.collection, field });
  if (!column && !meta) return null;
  const special = toSpecialList(meta?.special);
  const type = column ? typeFromSpecial(special, ctx.dialect.fieldTypeOf(column)) : 'alias';
  return { collection: collection.collection, field, column, meta: meta ?? null, special, type };
}

/** A new field's name must not be taken in its collection, compared without regard to case: 400 otherwise. */
export async function assertNewField(ctx: Context, deps: SchemaDeps, collection: CollectionState, field: string): Promise<void> {
  const lower = field.toLowerCase();
  const columns = collection.table ? await ctx.dialect.listColumns(ctx.db, collection.collection) : [];
  const rows = await readMetaRows(ctx, deps, 'service_fields', { collection: collection.collection });
  const taken = [...columns.map((c) => c.name), ...rows.map((r) => String(r.field))].find((name) => name.toLowerCase() === lower);
  if (taken !== undefined) throw invalidPayload(`Field "${taken}" already exists in collection "${collection.collection}"`);
}

/** The number of rows of a table (to know whether a NOT NULL column can be added or set). */
export async function countRows(ctx: Context, table: string, where?: { nullColumn: string }): Promise<number> {
  const query = ctx.db(table).count({ count: '*' });
  if (where) query.whereNull(where.nullColumn);
  const row = (await query.first()) as { count: number | string } | undefined;
  return Number(row?.count ?? 0);
}
