import type { QueryResult } from '../query.types.js';
import type { ReadCaches } from './read-caches.js';
import type { ReadPlan } from './read-plans.js';
import type { SchemaOverview } from '../../schema-overview/schema-overview.types.js';

/**
 * A result with more values than this (objects, arrays and scalars, nested ones included) is not kept: a page of
 * 1,000 articles with their author and ten tags each is about 30,000. The registry also bounds the values of all
 * kept results together (MAX_KEPT_VALUES, read-caches.ts), so large results push out older ones (decision 0125).
 */
export const MAX_VALUES = 100_000;

/** What marks a kept result (decision 0033): its answer's JSON text, made once by the first answer that sends it. */
const KEPT = Symbol('stratum.keptResult');
/** What marks the rows (`data`) of a kept result: the same memo as the result's (decision 0178). */
const KEPT_ROWS = Symbol('stratum.keptRows');

/**
 * Texts of other answers made from a kept result's rows (decision 0178), by their maker (an object) and a key of
 * its choosing, the oldest first; at most MAX_FORMS of them, of at most FORM_CHARS_PER_VALUE characters a value of
 * the result together.
 */
type KeptForms = { entries: Map<string, string>; chars: number; owners: WeakMap<object, number>; ownerCount: number };
/** A kept result's memo: its own answer's text, and the texts made from its rows by other transports. */
type KeptMemo = { text: string | undefined; values: number; forms: KeptForms | undefined };

/** At most this many other answers' texts are kept per kept result (decision 0178). */
export const MAX_FORMS = 4;
/** Their characters together, per value of the kept result (the result's own text has about 12 a value). */
export const FORM_CHARS_PER_VALUE = 32;

/**
 * A result kept for reuse: frozen all the way down, so it cannot change, and neither can its text. Marked by a
 * property of its own (not told by Object.isFrozen, which other values may be too).
 */
export type KeptResult = QueryResult & { readonly [KEPT]: KeptMemo };

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
 * The text of another answer made from the rows of a kept result (`rows` is its `data`: GraphQL's completed
 * selection of them, decision 0178), made by `make` at the first call for the same `owner` object and `key` and
 * kept with the result, so it goes when the result goes. `owner` and `key` must name everything besides the rows
 * that the text depends on. Undefined when `rows` are not the data of a kept result (the caller makes its answer
 * as usual). A text that does not fit the result's bounds (MAX_FORMS, FORM_CHARS_PER_VALUE) is made every time;
 * a `make` that throws keeps nothing.
 */
export function keptRowsText(rows: unknown, owner: object, key: string, make: () => string): string | undefined {
  if (rows === null || typeof rows !== 'object' || !Object.hasOwn(rows, KEPT_ROWS)) return undefined;
  const memo = (rows as { [KEPT_ROWS]: KeptMemo })[KEPT_ROWS];
  const forms = (memo.forms ??= { entries: new Map(), chars: 0, owners: new WeakMap(), ownerCount: 0 });
  // Owners by a number of their own, so a kept text does not keep its owner alive.
  let ownerId = forms.owners.get(owner);
  if (ownerId === undefined) forms.owners.set(owner, (ownerId = forms.ownerCount++));
  const formKey = `${ownerId}\u0000${key}`;
  const kept = forms.entries.get(formKey);
  if (kept !== undefined) return kept;
  const text = make();
  const budget = memo.values * FORM_CHARS_PER_VALUE;
  if (text.length > budget) return text;
  for (const [oldKey, oldText] of forms.entries) {
    if (forms.entries.size < MAX_FORMS && forms.chars + text.length <= budget) break;
    forms.entries.delete(oldKey);
    forms.chars -= oldText.length;
  }
  forms.entries.set(formKey, text);
  forms.chars += text.length;
  return text;
}

/**
 * The result of the read `key` (readKey: collection, resolved query, scope, resolved permissions) kept at `token`,
 * if any (decision 0033), in the app's registry (query.kept-results), when the plan that read it was built for
 * `schema`, the current overview. Asked before the read's plan is looked for (decision 0185).
 */
export function keptResult(caches: ReadCaches, schema: SchemaOverview, key: string, token: string): QueryResult | undefined {
  const entry = caches.results.get(key);
  return entry !== undefined && entry.token === token && entry.plan.schema === schema ? entry.result : undefined;
}

/**
 * Keeps `result` as the answer of the read `key` (readKey) through `plan` while the data token stays `token`, frozen (deeply), so that no reader
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
  const data: unknown = result.data;
  if (!freezeBelow(data, budget) || (result.meta !== undefined && !freezeDeep(result.meta, budget))) return result;
  const memo: KeptMemo = { text: undefined, values: MAX_VALUES - budget.left, forms: undefined };
  // The rows carry the memo too, for answers made from them alone (keptRowsText); marked before they are frozen.
  if (data !== null && typeof data === 'object' && Object.isExtensible(data)) Object.defineProperty(data, KEPT_ROWS, { value: memo });
  Object.freeze(data);
  Object.defineProperty(result, KEPT, { value: memo });
  Object.freeze(result);
  caches.results.set(key, { plan, token, result }, memo.values);
  return result;
}

/** Freezes plain objects and arrays all the way down; false when the budget runs out or a value is anything else. */
function freezeDeep(value: unknown, budget: { left: number }): boolean {
  if (!freezeBelow(value, budget)) return false;
  Object.freeze(value);
  return true;
}

/** freezeDeep for everything in `value`, not for `value` itself. */
function freezeBelow(value: unknown, budget: { left: number }): boolean {
  if (--budget.left < 0) return false;
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!freezeDeep(item, budget)) return false;
  } else {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return false;
    for (const key in value) if (!freezeDeep((value as Record<string, unknown>)[key], budget)) return false;
  }
  return true;
}
