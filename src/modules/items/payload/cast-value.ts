import { invalidPayload, valueOutOfRange, valueTooLong } from '../../../kernel/errors/index.js';
import type { FieldOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import { isStorableText } from '../../../kernel/text/is-storable-text.js';
import { formatDecimal, parseDecimal, roundDecimal, significantDigits } from '../../../kernel/text/exact-decimal.js';
import { exceedsDepth } from '../../../kernel/json/exceeds-depth.js';
import { toNumberWhenSafe } from '../../../database/dialects/shared/to-number-when-safe.js';
import type { ExactNumbers } from '../../../database/dialects/dialect.js';
import { parseTemporal, temporalToDate } from '../../../database/dialects/shared/parse-temporal.js';
import { toDateTimeString } from '../../../database/dialects/shared/to-date-time-string.js';
import { isUuid } from '../../../kernel/values/is-uuid.js';

const INT32 = { min: -2147483648, max: 2147483647 };
const INT32_BIG = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const INT64 = [-(2n ** 63n), 2n ** 63n - 1n] as const;
const SAFE = [BigInt(Number.MIN_SAFE_INTEGER), BigInt(Number.MAX_SAFE_INTEGER)] as const;
/** PostgreSQL and MySQL keep every digit of a decimal column. */
const EXACT: ExactNumbers = { decimalDigits: null, bigIntegers: true };
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
 * SQLite's loose typing never decides what is stored. Decimals and big integers never pass through a binary
 * float: they are rounded to the column's scale as the database would, checked against its precision and what
 * the vendor keeps exactly (`exact`), and given as text when a JSON number would lose digits, so the answer,
 * the revision and the row hold the same value.
 */
export function castValue(
  collection: string,
  field: FieldOverview,
  value: unknown,
  exact: ExactNumbers = EXACT,
  maxJsonDepth?: number,
): unknown {
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
      if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) {
        const big = BigInt(value.trim());
        const [min, max] = field.type === 'integer' ? INT32_BIG : exact.bigIntegers ? INT64 : SAFE;
        if (big < min || big > max) throw valueOutOfRange(collection, field.field, value);
        // A number where JSON holds it exactly (the API's form for integers), else the digits as text.
        return Number.isSafeInteger(Number(big)) ? Number(big) : big.toString();
      }
      if (typeof value !== 'number' || !Number.isInteger(value)) return wrong('an integer');
      if (field.type === 'integer' && (value < INT32.min || value > INT32.max)) throw valueOutOfRange(collection, field.field, value);
      // A JSON number past 2^53 has already lost digits when it was parsed: what was meant is unknown.
      if (!Number.isSafeInteger(value)) throw valueOutOfRange(collection, field.field, value);
      return value;
    }
    case 'float': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return wrong('a number');
      return n;
    }
    case 'decimal':
      return castDecimal(collection, field, value, exact, wrong);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === 'true' || value === '1') return true;
      if (value === 0 || value === 'false' || value === '0') return false;
      return wrong('a boolean');
    case 'uuid':
      if (typeof value !== 'string' || !isUuid(value)) return wrong('a UUID');
      return value.toLowerCase();
    case 'json':
      if (maxJsonDepth !== undefined && exceedsDepth(value, maxJsonDepth))
        wrong(`JSON nested at most ${maxJsonDepth} levels deep on this database`);
      return value;
    case 'csv':
      if (typeof value === 'string')
        return value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.map(String);
      return wrong('an array of strings');
    case 'date':
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(?:$|[T ])/.test(value) || !isCalendarDate(value))
        return wrong('a date (YYYY-MM-DD)');
      return value.slice(0, 10);
    case 'time':
      if (typeof value !== 'string' || !TIME.test(value)) return wrong('a time (HH:mm:ss)');
      return value.length === 5 ? `${value}:00` : value.slice(0, 8);
    case 'dateTime':
    case 'timestamp': {
      if (!(typeof value === 'string' || typeof value === 'number' || value instanceof Date)) return wrong('a date and time');
      // ISO-like text goes through parseTemporal, which reads a missing zone as UTC; `new Date` would read it in
      // the process's zone and move the value by the server's offset. Other forms (RFC 2822, epoch) as before.
      const parts = typeof value === 'string' ? parseTemporal(value) : undefined;
      const date = parts?.hasDate ? temporalToDate(parts) : value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) return wrong('a date and time');
      // JavaScript rolls impossible days over (Feb 30 → Mar 1); a database refuses them or stores garbage.
      if (typeof value === 'string' && DATE.test(value) && !isCalendarDate(value)) return wrong('a date and time');
      if (field.type === 'timestamp') return date.toISOString();
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(value)) {
        return `${value.replace(' ', 'T')}${value.length === 16 ? ':00' : ''}`;
      }
      // Zone-less text keeps its wall clock (fractions dropped); a value with a zone is expressed in UTC.
      return parts?.hasDate && parts.offsetMinutes === null ? toDateTimeString(value as string)! : date.toISOString().slice(0, 19);
    }
    case 'binary':
      if (typeof value !== 'string') return wrong('a string');
      return value;
    default:
      return value;
  }
}

/**
 * A decimal from a number or numeric text: rounded to the column's scale (half away from zero, as PostgreSQL
 * and MySQL round), refused past its precision or the vendor's exact digits, and returned as the number or the
 * text the database will answer for it (toNumberWhenSafe of the column's text).
 */
function castDecimal(
  collection: string,
  field: FieldOverview,
  value: unknown,
  exact: ExactNumbers,
  wrong: (expected: string) => never,
): unknown {
  if (typeof value !== 'number' && (typeof value !== 'string' || value.trim() === '')) return wrong('a number');
  const parsed = parseDecimal(value);
  if (parsed === null) return wrong('a number');
  const rounded = field.scale === null ? parsed : roundDecimal(parsed, field.scale);
  const wholeDigits = field.precision === null ? null : field.precision - (field.scale ?? 0);
  if (wholeDigits !== null && rounded.whole.length > wholeDigits) throw valueOutOfRange(collection, field.field, value);
  if (exact.decimalDigits !== null && significantDigits(rounded) > exact.decimalDigits)
    throw valueOutOfRange(collection, field.field, value);
  return toNumberWhenSafe(formatDecimal(rounded, field.scale));
}
