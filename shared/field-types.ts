// Directus's field types: shared by the server (src/kernel/system) and the admin app (app/src), decision 0051.
/** Directus's field types. `alias` fields have no column (o2m, m2m); `unknown` is a column we cannot map. */
export const FIELD_TYPES = [
  'string',
  'text',
  'integer',
  'bigInteger',
  'float',
  'decimal',
  'boolean',
  'json',
  'csv',
  'uuid',
  'hash',
  'date',
  'dateTime',
  'time',
  'timestamp',
  'binary',
  'alias',
  'unknown',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
}

export const NUMERIC_TYPES: readonly FieldType[] = ['integer', 'bigInteger', 'float', 'decimal'];
export const DATE_TYPES: readonly FieldType[] = ['date', 'dateTime', 'time', 'timestamp'];
export const STRING_TYPES: readonly FieldType[] = ['string', 'text', 'csv', 'hash', 'binary'];
