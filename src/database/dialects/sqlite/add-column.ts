import type { Knex } from 'knex';
import type { FieldType } from '../../../kernel/system/field-types.js';
import type { ColumnDefinition } from '../dialect.js';
import { applyColumnOptions } from '../shared/apply-column-options.js';
import { isNowDefault } from '../shared/is-now-default.js';
import { NOW_DATE_TIME_EXPRESSION, nowDefault } from './now-default.js';
import { toDatabase } from './values.js';

/**
 * Declared SQLite types per field type. SQLite stores by affinity, but the declared names are kept so
 * introspection maps the column back to its field type (`timestamp` vs `datetime`, `char(36)` for uuids).
 */
function declaredType(column: ColumnDefinition): string | null {
  const types: Record<Exclude<FieldType, 'alias' | 'unknown'>, string> = {
    string: `varchar(${column.maxLength ?? 255})`,
    text: 'text',
    integer: 'integer',
    bigInteger: 'bigint',
    float: 'float',
    decimal: `decimal(${column.precision ?? 10}, ${column.scale ?? 5})`,
    boolean: 'boolean',
    json: 'json',
    csv: 'text',
    uuid: 'char(36)',
    hash: 'varchar(255)',
    date: 'date',
    dateTime: 'datetime',
    time: 'time',
    timestamp: 'timestamp',
    binary: 'blob',
  };
  return column.type === 'alias' || column.type === 'unknown' ? null : types[column.type];
}

/**
 * Directus on SQLite makes timestamps `datetime` columns (read back as timestamps by their `cast-timestamp`), and
 * some strings fixed-length `char(n)` columns (`user_created` without a kept relation). A `char` string is
 * declared `character(n)`: SQLite keeps the declared name, and `char(36)` is how uuids are declared, so the two
 * read back apart (fieldTypeOf); introspection reports both as `char`.
 */
export const SQLITE_COLUMN_TYPE_VARIANTS = { timestamp: ['datetime'], string: ['char'] } as const;

export function addColumn(
  table: Knex.CreateTableBuilder | Knex.AlterTableBuilder,
  column: ColumnDefinition,
  knex: Knex,
): Knex.ColumnBuilder {
  const variant =
    column.dataType &&
    (SQLITE_COLUMN_TYPE_VARIANTS as Partial<Record<FieldType, readonly string[]>>)[column.type]?.includes(column.dataType)
      ? column.dataType
      : null;
  const type = variant === 'char' ? `character(${column.maxLength ?? 255})` : (variant ?? declaredType(column));
  if (type === null) throw new Error(`Field type "${column.type}" has no column`);
  if (column.autoIncrement && (column.type === 'integer' || column.type === 'bigInteger')) {
    return applyColumnOptions(table.increments(column.name), column, undefined);
  }
  const builder = table.specificType(column.name, type);
  return applyColumnOptions(builder, column, defaultFor(column, knex));
}

function defaultFor(column: ColumnDefinition, knex: Knex): unknown {
  if (column.defaultValue === undefined || column.defaultValue === null) return undefined;
  if (column.type === 'timestamp' && isNowDefault(column.defaultValue)) return nowDefault(knex);
  if (column.type === 'dateTime' && isNowDefault(column.defaultValue)) return knex.raw(`(${NOW_DATE_TIME_EXPRESSION})`);
  return toDatabase(column.type, column.defaultValue);
}
