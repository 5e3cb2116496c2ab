import type { Filter } from '../schema-overview/schema-overview.types.js';
import { FILTER_OPERATORS } from '../query/compile/filter-operators.js';
import { matches } from './evaluate-validation.js';
import { isEmptyFilter } from './get-access.js';

/**
 * Whether an item about to be created (its payload with presets, fields it leaves out read through `missing`,
 * usually the field's default) is inside a rule's row filter: the filter is evaluated as it would be on the
 * stored row. Conservative where the payload can't answer: a relational path, a function, an unknown operator
 * or a malformed branch is no match (a row filter must never be widened by what can't be checked here).
 */
export function matchPayload(
  filter: Filter | null,
  payload: Record<string, unknown>,
  missing: (field: string) => unknown = () => null,
): boolean {
  if (isEmptyFilter(filter)) return true;
  return Object.entries(filter!).every(([key, rule]) => {
    if (key === '_and' || key === '_or') {
      if (!Array.isArray(rule) || rule.length === 0) return false;
      const branches = rule.map((inner) => isObject(inner) && matchPayload(inner as Filter, payload, missing));
      return key === '_and' ? branches.every(Boolean) : branches.some(Boolean);
    }
    if (!isObject(rule)) return false;
    const operators = Object.entries(rule);
    if (operators.length === 0 || operators.some(([op]) => !op.startsWith('_') || op === '_submitted')) return false;
    const value = Object.hasOwn(payload, key) ? payload[key] : missing(key);
    if (isObject(value)) return false;
    return operators.every(([op, expected]) => KNOWN.has(op) && matches(op, value ?? null, expected));
  });
}

/** The operators a payload can answer: all of the filter language's but the geometric ones (`_intersects`, …). */
const KNOWN = new Set<string>(FILTER_OPERATORS.filter((op) => !op.includes('intersects')));

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
