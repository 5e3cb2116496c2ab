import type { FieldType } from '../../../kernel/system/field-types.js';
import type { ColumnInfo } from '../dialect.js';

const BY_DECLARED_TYPE: Record<string, FieldType> = {
  varchar: 'string',
  'character varying': 'string',
  'varying character': 'string',
  nvarchar: 'string',
  nchar: 'string',
  'native character': 'string',
  char: 'string',
  character: 'string',
  text: 'text',
  clob: 'text',
  integer: 'integer',
  int: 'integer',
  tinyint: 'integer',
  smallint: 'integer',
  mediumint: 'integer',
  int2: 'integer',
  bigint: 'bigInteger',
  int8: 'bigInteger',
  'unsigned big int': 'bigInteger',
  float: 'float',
  real: 'float',
  double: 'float',
  'double precision': 'float',
  numeric: 'decimal',
  decimal: 'decimal',
  boolean: 'boolean',
  bool: 'boolean',
  json: 'json',
  jsonb: 'json',
  uuid: 'uuid',
  date: 'date',
  datetime: 'dateTime',
  timestamp: 'timestamp',
  timestamptz: 'timestamp',
  time: 'time',
  blob: 'binary',
  binary: 'binary',
  varbinary: 'binary',
};

/**
 * Maps a declared SQLite type back to a field type; a column declared `char(36)` is a uuid, one declared
 * `character(36)` a fixed-length string (add-column.ts).
 */
export function fieldTypeOf(column: ColumnInfo): FieldType {
  const type = column.dataType.toLowerCase();
  if (
    (type === 'char' || type === 'character') &&
    column.maxLength === 36 &&
    !(column.columnType ?? '').toLowerCase().startsWith('character')
  )
    return 'uuid';
  return BY_DECLARED_TYPE[type] ?? 'unknown';
}
