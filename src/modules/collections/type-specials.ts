import type { FieldType } from '../../kernel/system/field-types.js';

/**
 * The `special` flags that pin a field type where the vendor's column type is ambiguous, the same table the
 * schema overview reads (SPECIAL_TYPES in engine/schema-overview/build-schema-overview.ts).
 */
export const SPECIAL_TYPES: Readonly<Record<string, FieldType>> = Object.freeze({
  'cast-json': 'json',
  'cast-csv': 'csv',
  hash: 'hash',
  'cast-boolean': 'boolean',
  'cast-timestamp': 'timestamp',
  'cast-datetime': 'dateTime',
  uuid: 'uuid',
});

/** The flag that pins each type (the inverse of SPECIAL_TYPES). */
const TYPE_SPECIAL: Readonly<Partial<Record<FieldType, string>>> = Object.freeze(
  Object.fromEntries(Object.entries(SPECIAL_TYPES).map(([flag, type]) => [type, flag])),
);

/** `special` as stored or sent (array, CSV text or null) → a list of flags. */
export function toSpecialList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

/** The type a field is read as: the first pinning flag wins, else what the column says. */
export function typeFromSpecial(special: string[], columnType: FieldType): FieldType {
  for (const flag of special) {
    const pinned = SPECIAL_TYPES[flag];
    if (pinned) return pinned;
  }
  return columnType;
}

/** Flags in `special` that would make the field read as another type than `type`. */
export function conflictingSpecials(special: string[], type: FieldType): string[] {
  return special.filter((flag) => SPECIAL_TYPES[flag] !== undefined && SPECIAL_TYPES[flag] !== type);
}

/**
 * The flags a field of `type` needs so it reads back as `type`: pinning flags of other types are removed
 * (after a type change), and the type's own flag is added when the vendor reads the column back as
 * `columnType` ≠ `type` (json stored as text, csv, hash, booleans as integers, …).
 */
export function reconcileSpecials(special: string[], type: FieldType, columnType: FieldType | null): string[] {
  const kept = special.filter((flag) => !conflictingSpecials([flag], type).length);
  const own = TYPE_SPECIAL[type];
  if (own && columnType !== null && columnType !== type && !kept.includes(own)) kept.push(own);
  return kept;
}
