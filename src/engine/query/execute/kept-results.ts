import type { QueryResult } from '../query.types.js';
import type { ReadCaches } from './read-caches.js';
import type { ReadPlan } from './read-plans.js';

/**
 * A result with more values than this (objects, arrays and scalars, nested ones included) is not kept: a page of
 * 1,000 articles with their author and ten tags each is about 30,000. The registry also bounds the values of all
 * kept results together (MAX_KEPT_VALUES, read-caches.ts), so large results push out older ones (decision 0125).
 */
export const MAX_VALUES = 100_000;

/** What marks a kept result (decision 0033): its answer's JSON text, made once by the first answer that sends it. */
const KEPT = Symbol('stratum.keptResult');

/**
 * A result kept for reuse: frozen all the way down, so it cannot change, and neither can its text. Marked by a
 * property of its own (not told by Object.isFrozen, which other values may be too).
 */
export type KeptResult = QueryResult & { readonly [KEPT]: { text: string | undefined } };

/** Whether `result` is a kept result (sendResult sends its text, made once). */
export function isKeptResult(result: object): result is KeptResult {
  return Object.hasOwn(result, KEPT);
}

/** The JSON text of a kept result's answer (`{data, meta?}`), made at the first call. */
export function keptText(result: KeptResult): string {
  const memo = result[KEPT];
  memo.text ??= JSON.stringify(result.meta === undefined ? { data: result.data } : { data: result.data, meta: result.meta });
  return memo.text;
}

/**
 * The result of the read `key` (its plan's key and its values: collection, resolved query, scope, resolved
 * permissions) through `plan` (its schema) kept at `token`, if any (decision 0033), in the app's registry
 * (query.kept-results).
 */
export function keptResult(caches: ReadCaches, plan: ReadPlan, key: string, token: string): QueryResult | undefined {
  const entry = caches.results.get(key);
  return entry !== undefined && entry.plan === plan && entry.token === token ? entry.result : undefined;
}

/**
 * Keeps `result` as the answer of the read `key` through `plan` while the data token stays `token`, frozen (deeply), so that no reader
 * can change what the next one gets — on the read's second sighting at that token (decision 0172): a read seen once
 * is only noted, so reads that never come again (another page or filter value every time) cost no freezing and push
 * out no kept result. A result too large, or holding anything but plain objects, arrays and scalars, is not kept.
 * Returns `result`.
 */
export function keepResult(caches: ReadCaches, plan: ReadPlan, key: string, token: string, result: QueryResult): QueryResult {
  caches.results.delete(key);
  const seen = caches.sightings.get(key);
  if (seen === undefined || seen.plan !== plan || seen.token !== token) {
    caches.sightings.set(key, { plan, token });
    return result;
  }
  caches.sightings.delete(key);
  const budget = { left: MAX_VALUES };
  if (!freezeDeep(result.data, budget) || (result.meta !== undefined && !freezeDeep(result.meta, budget))) return result;
  Object.defineProperty(result, KEPT, { value: { text: undefined } });
  Object.freeze(result);
  caches.results.set(key, { plan, token, result }, MAX_VALUES - budget.left);
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
