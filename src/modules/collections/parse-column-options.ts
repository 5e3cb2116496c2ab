import { isNowDefault } from '../../database/dialects/shared/is-now-default.js';
import { toNumberWhenSafe } from '../../database/dialects/shared/to-number-when-safe.js';
import { formatDecimal, parseDecimal } from '../../kernel/text/exact-decimal.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import { isUuid } from '../../kernel/values/is-uuid.js';

/** The column facts a client may set through a field's `schema`, normalised. */
export type ColumnOptions = {
  maxLength: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  defaultValue: unknown;
  unique: boolean;
  indexed: boolean;
  primaryKey: boolean;
  autoIncrement: boolean;
  /** The vendor column type asked for (`schema.data_type`); the dialect uses it only when it is one of its variants. */
  dataType: string | null;
};

const STRING_TYPES: readonly FieldType[] = ['string', 'hash'];
const MAX_VARCHAR = 65535;

/**
 * Reads the settable parts of a field's `schema` (Directus names) for a field of `type`; only keys present
 * are returned. Keys that do not apply to the type (a `max_length` on an integer, as snapshots carry) and
 * read-only facts (`is_generated`, `foreign_key_*`) are ignored; `data_type` is passed on to the dialect, which
 * makes that column type only when it is one of its columnTypeVariants for the field type. Bad values are a 400.
 */
export function parseColumnOptions(field: string, type: FieldType, raw: unknown): Partial<ColumnOptions> {
  if (raw === undefined || raw === null) return {};
  if (!isPlainObject(raw)) throw invalidPayload(`"schema" of field "${field}" must be an object or null`);
  const options: Partial<ColumnOptions> = {};
  const flag = (key: string): boolean | undefined => {
    const value = raw[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') throw invalidPayload(`"schema.${key}" of field "${field}" must be a boolean`);
    return value;
  };
  const nullable = flag('is_nullable');
  if (nullable !== undefined) options.nullable = nullable;
  const unique = flag('is_unique');
  if (unique !== undefined) options.unique = unique;
  const indexed = flag('is_indexed');
  if (indexed !== undefined) options.indexed = indexed;
  const primaryKey = flag('is_primary_key');
  if (primaryKey !== undefined) options.primaryKey = primaryKey;
  const autoIncrement = flag('has_auto_increment');
  if (autoIncrement !== undefined) options.autoIncrement = autoIncrement;
  if (options.autoIncrement && type !== 'integer' && type !== 'bigInteger') {
    throw invalidPayload(`Field "${field}" can only auto-increment when its type is "integer" or "bigInteger"`);
  }

  if (STRING_TYPES.includes(type) && raw.max_length !== undefined) {
    options.maxLength = positiveInteger(field, 'max_length', raw.max_length, MAX_VARCHAR);
  }
  if (type === 'decimal') {
    if (raw.numeric_precision !== undefined) options.precision = positiveInteger(field, 'numeric_precision', raw.numeric_precision, 65);
    if (raw.numeric_scale !== undefined) {
      const scale = raw.numeric_scale;
      if (scale !== null && (typeof scale !== 'number' || !Number.isInteger(scale) || scale < 0 || scale > 30)) {
        throw invalidPayload(`"schema.numeric_scale" of field "${field}" must be an integer from 0 to 30`);
      }
      options.scale = scale;
    }
  }
  if (typeof raw.data_type === 'string' && raw.data_type !== '') options.dataType = raw.data_type.toLowerCase();
  if (raw.default_value !== undefined) options.defaultValue = parseDefaultValue(field, type, raw.default_value);
  return options;
}

/** The options of a new column: what was given, over Directus's defaults (nullable, no default, varchar(255)). */
export function withColumnDefaults(type: FieldType, given: Partial<ColumnOptions>): ColumnOptions {
  const options: ColumnOptions = {
    maxLength: given.maxLength ?? (STRING_TYPES.includes(type) ? 255 : null),
    precision: given.precision ?? (type === 'decimal' ? 10 : null),
    scale: given.scale ?? (type === 'decimal' ? 5 : null),
    nullable: given.nullable ?? true,
    defaultValue: given.defaultValue ?? null,
    unique: given.unique ?? false,
    indexed: given.indexed ?? false,
    primaryKey: given.primaryKey ?? false,
    autoIncrement: given.autoIncrement ?? false,
    dataType: given.dataType ?? null,
  };
  if (options.precision !== null && options.scale !== null && options.scale > options.precision) {
    throw invalidPayload(`"schema.numeric_scale" can't be larger than "schema.numeric_precision"`);
  }
  checkDefaultLength(type, options);
  return options;
}

/** A string default must fit the column's length. */
export function checkDefaultLength(type: FieldType, options: Pick<ColumnOptions, 'defaultValue' | 'maxLength'>): void {
  if (
    STRING_TYPES.includes(type) &&
    typeof options.defaultValue === 'string' &&
    options.maxLength !== null &&
    [...options.defaultValue].length > options.maxLength
  ) {
    throw invalidPayload(`The default value is longer than the field's maximum length (${options.maxLength})`);
  }
}

function positiveInteger(field: string, key: string, value: unknown, max: number): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw invalidPayload(`"schema.${key}" of field "${field}" must be an integer from 1 to ${max}`);
  }
  return value;
}

/** A default value must be a value of the field's type ("now" only for timestamps and date-times). */
export function parseDefaultValue(field: string, type: FieldType, value: unknown): unknown {
  if (value === null) return null;
  const wrong = (expected: string): never => {
    throw invalidPayload(`The default value of field "${field}" must be ${expected}`);
  };
  if (isNowDefault(value)) {
    if (type === 'timestamp' || type === 'dateTime') return 'CURRENT_TIMESTAMP';
    return wrong(`a value of type "${type}" ("now" is only for timestamp and dateTime fields)`);
  }
  switch (type) {
    case 'string':
    case 'text':
    case 'hash':
    case 'binary':
      return typeof value === 'string' ? value : wrong('a string');
    case 'csv':
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(',');
      return typeof value === 'string' ? value : wrong('a string or an array of strings');
    case 'uuid':
      return typeof value === 'string' && isUuid(value) ? value.toLowerCase() : wrong('a UUID');
    case 'integer':
    case 'bigInteger': {
      // A 64-bit default beyond 2^53 stays text (decision 0046); a JSON number there has lost digits already.
      if (type === 'bigInteger' && typeof value === 'string' && /^-?\d+$/.test(value.trim())) {
        const big = BigInt(value.trim());
        if (big < -(2n ** 63n) || big > 2n ** 63n - 1n) return wrong('an integer');
        return Number.isSafeInteger(Number(big)) ? Number(big) : big.toString();
      }
      const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      return typeof n === 'number' && Number.isSafeInteger(n) ? n : wrong('an integer');
    }
    case 'float': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? n : wrong('a number');
    }
    case 'decimal': {
      // Exact digits, as a number only where JSON holds it exactly (the column rounds to its scale).
      const parsed = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? parseDecimal(value) : null;
      return parsed === null ? wrong('a number') : toNumberWhenSafe(formatDecimal(parsed));
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 0 || value === 1) return value === 1;
      return wrong('a boolean');
    case 'json':
      return value;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
        ? value
        : wrong('a date (YYYY-MM-DD)');
    case 'time':
      return typeof value === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(value) ? value : wrong('a time (HH:mm:ss)');
    case 'dateTime':
    case 'timestamp':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : wrong('a date and time');
    default:
      return wrong('null');
  }
}
