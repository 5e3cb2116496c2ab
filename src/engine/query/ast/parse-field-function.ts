import type { FieldType } from '../../../kernel/system/field-types.js';

export const FIELD_FUNCTIONS = ['year', 'month', 'week', 'day', 'weekday', 'hour', 'minute', 'second', 'count'] as const;
export type FieldFunction = (typeof FIELD_FUNCTIONS)[number];

const PATTERN = /^([a-z]+)\(([A-Za-z0-9_$-]+)\)$/;

const DATE_PARTS: readonly FieldFunction[] = ['year', 'month', 'week', 'day', 'weekday'];
const TIME_PARTS: readonly FieldFunction[] = ['hour', 'minute', 'second'];

/** `year(date_created)` → { name: 'year', field: 'date_created' }; anything else → null. */
export function parseFieldFunction(text: string): { name: FieldFunction; field: string } | null {
  const match = PATTERN.exec(text);
  if (!match) return null;
  const name = match[1] as FieldFunction;
  if (!(FIELD_FUNCTIONS as readonly string[]).includes(name)) return null;
  return { name, field: match[2]! };
}

/** The date/time functions a field type supports (as Directus: a time has no year, a date no hour). */
export function dateFunctionsFor(type: FieldType): readonly FieldFunction[] {
  switch (type) {
    case 'dateTime':
    case 'timestamp':
      return [...DATE_PARTS, ...TIME_PARTS];
    case 'date':
      return DATE_PARTS;
    case 'time':
      return TIME_PARTS;
    default:
      return [];
  }
}
