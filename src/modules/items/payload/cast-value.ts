import { invalidPayload, valueOutOfRange, valueTooLong } from '../../../kernel/errors/index.js';
import type { FieldOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import { isStorableText } from '../../../kernel/text/is-storable-text.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT32 = { min: -2147483648, max: 2147483647 };
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/;

/** Whether a string starts with a real calendar date (`2024-02-30` and `2023-02-29` are not). */
function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Checks one submitted value against its field's type and turns it into the canonical API value
 * (numbers, booleans, ISO strings, arrays for csv). A value of the wrong type is a 400 on every vendor;
 * SQLite's loose typing never decides what is stored.
 */
export function castValue(collection: string, field: FieldOverview, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const wrong = (expected: string): never => {
    throw invalidPayload(`Value for field "${field.field}" in collection "${collection}" must be ${expected}`);
  };
  switch (field.type) {
    case 'string':
    case 'text':
    case 'hash': {
      if (typeof value !== 'string') {
        if (typeof value === 'number' || typeof value === 'boolean') value = String(value);
        else return wrong('a string');
      }
      const text = value as string;
      // No vendor stores both: PostgreSQL refuses NUL, MySQL refuses lone surrogates, SQLite takes anything.
      if (!isStorableText(text)) return wrong('well-formed text without NUL characters');
      if (field.type === 'string' && field.maxLength !== null && [...text].length > field.maxLength) {
        throw valueTooLong(collection, field.field, text);
      }
      return text;
    }
    case 'integer':
    case 'bigInteger': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n)) return wrong('an integer');
      if (field.type === 'integer' && (n < INT32.min || n > INT32.max)) throw valueOutOfRange(collection, field.field, n);
      if (!Number.isSafeInteger(n)) throw valueOutOfRange(collection, field.field, n);
      return n;
    }
    case 'float':
    case 'decimal': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return wrong('a number');
      return n;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === 'true' || value === '1') return true;
      if (value === 0 || value === 'false' || value === '0') return false;
      return wrong('a boolean');
    case 'uuid':
      if (typeof value !== 'string' || !UUID.test(value)) return wrong('a UUID');
      return value.toLowerCase();
    case 'json':
      return value;
    case 'csv':
      if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
      if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.map(String);
      return wrong('an array of strings');
    case 'date':
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(?:$|[T ])/.test(value) || !isCalendarDate(value)) return wrong('a date (YYYY-MM-DD)');
      return value.slice(0, 10);
    case 'time':
      if (typeof value !== 'string' || !TIME.test(value)) return wrong('a time (HH:mm:ss)');
      return value.length === 5 ? `${value}:00` : value.slice(0, 8);
    case 'dateTime':
    case 'timestamp': {
      if (!(typeof value === 'string' || typeof value === 'number' || value instanceof Date)) return wrong('a date and time');
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) return wrong('a date and time');
      // JavaScript rolls impossible days over (Feb 30 → Mar 1); a database refuses them or stores garbage.
      if (typeof value === 'string' && DATE.test(value) && !isCalendarDate(value)) return wrong('a date and time');
      if (field.type === 'timestamp') return date.toISOString();
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(value)) {
        return `${value.replace(' ', 'T')}${value.length === 16 ? ':00' : ''}`;
      }
      return date.toISOString().slice(0, 19);
    }
    case 'binary':
      if (typeof value !== 'string') return wrong('a string');
      return value;
    default:
      return value;
  }
}
