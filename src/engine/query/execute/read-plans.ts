import type { PermissionSet } from '../../permissions/permissions.types.js';
import type { Filter, SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import type { RootAst } from '../ast/ast.types.js';
import type { Query } from '../query.types.js';
import type { NativeStatement } from './run-ast.js';

/**
 * A read compiled once: the AST (what to select, how to shape the rows) and its root statement as the driver
 * runs it. Reused for the same collection, resolved query, scope and resolved permissions over the same
 * schema overview, so a repeated read skips building the AST, compiling the filters and knex's SQL builder.
 */
export type ReadPlan = {
  ast: RootAst;
  sql: string;
  bindings: readonly unknown[];
  /** How many table aliases compiling the root took: the relations' statements continue from there. */
  aliases: number;
  /** Whether the read orders rows at random (`sort=?`, here or in `deep`): its result is never reused. */
  random: boolean;
  /** The `meta` counts' statement, compiled at the first read that asked for them (`meta` is in the key). */
  meta?: NativeStatement;
};

/** Plans kept per overview (at most this many; cleared when full, like the other per-process caches). */
const MAX_PLANS = 256;

/**
 * Per schema overview: an overview is frozen and replaced by a new object when the schema changes (on any
 * instance: the cache versions), so the plans of an old schema go with it. Everything else a plan depends on
 * is in its key.
 */
const plansBySchema = new WeakMap<SchemaOverview, Map<string, ReadPlan>>();
const permissionKeys = new WeakMap<PermissionSet, string>();

/**
 * The key of a read: the collection, the query after its dynamic variables were resolved, the caller's scope
 * and the reader's permissions after theirs were resolved (`$CURRENT_USER`, `$NOW` … are values by then).
 */
export function readPlanKey(collection: string, query: Query, scope: Filter | null, permissions: PermissionSet): string {
  return `${collection}\u0000${JSON.stringify(query)}\u0000${scope === null ? '' : JSON.stringify(scope)}\u0000${permissionKey(permissions)}`;
}

export function findReadPlan(schema: SchemaOverview, key: string): ReadPlan | undefined {
  return plansBySchema.get(schema)?.get(key);
}

export function keepReadPlan(schema: SchemaOverview, key: string, plan: ReadPlan): void {
  let plans = plansBySchema.get(schema);
  if (!plans) {
    plans = new Map();
    plansBySchema.set(schema, plans);
  }
  if (plans.size >= MAX_PLANS) plans.clear();
  plans.set(key, plan);
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
