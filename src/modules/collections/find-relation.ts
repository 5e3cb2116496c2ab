import type { ColumnInfo, ForeignKeyInfo } from '../../database/dialects/dialect.js';
import { asSystem, type Context } from '../../engine/context.js';
import { invalidForeignKey, invalidPayload } from '../../kernel/errors/index.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import { SYSTEM_COLLECTIONS } from '../../kernel/system/system-collections.js';
import type { Item } from '../items/index.js';
import { findCollection, type CollectionState } from './find-collection.js';
import type { ForeignKeyRules } from './foreign-key-ddl.js';
import { readMetaRows } from './meta-rows.js';
import type { SchemaDeps } from './schema.types.js';
import { toSpecialList, typeFromSpecial } from './type-specials.js';

/** A relation as it is right now: its service_relations row and/or the foreign key on its field. */
export type RelationState = { collection: string; field: string; related: string | null; row: Item | null; key: ForeignKeyInfo | null };

export async function findRelation(ctx: Context, deps: SchemaDeps, collection: string, field: string): Promise<RelationState | null> {
  const [row] = await readMetaRows(ctx, deps, 'service_relations', { many_collection: collection, many_field: field });
  const tables = await ctx.dialect.listTables(ctx.db);
  const key = tables.includes(collection)
    ? ((await ctx.dialect.listForeignKeys(ctx.db, collection)).find((k) => k.table === collection && k.column === field) ?? null)
    : null;
  if (!row && !key) return null;
  const related = typeof row?.one_collection === 'string' ? row.one_collection : (key?.foreignKeyTable ?? null);
  return { collection, field, related, row: row ?? null, key };
}

/** The field type of a column as the schema overview reads it (system columns: their declared type). */
export async function columnFieldType(ctx: Context, deps: SchemaDeps, collection: CollectionState, column: ColumnInfo): Promise<FieldType> {
  if (collection.system) {
    return (
      SYSTEM_COLLECTIONS.find((s) => s.collection === collection.collection)?.fields[column.name]?.type ?? ctx.dialect.fieldTypeOf(column)
    );
  }
  const [meta] = await readMetaRows(ctx, deps, 'service_fields', { collection: collection.collection, field: column.name });
  return typeFromSpecial(toSpecialList(meta?.special), ctx.dialect.fieldTypeOf(column));
}

/** The related collection and its primary key column; a missing one is a 400. */
export async function relatedPrimaryKey(
  ctx: Context,
  deps: SchemaDeps,
  related: string,
): Promise<{ state: CollectionState; column: ColumnInfo; type: FieldType }> {
  const state = await findCollection(ctx, deps, related);
  if (!state?.table) throw invalidPayload(`Related collection "${related}" doesn't exist`);
  const column = (await ctx.dialect.listColumns(ctx.db, related)).find((c) => c.isPrimaryKey);
  if (!column) throw invalidPayload(`Related collection "${related}" has no primary key`);
  return { state, column, type: await columnFieldType(ctx, deps, state, column) };
}

/**
 * Before a foreign key is added (MySQL commits DDL at once): SET NULL needs a nullable field, and every value
 * already in the field must name an existing item (else 400 INVALID_FOREIGN_KEY).
 */
export async function assertForeignKeyPossible(
  ctx: Context,
  collection: string,
  column: ColumnInfo,
  related: string,
  relatedColumn: string,
  rules: ForeignKeyRules,
): Promise<void> {
  if (rules.onDelete === 'SET NULL' && !column.isNullable)
    throw invalidPayload(`"schema.on_delete" can't be SET NULL: field "${column.name}" is not nullable`);
  const orphan = (await ctx
    .db(collection)
    .select(column.name)
    .whereNotNull(column.name)
    .whereNotIn(column.name, ctx.db(related).select(relatedColumn))
    .first()) as Item | undefined;
  if (orphan) throw invalidForeignKey(collection, column.name, orphan[column.name]);
}

/**
 * The o2m alias field `oneField` on the related collection: created (special `o2m`) when missing. A column of
 * that name, or another relation using it, is a 400.
 */
export async function ensureOneField(
  ctx: Context,
  deps: SchemaDeps,
  related: CollectionState,
  oneField: string,
  relation: { collection: string; field: string },
): Promise<void> {
  if (related.system) throw invalidPayload(`An o2m field can't be added to system collection "${related.collection}"`);
  const columns = await ctx.dialect.listColumns(ctx.db, related.collection);
  const clash = columns.find((c) => c.name.toLowerCase() === oneField.toLowerCase());
  if (clash)
    throw invalidPayload(
      `Field "${clash.name}" of collection "${related.collection}" is a column and can't be the o2m field of a relation`,
    );
  const users = (await readMetaRows(ctx, deps, 'service_relations', { one_collection: related.collection, one_field: oneField })).filter(
    (r) => r.many_collection !== relation.collection || r.many_field !== relation.field,
  );
  if (users.length > 0)
    throw invalidPayload(`Field "${oneField}" of collection "${related.collection}" is already the o2m field of another relation`);
  const rows = await readMetaRows(ctx, deps, 'service_fields', { collection: related.collection });
  const sameName = rows.find((r) => String(r.field).toLowerCase() === oneField.toLowerCase());
  if (sameName && sameName.field !== oneField)
    throw invalidPayload(`Field "${String(sameName.field)}" already exists in collection "${related.collection}"`);
  if (!sameName)
    await deps.items.createOne(asSystem(ctx), 'service_fields', {
      collection: related.collection,
      field: oneField,
      special: ['o2m'],
      interface: 'list-o2m',
    });
}
