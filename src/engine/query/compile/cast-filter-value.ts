import { parseTemporal, temporalToDate } from '../../../database/dialects/shared/parse-temporal.js';
import { invalidQuery } from '../../../kernel/errors/index.js';
import type { FieldType } from '../../../kernel/system/field-types.js';
import { isStorableText } from '../../../kernel/text/is-storable-text.js';
import { parseDecimal, significantDigits as digitsOf } from '../../../kernel/text/exact-decimal.js';
import { isUuid } from '../../../kernel/values/is-uuid.js';

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** Ranges of the integer field types (32-bit `integer` columns on PostgreSQL and MySQL, 64-bit `bigInteger`). */
const INTEGER_RANGE = { integer: [-(2n ** 31n), 2n ** 31n - 1n], bigInteger: [-(2n ** 63n), 2n ** 63n - 1n] } as const;

/** Text forms that arrive through query strings: "null" and "true"/"false". */
export function coerceScalar(value: unknown): unknown {
  if (value === 'null' || value === 'NULL') return null;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * Checks and converts one filter operand to the field's type (before the dialect turns it into a driver value).
 * A value that can never be stored in the type (text in a number, an integer beyond the column's range, an
 * infinite number, February 30) is a 400, so no vendor ever sees (and fails on) a mistyped comparison.
 */
export function castFilterValue(type: FieldType, value: unknown, field: string): unknown {
  if (value === null) return null;
  const fail = (): never => {
    throw invalidQuery(`"${String(value)}" is not a valid ${type} value for field "${field}"`);
  };
  if (typeof value === 'object') fail();
  switch (type) {
    case 'integer':
    case 'bigInteger': {
      const text = String(value).trim();
      if (typeof value === 'boolean' || !INTEGER.test(text)) return fail();
      const [min, max] = INTEGER_RANGE[type];
      const big = BigInt(text);
      if (big < min || big > max) return fail();
      const n = Number(text);
      return Number.isSafeInteger(n) ? n : big.toString();
    }
    case 'float':
    case 'decimal': {
      const text = String(value).trim();
      if (typeof value === 'boolean' || !NUMBER.test(text)) return fail();
      const n = Number(text);
      if (!Number.isFinite(n)) return fail();
      // A decimal a double can't hold is compared as its digits (every vendor reads numeric text exactly).
      return type === 'decimal' && String(n) !== text && significantDigits(text) > 15 ? text : n;
    }
    case 'boolean':
      if (value === true || value === 'true' || value === 1 || value === '1') return true;
      if (value === false || value === 'false' || value === 0 || value === '0') return false;
      return fail();
    case 'uuid':
      if (typeof value !== 'string' || !isUuid(value)) return fail();
      return value.toLowerCase();
    case 'date':
    case 'dateTime':
    case 'timestamp': {
      // ISO-like text (any zone) or epoch milliseconds; impossible dates (February 30) are refused.
      if (typeof value !== 'string' && typeof value !== 'number') return fail();
      const parts = parseTemporal(value);
      if (!parts?.hasDate) return fail();
      return type === 'timestamp' || typeof value === 'number' ? temporalToDate(parts) : value.trim();
    }
    case 'time': {
      const parts = typeof value === 'string' ? parseTemporal(value) : undefined;
      if (!parts || parts.hasDate) return fail();
      return value;
    }
    default: {
      const text = typeof value === 'string' ? value : String(value);
      // Nothing stored can hold NUL or a lone surrogate, and PostgreSQL/MySQL fail on them: a 400 instead.
      if (!isStorableText(text)) return fail();
      return text;
    }
  }
}

function significantDigits(text: string): number {
  const parsed = parseDecimal(text);
  return parsed === null ? 0 : digitsOf(parsed);
}
