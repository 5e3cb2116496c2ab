import type { Statement } from '../../../database/execute/statement.js';
import type { Filter } from '../../schema-overview/schema-overview.types.js';
import { compileFilter, compilePermissionFilter, type CompileEnv, type LeafSink } from '../compile/compile-filter.js';
import { isPlainBinding as isPlain } from './is-plain-binding.js';
import { fillLeaves, leafPlan, type LeafPlan } from './leaf-plan.js';
import { splitSql } from './split-sql.js';
import { compileSearch } from '../compile/compile-search.js';
import { TRUE_SQL, type Sql } from '../compile/sql.js';
import { aliasesFrom } from '../create-compile-env.js';
import type { Query } from '../query.types.js';

/**
 * The parts of a root statement that follow the query's values (decision 0056): its `filter` and `search`
 * conditions (in the WHERE and in a `filter_count`), the caller's scope (ReadOptions.scope, e.g. the keys of the
 * items a write answers with: decision 0184), and its window (LIMIT, OFFSET from `limit`, `offset`, `page`). A read plan records where their values sit among the statement's bindings; another read of the same
 * shape compiles its own filter and search again (our compiler, not knex) and reuses the plan only when that
 * gives the very same SQL text and identifiers, putting its values in their places.
 */
export type PlanValues = { parts: readonly Part[]; slots: readonly number[] };

/** A condition of the query, compiled at alias position `start` on table alias `alias`, with its text then. */
type Condition = {
  kind: ConditionKind;
  collection: string;
  alias: string;
  start: number;
  sql: string;
  identifiers: readonly unknown[];
  values: number;
  /**
   * A filter that is nothing but operators on fields joined by AND and OR: its structure (shapeOf) and each
   * operator as compiled (decision 0186). Another read fills it by compiling each operator alone.
   */
  leaves?: LeafPlan;
};

/** The query's `filter` or `search`, or the caller's scope. */
export type ConditionKind = 'filter' | 'search' | 'scope';
/** LIMIT or OFFSET: absent, bound (a value in a slot), or a value kept as it was (not a plain count). */
type Window = { kind: 'limit' | 'offset'; value: number | undefined; bound: boolean };
type Part = Condition | Window;

/** While a plan compiles: hands out stand-ins for the values, and says where they went (null: it can't). */
export type ValueRecorder = {
  condition(env: CompileEnv, kind: ConditionKind, collection: string, alias: string, query: Query, scope: Filter | null): Sql;
  window(kind: Window['kind'], value: number | undefined): number | undefined;
  finish(statement: Statement): PlanValues | null;
};

/**
 * The query's filter or search on `alias` as our compiler gives it (TRUE_SQL when it has none), or the caller's
 * scope (compiled as the row filter it narrows: the caller's own condition, not the reader's).
 */
export function queryCondition(
  env: CompileEnv,
  kind: ConditionKind,
  collection: string,
  alias: string,
  query: Query,
  scope: Filter | null = null,
): Sql {
  if (kind === 'scope') return scope ? compilePermissionFilter(env, scope, collection, alias) : TRUE_SQL;
  if (kind === 'filter') return query.filter ? compileFilter(env, query.filter, collection, alias) : TRUE_SQL;
  return query.search ? compileSearch(env, query.search, collection, alias) : TRUE_SQL;
}

/**
 * The LIMIT and OFFSET of a root read: `limit` -1 is none, `page` (from 1, with a positive limit) counts in
 * limits and wins over `offset`; an offset without a limit gets the largest limit (MySQL needs one).
 */
export function rootWindow(query: { limit?: number; offset?: number; page?: number }): { limit?: number; offset?: number } {
  const limit = query.limit ?? -1;
  const offset = query.page && query.page > 0 && limit > 0 ? limit * (query.page - 1) : (query.offset ?? 0);
  const window: { limit?: number; offset?: number } = {};
  if (limit !== -1) window.limit = limit;
  if (offset > 0) {
    window.limit ??= Number.MAX_SAFE_INTEGER;
    window.offset = offset;
  }
  return window;
}

/** A stand-in for the i-th value while a plan compiles: a text no reader's value is (the plan checks). */
const standIn = (i: number) => `\u0000stratum-value-${i}\u0000`;
/** Stand-ins for LIMIT and OFFSET (knex takes numbers there); found exactly once or the plan varies nothing. */
const WINDOW_STAND_INS = { limit: Number.MAX_SAFE_INTEGER - 7, offset: Number.MAX_SAFE_INTEGER - 11 } as const;

/**
 * Records a plan's value parts while it compiles. `position` says how many table aliases the read has handed
 * out so far (a condition compiled again must start from there to give the same text).
 */
export function createValueRecorder(position: () => number): ValueRecorder {
  const parts: Part[] = [];
  const stands: unknown[] = [];
  let failed = false;
  return {
    condition(env, kind, collection, alias, query, scope) {
      const start = position();
      const sink: LeafSink | undefined = kind === 'filter' && query.filter ? { leaves: [], plain: true } : undefined;
      const sql = queryCondition(sink ? { ...env, leaves: sink } : env, kind, collection, alias, query, scope);
      const split = splitSql(sql);
      if (!split || !split.values.every(isPlain)) {
        failed = true;
        return sql;
      }
      const part: Condition = { kind, collection, alias, start, sql: sql.sql, identifiers: split.identifiers, values: split.values.length };
      const leaves = sink?.plain && query.filter ? leafPlan(query.filter, sink.leaves, sql) : null;
      if (leaves) part.leaves = leaves;
      parts.push(part);
      if (split.values.length === 0) return sql;
      const bindings = sql.bindings.slice();
      for (const at of split.at) {
        const stand = standIn(stands.length);
        stands.push(stand);
        bindings[at] = stand;
      }
      return { sql: sql.sql, bindings };
    },
    window(kind, value) {
      const bound = value !== undefined && Number.isSafeInteger(value) && value >= 0;
      parts.push({ kind, value: bound ? undefined : value, bound });
      if (!bound) return value;
      stands.push(WINDOW_STAND_INS[kind]);
      return WINDOW_STAND_INS[kind];
    },
    finish(statement) {
      if (failed) return null;
      // Where each stand-in went among the statement's values, each exactly once (else: no shared plan).
      // (A Set, not stands.includes: an `_in` of 70,000 values is 70,000 stand-ins among as many bindings.)
      const standing = new Set(stands);
      const places = new Map<unknown, number>();
      statement.bindings.forEach((value, i) => {
        if (standing.has(value)) places.set(value, places.has(value) ? -1 : i);
      });
      const slots = stands.map((stand) => places.get(stand) ?? -1);
      return slots.every((slot) => slot >= 0) ? { parts, slots } : null;
    },
  };
}

/**
 * The statement of `plan` for `query` and the caller's `scope` (a read of the plan's shape), or null when the
 * query's conditions, scope or window do not compile to the plan's text: then the read needs its own plan. A
 * value the compiler refuses throws here as it would for a new plan.
 */
export function fillValues(
  env: CompileEnv,
  values: PlanValues,
  statement: Statement,
  query: Query,
  scope: Filter | null = null,
): Statement | null {
  const bindings = statement.bindings.slice();
  const window = rootWindow(query);
  let next = 0;
  for (const part of values.parts) {
    if (isWindow(part)) {
      const value = window[part.kind];
      const bound = value !== undefined && Number.isSafeInteger(value) && value >= 0;
      if (bound !== part.bound || (!bound && value !== part.value)) return null;
      if (bound) bindings[values.slots[next++]!] = value;
      continue;
    }
    const filled = part.leaves && part.kind === 'filter' && query.filter ? fillLeaves(env, part.leaves, query.filter) : null;
    if (filled && filled.length === part.values) {
      for (const value of filled) bindings[values.slots[next++]!] = value;
      continue;
    }
    const sql = queryCondition({ ...env, nextAlias: aliasesFrom(part.start) }, part.kind, part.collection, part.alias, query, scope);
    if (sql.sql !== part.sql) return null;
    const split = splitSql(sql);
    if (!split || split.values.length !== part.values || !split.values.every(isPlain)) return null;
    if (split.identifiers.length !== part.identifiers.length || split.identifiers.some((id, i) => id !== part.identifiers[i])) return null;
    for (const value of split.values) bindings[values.slots[next++]!] = value;
  }
  return { sql: statement.sql, bindings };
}

function isWindow(part: Part): part is Window {
  return part.kind === 'limit' || part.kind === 'offset';
}
