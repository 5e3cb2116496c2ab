import type { FieldType } from '../../../kernel/system/field-types.js';
import { fromDatabaseValue } from '../shared/from-database-value.js';
import { toBoolean } from '../shared/to-boolean.js';
import { toCsvText } from '../shared/to-csv-text.js';
import { toDateString } from '../shared/to-date-string.js';
import { toDateTimeString } from '../shared/to-date-time-string.js';
import { toIsoTimestamp } from '../shared/to-iso-timestamp.js';
import { toJsonText } from '../shared/to-json-text.js';
import { toTimeString } from '../shared/to-time-string.js';

/**
 * What better-sqlite3 binds for an API value. SQLite has no date or boolean types, and the driver cannot
 * bind Date or boolean, so: timestamps are ISO text in UTC with milliseconds and `Z` (lexical order is time
 * order), date-times `YYYY-MM-DDTHH:mm:ss`, dates `YYYY-MM-DD`, times `HH:mm:ss`, booleans 0/1, JSON text and
 * csv text. A value that cannot be converted is returned unchanged (validation happens elsewhere).
 */
export function toDatabase(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (type) {
    case 'timestamp':
      return toIsoTimestamp(value) ?? bindable(value);
    case 'dateTime':
      return toDateTimeString(value) ?? bindable(value);
    case 'date':
      return toDateString(value) ?? bindable(value);
    case 'time':
      return toTimeString(value) ?? bindable(value);
    case 'boolean': {
      const flag = toBoolean(value);
      return flag === undefined ? bindable(value) : flag ? 1 : 0;
    }
    case 'json':
      return toJsonText(value);
    case 'csv':
      return toCsvText(value);
    default:
      return bindable(value);
  }
}

/** The API value of what better-sqlite3 returns (see fromDatabaseValue). */
export function fromDatabase(type: FieldType, value: unknown): unknown {
  return fromDatabaseValue(type, value);
}

function bindable(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
