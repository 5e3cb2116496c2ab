import type { Knex } from 'knex';
import type { FieldType } from '../../../kernel/system/field-types.js';
import type { ColumnDefinition } from '../dialect.js';
import { applyColumnOptions } from '../shared/apply-column-options.js';
import { isNowDefault } from '../shared/is-now-default.js';
import { nowDateTimeDefault, nowDefault } from './now-default.js';
import { toDatabase } from './values.js';

/**
 * MySQL/MariaDB types per field type. Timestamps are `datetime(3)` (no 2038 limit, no implicit
 * ON UPDATE or zero defaults of TIMESTAMP), date-times plain `datetime`: the fractional precision is how
 * introspection tells the two apart. Booleans are `tinyint(1)`, uuids `char(36)`, floats `double`; auto-increment
 * keys are signed, as on the other vendors.
 */
function columnType(column: ColumnDefinition): string | null {
  const types: Record<Exclude<FieldType, 'alias' | 'unknown'>, string> = {
    string: `varchar(${column.maxLength ?? 255})`,
    text: 'text',
    integer: 'int',
    bigInteger: 'bigint',
    float: 'double',
    decimal: `decimal(${column.precision ?? 10}, ${column.scale ?? 5})`,
    boolean: 'tinyint(1)',
    json: 'json',
    csv: 'text',
    uuid: 'char(36)',
    hash: 'varchar(255)',
    date: 'date',
    dateTime: 'datetime',
    time: 'time',
    timestamp: 'datetime(3)',
    binary: 'blob',
  };
  return column.type === 'alias' || column.type === 'unknown' ? null : types[column.type];
}

/** Types whose literal defaults MySQL only takes as expressions: `DEFAULT ('…')`. */
const EXPRESSION_DEFAULT_TYPES: readonly FieldType[] = ['text', 'json', 'csv', 'binary'];

export function addColumn(
  table: Knex.CreateTableBuilder | Knex.AlterTableBuilder,
  column: ColumnDefinition,
  knex: Knex,
): Knex.ColumnBuilder {
  const type = columnType(column);
  if (type === null) throw new Error(`Field type "${column.type}" has no column`);
  if (column.autoIncrement && (column.type === 'integer' || column.type === 'bigInteger')) {
    // Signed, unlike knex's increments(): integer foreign keys (signed everywhere) must match it exactly.
    return table.specificType(column.name, `${type} not null auto_increment primary key`);
  }
  return applyColumnOptions(table.specificType(column.name, type), column, defaultFor(column, knex));
}

function defaultFor(column: ColumnDefinition, knex: Knex): unknown {
  if (column.defaultValue === undefined || column.defaultValue === null) return undefined;
  if (column.type === 'timestamp' && isNowDefault(column.defaultValue)) return nowDefault(knex);
  if (column.type === 'dateTime' && isNowDefault(column.defaultValue)) return nowDateTimeDefault(knex);
  const value = toDatabase(column.type, column.defaultValue);
  return EXPRESSION_DEFAULT_TYPES.includes(column.type) ? knex.raw('(?)', [value as Knex.Value]) : value;
}
