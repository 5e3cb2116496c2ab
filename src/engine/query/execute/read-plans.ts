import type { PermissionSet } from '../../permissions/permissions.types.js';
import type { Filter, SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import type { RootAst } from '../ast/ast.types.js';
import type { Query } from '../query.types.js';
import type { ReadCaches } from './read-caches.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import type { PlanValues } from './plan-values.js';
import type { NativeStatement } from './run-ast.js';

/**
 * A read compiled once: the AST (what to select, how to shape the rows) and its root statement as the driver
 * runs it. Reused for the same collection, query shape, scope and resolved permissions over the same schema
 * overview, so a repeated read skips building the AST and knex's SQL builder; a read with other filter, search
 * or window values puts its own values in their places (plan-values.ts, decision 0056).
 */
export type ReadPlan = {
  /** The schema overview the plan was built for: its kept results answer only while it is the current one. */
  schema: SchemaOverview;
  ast: RootAst;
  sql: string;
  bindings: readonly unknown[];
  /** How many table aliases compiling the root took: the relations' statements continue from there. */
  aliases: number;
  /** Whether the read orders rows at random (`sort=?`, here or in `deep`): its result is never reused. */
  random: boolean;
  /**
   * Where the query's values sit in `bindings` (plan-values.ts); null when they could not be placed: the plan
   * then answers only the values it was compiled with (`values` of readValuesKey).
   */
  values: PlanValues | null;
  /** readValuesKey of the query the plan was compiled for. */
  compiledFor: string;
  /** The `meta` counts' statement of an empty page, for the values it was compiled with (readValuesKey). */
  meta?: { values: string; statement: NativeStatement };
  /**
   * The statement last filled in from `values` (plan-values.ts), for the values it was filled with (readValuesKey):
   * a read repeating them (a write's read back of the same key) takes it without compiling its conditions again.
   */
  filled?: { values: string; statement: NativeStatement };
};

/** Plans kept per shape: reads whose values compile to other SQL text (`_eq: null`, another list length) get their own. */
export const MAX_VARIANTS = 4;

/** A permission set's part of the key, made once per set (a set is frozen: derived from it, not state of its own). */
const permissionKeys = new WeakMap<PermissionSet, string>();

/**
 * The key of a read's shape: the collection, the query after its dynamic variables were resolved but without
 * its filter's operands, its search term, `limit`, `offset` and `page` (the plan's values), the shape of the
 * caller's scope (its operands are values too: the keys a write answers with differ on every write, decision
 * 0184) and the reader's permissions after theirs were resolved (`$CURRENT_USER`, `$NOW` … are values by then).
 * The shape only sorts plans: which plan may answer is told by compiling the values (plan-values.ts).
 */
export function readPlanKey(collection: string, query: Query, scope: Filter | null, permissions: PermissionSet): string {
  // A copy without the values, made key by key: a rest pattern and a spread cost several times as much here.
  const shape: Record<string, unknown> = {};
  for (const key in query) {
    if (key === 'limit' || key === 'offset' || key === 'page') continue;
    const value = query[key as keyof Query];
    shape[key] = key === 'filter' && value !== undefined ? filterShape(value) : key === 'search' ? value !== undefined : value;
  }
  return `${collection}\u0000${JSON.stringify(shape)}\u0000${scope === null ? '' : JSON.stringify(filterShape(scope))}\u0000${permissionKey(permissions)}`;
}

/**
 * The key of one exact read (a kept result's, decision 0033): the collection, the whole query after its dynamic
 * variables were resolved, the caller's scope and the reader's resolved permissions. Made from the query as it is,
 * without readPlanKey's shape of its filter, so that a read answered from a kept result costs one text of its
 * query (decision 0185).
 */
export function readKey(collection: string, query: Query, scope: Filter | null, permissions: PermissionSet): string {
  return `${collection}\u0000${JSON.stringify(query)}\u0000${scope === null ? '' : JSON.stringify(scope)}\u0000${permissionKey(permissions)}`;
}

/** The values readPlanKey leaves out, the scope's too: a plan's filled statement and an empty page's counts are kept by them. */
export function readValuesKey(query: Query, scope: Filter | null = null): string {
  return JSON.stringify([query.filter ?? null, query.search ?? null, query.limit ?? null, query.offset ?? null, query.page ?? null, scope]);
}

/** A filter with its operands as 0: fields, operators, `_and`/`_or` lists and relational paths stay. */
function filterShape(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(filterShape);
  if (!isPlainObject(filter)) return 0;
  const shape: Record<string, unknown> = {};
  for (const key of Object.keys(filter)) shape[key] = isOperand(key) ? 0 : filterShape(filter[key]);
  return shape;
}

/** An operator whose value is an operand (not `_and`/`_or`, not a relational `_some`/`_none`). */
function isOperand(key: string): boolean {
  return key.charCodeAt(0) === 95 && key !== '_and' && key !== '_or' && key !== '_some' && key !== '_none';
}

/**
 * The plans kept for `key` over `schema` (the app's registry: query.read-plans), at most MAX_VARIANTS, oldest
 * first. An overview is frozen and replaced by a new object when the schema changes (on any instance: the cache
 * versions), so a plan of an old overview is no plan. Everything else a plan depends on is in its key or is
 * checked when its values are filled in.
 */
export function findReadPlans(caches: ReadCaches, schema: SchemaOverview, key: string): readonly ReadPlan[] {
  const kept = caches.plans.get(key);
  return kept !== undefined && kept.schema === schema ? kept.plans : [];
}

export function keepReadPlan(caches: ReadCaches, schema: SchemaOverview, key: string, plan: ReadPlan): void {
  const kept = caches.plans.get(key);
  const plans = kept !== undefined && kept.schema === schema ? kept.plans.slice(-(MAX_VARIANTS - 1)) : [];
  plans.push(plan);
  caches.plans.set(key, { schema, plans });
}

function permissionKey(permissions: PermissionSet): string {
  if (permissions.admin) return 'admin';
  let key = permissionKeys.get(permissions);
  if (key === undefined) {
    key = JSON.stringify(permissions.rules);
    permissionKeys.set(permissions, key);
  }
  return key;
}
