import type { Context } from '../../engine/context.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import { isSystemCollection } from '../../kernel/system/system-collections.js';
import type { Item } from '../items/index.js';
import { readMetaRows } from './meta-rows.js';
import type { SchemaDeps } from './schema.types.js';

/** A collection as it is right now (read on the context's handle, so inside a change it sees the change). */
export type CollectionState = {
  collection: string;
  system: boolean;
  /** Whether it has a table (false for folders). */
  table: boolean;
  /** Its service_collections row (API form), if any. */
  meta: Item | null;
};

/** The collection named exactly `name`, or null when there is neither a table nor a meta row. */
export async function findCollection(ctx: Context, deps: SchemaDeps, name: string): Promise<CollectionState | null> {
  const table = (await ctx.dialect.listTables(ctx.db)).includes(name);
  if (isSystemCollection(name)) return table ? { collection: name, system: true, table, meta: null } : null;
  const [meta] = await readMetaRows(ctx, deps, 'service_collections', { collection: name });
  if (!table && !meta) return null;
  return { collection: name, system: false, table, meta: meta ?? null };
}

/**
 * A new collection's name must not be taken, compared without regard to case (SQLite and MySQL on some
 * systems treat table names so): 400 otherwise.
 */
export async function assertNewCollection(ctx: Context, deps: SchemaDeps, name: string): Promise<void> {
  const lower = name.toLowerCase();
  const tables = await ctx.dialect.listTables(ctx.db);
  const rows = await readMetaRows(ctx, deps, 'service_collections');
  const taken = [...tables, ...rows.map((row) => String(row.collection))].find((existing) => existing.toLowerCase() === lower);
  if (taken !== undefined) throw invalidPayload(`Collection "${taken}" already exists`);
}
