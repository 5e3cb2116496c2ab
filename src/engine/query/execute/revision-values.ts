import { REVISION_COLLECTION, REVISIONS, revisionFields, stripRevisionValue } from '../../permissions/revision-read-rules.js';
import type { AstNode } from '../ast/ast.types.js';
import type { CompileEnv } from '../compile/compile-filter.js';
import type { Sql } from '../compile/sql.js';

/** The helper column holding the collection a revision is about, selected when revisionValueKeys has keys. */
export const REVISION_COLLECTION_KEY = '__rc';

/** The helper column a level needs for stripRevisionRow (none when revisionValueKeys has no keys). */
export function revisionCollectionColumn(env: CompileEnv, collection: string, alias: string, nodes: readonly AstNode[]): Sql[] {
  if (revisionValueKeys(env, collection, nodes).length === 0) return [];
  return [{ sql: '?? AS ??', bindings: [`${alias}.${REVISION_COLLECTION}`, REVISION_COLLECTION_KEY] }];
}

/**
 * The output keys of a revisions level showing `data` or `delta` to a non-administrator: those values keep
 * only the fields the reader may read on the revision's collection (revisionFields, decision 0047). run-ast's
 * finishLevel is the one place rows are shaped for output, so this holds wherever a revision is read from.
 */
export function revisionValueKeys(env: CompileEnv, collection: string, nodes: readonly AstNode[]): string[] {
  if (collection !== REVISIONS || env.permissions.admin) return [];
  return nodes.filter((n) => n.kind === 'field' && !n.fn && (n.field === 'data' || n.field === 'delta')).map((n) => n.key);
}

/** Strips `keys` of one output row, `collection` being its helper column as read (REVISION_COLLECTION_KEY). */
export function stripRevisionRow(env: CompileEnv, keys: readonly string[], collection: unknown, out: Record<string, unknown>): void {
  const fields = revisionFields(env.permissions, String(collection));
  for (const key of keys) out[key] = stripRevisionValue(out[key], fields);
}
