import { invalidPayload } from '../../kernel/errors/index.js';
import { FIELD_TYPES, isFieldType, type FieldType } from '../../kernel/system/field-types.js';
import { parseColumnOptions, withColumnDefaults, type ColumnOptions } from './parse-column-options.js';
import { conflictingSpecials, toSpecialList } from './type-specials.js';
import { validateName } from './validate-name.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/** A field to create, checked and normalised. */
export type FieldSpec = {
  field: string;
  type: FieldType;
  /** The meta row to write: an object (possibly empty), or null for none. */
  meta: Record<string, unknown> | null;
  /** The flags of `meta.special` as a list. */
  special: string[];
  /** The column; null for alias fields (no column). */
  column: ColumnOptions | null;
};

const SETTABLE_TYPES = FIELD_TYPES.filter((t) => t !== 'unknown');

/** A field type as sent: one of Directus's types (`unknown` is only ever read). */
export function parseFieldType(field: string, value: unknown): FieldType {
  if (!isFieldType(value) || value === 'unknown') {
    throw invalidPayload(
      `Type ${JSON.stringify(value ?? null)} of field "${field}" is not a valid field type; use one of ${SETTABLE_TYPES.join(', ')}`,
    );
  }
  return value;
}

/**
 * A field's `meta` as sent: an object or null. `id`, `collection`, `field` and `system` are set by the
 * server and dropped; `special` flags must not pin another type than the field's.
 */
export function parseFieldMeta(
  field: string,
  type: FieldType,
  value: unknown,
): { meta: Record<string, unknown> | null; special: string[] } {
  if (value === null) return { meta: null, special: [] };
  if (value === undefined) return { meta: {}, special: [] };
  if (!isPlainObject(value)) throw invalidPayload(`"meta" of field "${field}" must be an object or null`);
  const { id: _id, collection: _collection, field: _field, system: _system, ...meta } = value;
  const special = toSpecialList(meta.special);
  if (meta.special !== undefined && meta.special !== null && !Array.isArray(meta.special) && typeof meta.special !== 'string') {
    throw invalidPayload(`"meta.special" of field "${field}" must be an array of strings`);
  }
  const conflicts = conflictingSpecials(special, type);
  if (conflicts.length > 0) throw invalidPayload(`Special flag "${conflicts[0]}" of field "${field}" does not fit its type "${type}"`);
  if (meta.special !== undefined) meta.special = special.length > 0 ? special : null;
  return { meta, special };
}

/** `{field, type, meta?, schema?}` → FieldSpec; every problem is a 400 before anything is written. */
export function parseFieldInput(input: unknown): FieldSpec {
  if (!isPlainObject(input)) throw invalidPayload('A field must be an object with "field" and "type"');
  const field = validateName('field', input.field);
  const type = parseFieldType(field, input.type);
  const { meta, special } = parseFieldMeta(field, type, input.meta);
  if (type === 'alias') return { field, type, meta: meta ?? {}, special, column: null };
  const column = withColumnDefaults(type, parseColumnOptions(field, type, input.schema));
  if (column.autoIncrement && !column.primaryKey) throw invalidPayload(`Field "${field}" can only auto-increment as the primary key`);
  if (column.primaryKey) {
    if (!['integer', 'bigInteger', 'uuid', 'string'].includes(type)) {
      throw invalidPayload(`The primary key "${field}" must be of type integer, bigInteger, uuid or string`);
    }
    column.nullable = false;
    column.unique = false;
    column.indexed = false;
  }
  return { field, type, meta, special, column };
}
