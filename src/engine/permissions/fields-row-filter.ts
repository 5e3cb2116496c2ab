import type { Filter } from '../schema-overview/schema-overview.types.js';
import { fieldCaseFilter } from './get-access.js';
import type { CollectionAccess } from './permissions.types.js';

/**
 * The rows on which every one of `fields` may be written: the AND, per field, of the row filters of the rules
 * naming it (a field is writable on a row only when a rule whose row filter matches that row names it).
 * null when no field narrows the action's row filter (every rule names it, or one naming it has no row
 * filter): the common case, which adds nothing to the access check. Fields no rule names are skipped: the
 * payload check refuses them on its own.
 */
export function fieldsRowFilter(access: CollectionAccess, fields: readonly string[]): Filter | null {
  if (access.kind === 'all' || (access.fields === '*' && access.rules.every((r) => (r.fields ?? []).includes('*')))) return null;
  const filters: Filter[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    if (access.fields !== '*' && !access.fields.has(field)) continue;
    const filter = fieldCaseFilter(access, field);
    if (!filter) continue;
    const id = JSON.stringify(filter);
    if (seen.has(id)) continue;
    seen.add(id);
    filters.push(filter);
  }
  if (filters.length === 0) return null;
  return filters.length === 1 ? filters[0]! : { _and: filters };
}
