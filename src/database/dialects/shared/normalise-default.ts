import type { FieldType } from '../../../kernel/system/field-types.js';
import { parseJsonValue } from './parse-json-value.js';
import { toBoolean } from './to-boolean.js';
import { toNumberWhenSafe } from './to-number-when-safe.js';

/** The canonical spelling of a "now" default, the same on every vendor (as in Directus snapshots). */
export const NOW_DEFAULT = 'CURRENT_TIMESTAMP';

/**
 * Gives a parsed default the JS type of its field: numbers for numeric fields (`'25'` → 25), booleans for
 * boolean ones (`'0'` → false), the parsed document for JSON ones (`'{"a":1}'` → {a: 1}). Other values are
 * returned unchanged.
 */
export function normaliseDefault(value: unknown, type: FieldType): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return toBoolean(value) ?? value;
  if (type === 'json') return parseJsonValue(value);
  if (type === 'integer' || type === 'bigInteger' || type === 'float' || type === 'decimal') {
    return typeof value === 'string' ? toNumberWhenSafe(value) : value;
  }
  return value;
}
