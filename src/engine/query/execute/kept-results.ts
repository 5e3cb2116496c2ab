import type { QueryResult } from '../query.types.js';
import type { ReadPlan } from './read-plans.js';

/** Results kept at once, process-wide; the one kept longest ago goes first. */
const MAX_KEPT = 64;
/** A result with more values than this (objects, arrays and scalars, nested ones included) is not kept. */
const MAX_VALUES = 5_000;

type Kept = { token: string; result: QueryResult };

/** By plan (a plan is one read: collection, resolved query, scope, resolved permissions, schema). */
const kept = new Map<ReadPlan, Kept>();

/** The result of `plan` kept at `token`, if any (decision 0033). */
export function keptResult(plan: ReadPlan, token: string): QueryResult | undefined {
  const entry = kept.get(plan);
  return entry !== undefined && entry.token === token ? entry.result : undefined;
}

/**
 * Keeps `result` as the answer of `plan` while the data token stays `token`, frozen (deeply), so that no reader
 * can change what the next one gets. A result too large, or holding anything but plain objects, arrays and
 * scalars, is not kept. Returns `result`.
 */
export function keepResult(plan: ReadPlan, token: string, result: QueryResult): QueryResult {
  kept.delete(plan);
  const budget = { left: MAX_VALUES };
  if (!freezeDeep(result.data, budget) || (result.meta !== undefined && !freezeDeep(result.meta, budget))) return result;
  Object.freeze(result);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(plan, { token, result });
  return result;
}

/** Freezes plain objects and arrays all the way down; false when the budget runs out or a value is anything else. */
function freezeDeep(value: unknown, budget: { left: number }): boolean {
  if (--budget.left < 0) return false;
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!freezeDeep(item, budget)) return false;
  } else {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return false;
    for (const key in value) if (!freezeDeep((value as Record<string, unknown>)[key], budget)) return false;
  }
  Object.freeze(value);
  return true;
}
