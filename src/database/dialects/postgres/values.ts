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
 * What pg binds for an API value: ISO text for timestamps (`timestamptz` keeps the instant), zone-less text
 * for date-times, dates and times, real booleans, and JSON as text (pg would turn a JS array into a
 * PostgreSQL array otherwise). A value that cannot be converted is returned unchanged.
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
    case 'boolean':
      return toBoolean(value) ?? value;
    case 'json':
      return toJsonText(value);
    case 'csv':
      return toCsvText(value);
    default:
      return bindable(value);
  }
}

/** The API value of what pg returns (see fromDatabaseValue; the type parsers are in knex-config). */
export function fromDatabase(type: FieldType, value: unknown): unknown {
  return fromDatabaseValue(type, value);
}

function bindable(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString();
  return value;
}
