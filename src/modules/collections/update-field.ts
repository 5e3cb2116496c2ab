import type { ColumnInfo } from '../../database/dialects/dialect.js';
import type { Context } from '../../engine/context.js';
import { containsNullValues, forbidden, invalidPayload, recordNotUnique } from '../../kernel/errors/index.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { alterColumn, columnDefinition, syncColumnIndexes } from './column-ddl.js';
import { findCollection } from './find-collection.js';
import { countRows, findField } from './find-field.js';
import {
  checkDefaultLength,
  parseColumnOptions,
  parseDefaultValue,
  withColumnDefaults,
  type ColumnOptions,
} from './parse-column-options.js';
import { parseFieldMeta, parseFieldType } from './parse-field-input.js';
import { runSchemaChange } from './run-schema-change.js';
import type { FieldUpdateInput, SchemaDeps } from './schema.types.js';
import { reconcileSpecials, toSpecialList } from './type-specials.js';
import { validateMeta } from './validate-meta.js';
import { reconcileFieldSpecial } from './write-field-meta.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/**
 * Changes a field: its type and column (nullability, default, length, precision/scale, unique, index), by
 * altering the column to the whole new definition, and its meta row (updated, or created). Keys left out
 * keep their current value. The primary key's column can't change; a field can't turn from alias to column
 * or back. Setting NOT NULL on a column holding nulls is a 400 CONTAINS_NULL_VALUES, unique on duplicates a
 * 400 RECORD_NOT_UNIQUE, both checked before any DDL.
 */
export async function updateField(
  ctx: Context,
  deps: SchemaDeps,
  collection: string,
  field: string,
  input: FieldUpdateInput,
): Promise<string> {
  assertSchemaAccess(ctx, 'service_fields', 'update');
  if (!isPlainObject(input)) throw invalidPayload('The payload must be an object with "type", "meta" and/or "schema"');

  await runSchemaChange(ctx, deps, { collection }, async (trx) => {
    const state = await findCollection(trx, deps, collection);
    if (!state) throw forbidden();
    if (state.system) throw invalidPayload(`Fields of system collection "${collection}" can't be changed`);
    const current = await findField(trx, deps, state, field);
    if (!current) throw forbidden();
    const type = input.type === undefined ? current.type : parseFieldType(field, input.type);
    if ((type === 'alias') !== (current.column === null))
      throw invalidPayload(`Field "${field}" can't change between an alias field and a column`);
    const meta = input.meta === undefined || input.meta === null ? null : parseFieldMeta(field, type, input.meta).meta;
    if (meta) validateMeta('service_fields', meta, `field "${field}"`);

    let columnType: FieldType | null = null;
    if (current.column) {
      const column = current.column;
      const wanted = desiredColumn(field, type, current.type, column, parseColumnOptions(field, type, input.schema));
      const changed = wanted.changed;
      if (column.isPrimaryKey && changed) throw invalidPayload(`The column of primary key "${field}" can't be changed`);
      if (!wanted.options.nullable && column.isNullable && (await countRows(trx, collection, { nullColumn: field })) > 0)
        throw containsNullValues(collection, field);
      if (wanted.unique === true && !column.isUnique) await assertNoDuplicates(trx, collection, field);
      if (changed)
        await alterColumn(trx, collection, columnDefinition(field, type, { ...wanted.options, primaryKey: false, autoIncrement: false }));
      if (!column.isPrimaryKey) await syncColumnIndexes(trx, collection, field, { unique: wanted.unique, indexed: wanted.indexed });
      const after = (await trx.dialect.listColumns(trx.db, collection)).find((c) => c.name === field);
      columnType = after ? trx.dialect.fieldTypeOf(after) : null;
    }

    if (meta) {
      const base = meta.special !== undefined ? toSpecialList(meta.special) : current.special;
      const special = reconcileSpecials(base, type, columnType);
      const payload = {
        ...meta,
        ...(special.join() !== base.join() || meta.special !== undefined ? { special: special.length > 0 ? special : null } : {}),
      };
      if (current.meta) await deps.items.updateOne(trx, 'service_fields', current.meta.id as number, payload);
      else await deps.items.createOne(trx, 'service_fields', { ...payload, collection, field });
    } else {
      await reconcileFieldSpecial(trx, deps, collection, field, type, columnType, current.special);
    }
  });
  return field;
}

/** The column's new options: the given ones over the current ones (lengths and defaults that fit the new type). */
function desiredColumn(field: string, type: FieldType, currentType: FieldType, column: ColumnInfo, given: Partial<ColumnOptions>) {
  const typeChanged = type !== currentType;
  const fresh = withColumnDefaults(type, {});
  let carriedDefault: unknown = null;
  try {
    carriedDefault = parseDefaultValue(field, type, column.defaultValue ?? null);
  } catch {
    carriedDefault = null;
  }
  const options: ColumnOptions = {
    maxLength:
      given.maxLength !== undefined
        ? (given.maxLength ?? fresh.maxLength)
        : typeChanged || column.maxLength === null
          ? fresh.maxLength
          : column.maxLength,
    precision:
      given.precision !== undefined
        ? (given.precision ?? fresh.precision)
        : typeChanged || column.numericPrecision === null
          ? fresh.precision
          : column.numericPrecision,
    scale:
      given.scale !== undefined
        ? (given.scale ?? fresh.scale)
        : typeChanged || column.numericScale === null
          ? fresh.scale
          : column.numericScale,
    nullable: given.nullable ?? column.isNullable,
    defaultValue: given.defaultValue !== undefined ? given.defaultValue : carriedDefault,
    unique: given.unique ?? column.isUnique,
    indexed: given.indexed ?? column.isIndexed,
    primaryKey: column.isPrimaryKey,
    autoIncrement: column.hasAutoIncrement,
    // A column made as one of the dialect's variants (`datetime` for a timestamp on SQLite) stays one.
    dataType: given.dataType ?? (typeChanged ? null : column.dataType),
  };
  if (options.precision !== null && options.scale !== null && options.scale > options.precision) {
    throw invalidPayload(`"schema.numeric_scale" can't be larger than "schema.numeric_precision"`);
  }
  checkDefaultLength(type, options);
  const changed =
    typeChanged ||
    (fresh.maxLength !== null && options.maxLength !== column.maxLength) ||
    (type === 'decimal' && (options.precision !== column.numericPrecision || options.scale !== column.numericScale)) ||
    options.nullable !== column.isNullable ||
    JSON.stringify(options.defaultValue ?? null) !== JSON.stringify(column.defaultValue ?? null);
  return { options, changed, unique: given.unique, indexed: given.indexed };
}

async function assertNoDuplicates(ctx: Context, collection: string, field: string): Promise<void> {
  const duplicate = (await ctx.db(collection).select(field).whereNotNull(field).groupBy(field).havingRaw('count(*) > 1').first()) as
    Record<string, unknown> | undefined;
  if (duplicate) throw recordNotUnique(collection, field, duplicate[field]);
}
