import type { Knex } from 'knex';
import type { FieldType } from '../../../kernel/system/field-types.js';
import type { ColumnDefinition } from '../dialect.js';
import { applyColumnOptions } from '../shared/apply-column-options.js';
import { isNowDefault } from '../shared/is-now-default.js';
import { nowDateTimeDefault, nowDefault } from './now-default.js';
import { toDatabase } from './values.js';

/**
 * PostgreSQL types per field type. `json` (not `jsonb`) keeps documents exactly as written (key order,
 * formatting), which is what a round trip through the API promises; `timestamp` is `timestamptz`,
 * `dateTime` the zone-less `timestamp`; floats are `double precision` (`real` loses digits).
 */
function columnType(column: ColumnDefinition): string | null {
  const types: Record<Exclude<FieldType, 'alias' | 'unknown'>, string> = {
    string: `varchar(${column.maxLength ?? 255})`,
    text: 'text',
    integer: 'integer',
    bigInteger: 'bigint',
    float: 'double precision',
    decimal: `numeric(${column.precision ?? 10}, ${column.scale ?? 5})`,
    boolean: 'boolean',
    json: 'json',
    csv: 'text',
    uuid: 'uuid',
    hash: 'varchar(255)',
    date: 'date',
    dateTime: 'timestamp',
    time: 'time',
    timestamp: 'timestamptz',
    binary: 'bytea',
  };
  return column.type === 'alias' || column.type === 'unknown' ? null : types[column.type];
}

/** Directus on PostgreSQL makes floats `real` columns. */
export const POSTGRES_COLUMN_TYPE_VARIANTS = { float: ['real'] } as const;

export function addColumn(
  table: Knex.CreateTableBuilder | Knex.AlterTableBuilder,
  column: ColumnDefinition,
  knex: Knex,
): Knex.ColumnBuilder {
  const variant =
    column.dataType &&
    (POSTGRES_COLUMN_TYPE_VARIANTS as Partial<Record<FieldType, readonly string[]>>)[column.type]?.includes(column.dataType)
      ? column.dataType
      : null;
  const type = variant ?? columnType(column);
  if (type === null) throw new Error(`Field type "${column.type}" has no column`);
  if (column.autoIncrement && column.type === 'integer') return applyColumnOptions(table.increments(column.name), column, undefined);
  if (column.autoIncrement && column.type === 'bigInteger') {
    return applyColumnOptions(table.bigIncrements(column.name), column, undefined);
  }
  return applyColumnOptions(table.specificType(column.name, type), column, defaultFor(column, knex));
}

function defaultFor(column: ColumnDefinition, knex: Knex): unknown {
  if (column.defaultValue === undefined || column.defaultValue === null) return undefined;
  if (column.type === 'timestamp' && isNowDefault(column.defaultValue)) return nowDefault(knex);
  if (column.type === 'dateTime' && isNowDefault(column.defaultValue)) return nowDateTimeDefault(knex);
  return toDatabase(column.type, column.defaultValue);
}
