import type { FieldType } from '../../../kernel/system/field-types.js';
import { fromDatabaseValue } from '../shared/from-database-value.js';
import { toBoolean } from '../shared/to-boolean.js';
import { toCsvText } from '../shared/to-csv-text.js';
import { toDateString } from '../shared/to-date-string.js';
import { toDateTimeString } from '../shared/to-date-time-string.js';
import { toJsonText } from '../shared/to-json-text.js';
import { toTimeString } from '../shared/to-time-string.js';

/**
 * What mysql2 binds for an API value. DATETIME has no zone: timestamps are written as UTC
 * `YYYY-MM-DD HH:mm:ss.sss`, date-times as `YYYY-MM-DD HH:mm:ss`; booleans 0/1; JSON and csv as text.
 * A value that cannot be converted is returned unchanged.
 */
export function toDatabase(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (type) {
    case 'timestamp':
      return toDateTimeString(value, { separator: ' ', milliseconds: true }) ?? value;
    case 'dateTime':
      return toDateTimeString(value, { separator: ' ' }) ?? bindable(value);
    case 'date':
      return toDateString(value) ?? bindable(value);
    case 'time':
      return toTimeString(value) ?? bindable(value);
    case 'boolean': {
      const flag = toBoolean(value);
      return flag === undefined ? value : flag ? 1 : 0;
    }
    case 'json':
      return toJsonText(value);
    case 'csv':
      return toCsvText(value);
    default:
      return bindable(value);
  }
}

/** The API value of what mysql2 returns (see fromDatabaseValue; DATETIME text is read as UTC). */
export function fromDatabase(type: FieldType, value: unknown): unknown {
  return fromDatabaseValue(type, value);
}

function bindable(value: unknown): unknown {
  if (value instanceof Date) return toDateTimeString(value, { separator: ' ', milliseconds: true }) ?? value;
  return value;
}
