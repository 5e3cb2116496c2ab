import type { FieldType } from '../../../kernel/system/field-types.js';
import type { ColumnInfo } from '../dialect.js';

const BY_DATA_TYPE: Record<string, FieldType> = {
  'character varying': 'string',
  character: 'string',
  text: 'text',
  smallint: 'integer',
  integer: 'integer',
  bigint: 'bigInteger',
  real: 'float',
  'double precision': 'float',
  numeric: 'decimal',
  boolean: 'boolean',
  json: 'json',
  jsonb: 'json',
  uuid: 'uuid',
  date: 'date',
  'timestamp without time zone': 'dateTime',
  'timestamp with time zone': 'timestamp',
  'time without time zone': 'time',
  'time with time zone': 'time',
  bytea: 'binary',
};

/** Maps an information_schema data type back to a field type; `char(36)` is a uuid as on other vendors. */
export function fieldTypeOf(column: ColumnInfo): FieldType {
  const type = column.dataType.toLowerCase();
  if (type === 'character' && column.maxLength === 36) return 'uuid';
  return BY_DATA_TYPE[type] ?? 'unknown';
}
