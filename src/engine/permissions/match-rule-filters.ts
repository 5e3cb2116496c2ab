import type { Knex } from 'knex';
import type { Context } from '../context.js';
import { compilePermissionFilter } from '../query/compile/compile-filter.js';
import { createCompileEnv } from '../query/create-compile-env.js';
import type { Filter } from '../schema-overview/schema-overview.types.js';
import { isEmptyFilter } from './get-access.js';
import { isUuid } from '../../kernel/values/is-uuid.js';

export type FilterMatch = {
  /** Whether the item exists at all. */
  exists: boolean;
  /** Per filter (same order): whether the item matches it; an empty filter matches every existing item. */
  matches: boolean[];
};

/**
 * Evaluates rule filters (dynamic variables already resolved) against ONE item, in the database: a single
 * `SELECT CASE WHEN <filter> THEN 1 ELSE 0 END, … WHERE <pk> = ?` compiled by the query engine exactly as the
 * filters are applied on reads and writes. No row is read into JavaScript to be filtered there. A key that
 * doesn't fit the primary key's type, or an unknown collection, is an item that does not exist.
 */
export async function matchRuleFilters(
  ctx: Context,
  collection: string,
  key: unknown,
  filters: readonly (Filter | null)[],
): Promise<FilterMatch> {
  const none: FilterMatch = { exists: false, matches: filters.map(() => false) };
  const overview = Object.hasOwn(ctx.schema.collections, collection) ? ctx.schema.collections[collection] : undefined;
  if (!overview) return none;
  const canonical = canonicalKey(overview.fields[overview.primary]?.type, key);
  if (canonical === undefined) return none;

  const alias = 'a0';
  const env = createCompileEnv(ctx);
  const distinct = new Map<string, { index: number; filter: Filter }>();
  for (const filter of filters) {
    if (isEmptyFilter(filter)) continue;
    const id = JSON.stringify(filter);
    if (!distinct.has(id)) distinct.set(id, { index: distinct.size, filter: filter! });
  }
  let query = ctx.db.from({ [alias]: collection }).select(ctx.db.raw('?? AS ??', [`${alias}.${overview.primary}`, 'pk']));
  for (const { index, filter } of distinct.values()) {
    const when = compilePermissionFilter(env, filter, collection, alias);
    query = query.select(ctx.db.raw(`CASE WHEN ${when.sql} THEN 1 ELSE 0 END AS ??`, [...when.bindings, `m${index}`] as Knex.RawBinding[]));
  }
  const row = (await query.where(`${alias}.${overview.primary}`, canonical).first()) as Record<string, unknown> | undefined;
  if (!row) return none;
  return {
    exists: true,
    matches: filters.map((filter) => isEmptyFilter(filter) || Number(row[`m${distinct.get(JSON.stringify(filter))!.index}`]) === 1),
  };
}

/** The key in the primary key's own type, or undefined when it can't be one (such an item can't exist). */
function canonicalKey(type: string | undefined, key: unknown): string | number | undefined {
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  const text = String(key).trim();
  if (type === 'integer' || type === 'bigInteger') {
    return /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
  }
  if (type === 'uuid') return isUuid(text) ? text.toLowerCase() : undefined;
  return text === '' ? undefined : String(key);
}
