import type { Context } from '../../engine/context.js';
import { forbidden } from '../../kernel/errors/index.js';
import { SYSTEM_COLLECTIONS, isSystemCollection } from '../../kernel/system/system-collections.js';
import { assertSchemaAccess, canReadCollection } from './assert-schema-access.js';
import { readMetaRows } from './meta-rows.js';
import type { CollectionInfo, SchemaDeps } from './schema.types.js';
import { systemCollectionMeta } from './system-meta.js';

/**
 * Every collection, without permission checks: the system collections with their code meta, each user
 * table with its service_collections row (or `meta: null`), and folders (a meta row without a table,
 * `schema: null`). Sorted by name.
 */
export async function listCollections(ctx: Context, deps: SchemaDeps): Promise<CollectionInfo[]> {
  const tables = await ctx.dialect.listTables(ctx.db);
  const rows = await readMetaRows(ctx, deps, 'service_collections');
  const metaByName = new Map(rows.map((row) => [String(row.collection), row]));
  const tableSet = new Set(tables);
  const result: CollectionInfo[] = [];
  for (const spec of SYSTEM_COLLECTIONS) {
    if (tableSet.has(spec.collection))
      result.push({ collection: spec.collection, meta: systemCollectionMeta(spec), schema: { name: spec.collection } });
  }
  for (const table of tables) {
    if (isSystemCollection(table)) continue;
    result.push({ collection: table, meta: metaByName.get(table) ?? null, schema: { name: table } });
  }
  for (const [name, row] of metaByName) {
    if (!tableSet.has(name) && !isSystemCollection(name)) result.push({ collection: name, meta: row, schema: null });
  }
  return result.sort((a, b) => (a.collection < b.collection ? -1 : a.collection > b.collection ? 1 : 0));
}

/**
 * `GET /collections`: needs read permission on service_collections. Administrators see everything; others
 * see the collections they may read, and the folders those sit in.
 */
export async function readCollections(ctx: Context, deps: SchemaDeps): Promise<CollectionInfo[]> {
  assertSchemaAccess(ctx, 'service_collections', 'read');
  const all = await listCollections(ctx, deps);
  if (ctx.permissions.admin) return all;
  const byName = new Map(all.map((c) => [c.collection, c]));
  const visible = new Set(all.filter((c) => c.schema !== null && canReadCollection(ctx, c.collection)).map((c) => c.collection));
  for (const name of [...visible]) {
    let group = byName.get(name)?.meta?.group;
    while (typeof group === 'string' && !visible.has(group) && byName.has(group)) {
      visible.add(group);
      group = byName.get(group)?.meta?.group;
    }
  }
  return all.filter((c) => visible.has(c.collection));
}

/** `GET /collections/:collection`: a missing collection and one the caller may not see are the same 403. */
export async function readCollection(ctx: Context, deps: SchemaDeps, name: string): Promise<CollectionInfo> {
  const found = (await readCollections(ctx, deps)).find((c) => c.collection === name);
  if (!found) throw forbidden();
  return found;
}
