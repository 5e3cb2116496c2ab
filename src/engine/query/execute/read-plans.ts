import type { PermissionSet } from '../../permissions/permissions.types.js';
import type { Filter, SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import type { RootAst } from '../ast/ast.types.js';
import type { Query } from '../query.types.js';
import type { ReadCaches } from './read-caches.js';
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

/** A permission set's part of the key, made once per set (a set is frozen: derived from it, not state of its own). */
const permissionKeys = new WeakMap<PermissionSet, string>();

/**
 * The key of a read: the collection, the query after its dynamic variables were resolved, the caller's scope
 * and the reader's permissions after theirs were resolved (`$CURRENT_USER`, `$NOW` … are values by then).
 */
export function readPlanKey(collection: string, query: Query, scope: Filter | null, permissions: PermissionSet): string {
  return `${collection}\u0000${JSON.stringify(query)}\u0000${scope === null ? '' : JSON.stringify(scope)}\u0000${permissionKey(permissions)}`;
}

/**
 * The plan kept for `key` over `schema` (the app's registry: query.read-plans). An overview is frozen and
 * replaced by a new object when the schema changes (on any instance: the cache versions), so a plan of an old
 * overview is no plan. Everything else a plan depends on is in its key.
 */
export function findReadPlan(caches: ReadCaches, schema: SchemaOverview, key: string): ReadPlan | undefined {
  const kept = caches.plans.get(key);
  return kept !== undefined && kept.schema === schema ? kept.plan : undefined;
}

export function keepReadPlan(caches: ReadCaches, schema: SchemaOverview, key: string, plan: ReadPlan): void {
  caches.plans.set(key, { schema, plan });
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
