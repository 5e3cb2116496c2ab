import type { Context } from '../../engine/context.js';
import { forbidden } from '../../kernel/errors/index.js';
import { SYSTEM_RELATIONS, isSystemCollection } from '../../kernel/system/system-collections.js';
import { assertSchemaAccess, canReadCollection } from './assert-schema-access.js';
import { describeForeignKey } from './describe-column.js';
import { readMetaRows } from './meta-rows.js';
import type { RelationInfo, SchemaDeps } from './schema.types.js';
import { systemRelationMeta } from './system-meta.js';

/**
 * Every relation, without permission checks: the system relations (code meta), each service_relations row
 * with the foreign key on its field (`schema: null` without one), and foreign keys between user tables that
 * have no row (`meta: null`). `collection` keeps the relations whose many side (the foreign key field) is in it.
 */
export async function listRelations(ctx: Context, deps: SchemaDeps, collection?: string): Promise<RelationInfo[]> {
  const keys = await ctx.dialect.listForeignKeys(ctx.db);
  const rows = await readMetaRows(ctx, deps, 'service_relations', collection === undefined ? {} : { many_collection: collection });
  const keyOf = (table: string, column: string) => keys.find((k) => k.table === table && k.column === column) ?? null;
  const result: RelationInfo[] = [];
  const seen = new Set<string>();
  const add = (relation: RelationInfo) => {
    const id = `${relation.collection}\u0000${relation.field}`;
    if (seen.has(id) || (collection !== undefined && relation.collection !== collection)) return;
    seen.add(id);
    result.push(relation);
  };

  for (const spec of SYSTEM_RELATIONS) {
    const key = keyOf(spec.collection, spec.field);
    add({
      collection: spec.collection,
      field: spec.field,
      related_collection: spec.related,
      meta: systemRelationMeta(spec),
      schema: key ? describeForeignKey(key) : null,
    });
  }
  for (const row of rows) {
    const many = String(row.many_collection);
    const field = String(row.many_field);
    const key = keyOf(many, field);
    const related = typeof row.one_collection === 'string' ? row.one_collection : (key?.foreignKeyTable ?? null);
    add({ collection: many, field, related_collection: related, meta: row, schema: key ? describeForeignKey(key) : null });
  }
  for (const key of keys) {
    if (isSystemCollection(key.table)) continue;
    add({ collection: key.table, field: key.column, related_collection: key.foreignKeyTable, meta: null, schema: describeForeignKey(key) });
  }
  return result;
}

/** Non-administrators see relations whose collections they may both read. */
function visibleTo(ctx: Context, relations: RelationInfo[]): RelationInfo[] {
  if (ctx.permissions.admin) return relations;
  return relations.filter(
    (r) => canReadCollection(ctx, r.collection) && (r.related_collection === null || canReadCollection(ctx, r.related_collection)),
  );
}

/** `GET /relations` and `GET /relations/:collection` (needs read permission on service_relations). */
export async function readRelations(ctx: Context, deps: SchemaDeps, collection?: string): Promise<RelationInfo[]> {
  assertSchemaAccess(ctx, 'service_relations', 'read');
  if (collection !== undefined && !canReadCollection(ctx, collection)) throw forbidden();
  return visibleTo(ctx, await listRelations(ctx, deps, collection));
}

/** `GET /relations/:collection/:field`: missing or not readable → 403. */
export async function readRelation(ctx: Context, deps: SchemaDeps, collection: string, field: string): Promise<RelationInfo> {
  const found = (await readRelations(ctx, deps, collection)).find((r) => r.field === field);
  if (!found) throw forbidden();
  return found;
}
