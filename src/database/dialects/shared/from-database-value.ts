import type { FieldType } from '../../../kernel/system/field-types.js';
import { parseJsonValue } from './parse-json-value.js';
import { toBoolean } from './to-boolean.js';
import { toCsvArray } from './to-csv-array.js';
import { toDateString } from './to-date-string.js';
import { toDateTimeString } from './to-date-time-string.js';
import { toIsoTimestamp } from './to-iso-timestamp.js';
import { toNumberWhenSafe } from './to-number-when-safe.js';
import { toTimeString } from './to-time-string.js';

/**
 * The API value of a field from what a driver returns. Every dialect configures its driver so that the
 * raw forms are alike (dates as text or Date, JSON as text, big numbers as text), which lets them share
 * this conversion: ISO timestamps, `YYYY-MM-DDTHH:mm:ss` date-times, booleans, parsed JSON, csv arrays and
 * numbers where they are safe. A value it cannot convert is returned unchanged.
 */
export function fromDatabaseValue(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (type) {
    case 'timestamp':
      return toIsoTimestamp(value) ?? value;
    case 'dateTime':
      return toDateTimeString(value) ?? value;
    case 'date':
      return toDateString(value) ?? value;
    case 'time':
      return toTimeString(value) ?? value;
    case 'boolean':
      return toBoolean(value) ?? value;
    case 'json':
      return parseJsonValue(value);
    case 'csv':
      return toCsvArray(value);
    case 'integer':
    case 'bigInteger':
    case 'float':
    case 'decimal':
      return toNumberWhenSafe(value);
    default:
      return value;
  }
}
