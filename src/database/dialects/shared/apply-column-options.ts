import type { Knex } from 'knex';
import type { ColumnDefinition } from '../dialect.js';

/**
 * Applies the vendor-neutral options of a column definition to a knex column: primary key, nullability,
 * default, unique and index. `defaultValue` is what the dialect made of the definition's default (a value to
 * bind, a raw expression, or undefined for none).
 */
export function applyColumnOptions(builder: Knex.ColumnBuilder, column: ColumnDefinition, defaultValue: unknown): Knex.ColumnBuilder {
  // increments()/bigIncrements() already say `not null primary key`.
  if (column.autoIncrement === true) return builder;
  if (column.primaryKey === true) builder.primary();
  if (column.nullable === false || column.primaryKey === true) builder.notNullable();
  else builder.nullable();
  if (defaultValue !== undefined && defaultValue !== null) builder.defaultTo(defaultValue as Knex.Value);
  if (column.unique === true && column.primaryKey !== true) builder.unique();
  if (column.indexed === true && column.unique !== true && column.primaryKey !== true) builder.index();
  return builder;
}
