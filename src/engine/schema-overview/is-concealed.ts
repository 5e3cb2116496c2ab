import type { FieldOverview } from './schema-overview.types.js';

/**
 * Whether a field's value is never shown to anyone through the API (special `conceal` or `hash`, or type
 * `hash`): reads show the mask (CONCEALED) where it is set, revisions keep the mask, and the query engine
 * refuses every position that would compare, order or group by its value (require-readable-field.ts).
 */
export function isConcealed(field: FieldOverview): boolean {
  return field.type === 'hash' || field.special.includes('conceal') || field.special.includes('hash');
}
