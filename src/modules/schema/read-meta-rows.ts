import type { Context } from '../../engine/context.js';
import { SYSTEM_COLLECTIONS } from '../../kernel/system/system-collections.js';

export type MetaRow = Record<string, unknown>;
type MetaCollection = 'service_collections' | 'service_fields' | 'service_relations' | 'service_flows' | 'service_operations';

/**
 * The rows of a meta collection in API form (the values the items service would answer: booleans, parsed
 * JSON, csv lists), read in one query: the snapshot of a 1,000-field schema reads them on every request.
 */
export async function readMetaRows(ctx: Context, collection: MetaCollection): Promise<MetaRow[]> {
  const spec = SYSTEM_COLLECTIONS.find((s) => s.collection === collection)!;
  const fields = Object.entries(spec.fields).filter(([, declared]) => declared.type !== 'alias');
  const rows = (await ctx.db(collection).select(fields.map(([name]) => name))) as MetaRow[];
  for (const row of rows) {
    for (const [name, declared] of fields) row[name] = ctx.dialect.fromDatabase(declared.type, row[name]) ?? null;
  }
  return rows;
}
