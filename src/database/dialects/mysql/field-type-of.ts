import type { FieldType } from '../../../kernel/system/field-types.js';
import type { ColumnInfo } from '../dialect.js';

const BY_DATA_TYPE: Record<string, FieldType> = {
  varchar: 'string',
  char: 'string',
  enum: 'string',
  set: 'string',
  text: 'text',
  tinytext: 'text',
  mediumtext: 'text',
  longtext: 'text',
  tinyint: 'integer',
  smallint: 'integer',
  mediumint: 'integer',
  int: 'integer',
  integer: 'integer',
  year: 'integer',
  bigint: 'bigInteger',
  float: 'float',
  double: 'float',
  real: 'float',
  decimal: 'decimal',
  numeric: 'decimal',
  boolean: 'boolean',
  bool: 'boolean',
  json: 'json',
  uuid: 'uuid',
  date: 'date',
  datetime: 'dateTime',
  timestamp: 'timestamp',
  time: 'time',
  binary: 'binary',
  varbinary: 'binary',
  tinyblob: 'binary',
  blob: 'binary',
  mediumblob: 'binary',
  longblob: 'binary',
};

/**
 * Maps a MySQL/MariaDB column back to a field type: `tinyint(1)` is a boolean, `char(36)` a uuid, and a
 * `datetime` with fractional seconds (`datetime(3)`, how timestamps are created) a timestamp.
 */
export function fieldTypeOf(column: ColumnInfo): FieldType {
  const type = column.dataType.toLowerCase();
  const full = (column.columnType ?? '').toLowerCase();
  if (type === 'tinyint' && /^tinyint\(1\)/.test(full)) return 'boolean';
  if (type === 'char' && column.maxLength === 36) return 'uuid';
  if (type === 'datetime' && /^datetime\([1-6]\)/.test(full)) return 'timestamp';
  return BY_DATA_TYPE[type] ?? 'unknown';
}
