import { asSystem, type Context } from '../../engine/context.js';
import type { Filter } from '../../engine/query/query.types.js';
import type { Item } from '../items/index.js';
import type { MetaCollection } from './assert-schema-access.js';
import type { SchemaDeps } from './schema.types.js';

const ORDER: Record<MetaCollection, string> = { service_collections: 'collection', service_fields: 'id', service_relations: 'id' };

/**
 * Meta rows in API form (booleans, parsed JSON, `special` as a list), read through the query engine as
 * system work on the context's handle (the transaction inside a change). `exact` keeps only rows whose
 * properties equal the given values exactly (MySQL compares names without regard to case).
 */
export async function readMetaRows(
  ctx: Context,
  deps: SchemaDeps,
  collection: MetaCollection,
  exact: Record<string, string> = {},
): Promise<Item[]> {
  const entries = Object.entries(exact);
  const filter: Filter | undefined = entries.length > 0 ? { _and: entries.map(([key, value]) => ({ [key]: { _eq: value } })) } : undefined;
  const result = await deps.items.readByQuery(asSystem(ctx), collection, {
    fields: ['*'],
    limit: -1,
    sort: [ORDER[collection]],
    ...(filter ? { filter } : {}),
  });
  return result.data.filter((row) => entries.every(([key, value]) => row[key] === value));
}

/** The ids of rows (for deleting or updating them through the items service). */
export function idsOf(rows: Item[], key = 'id'): (string | number)[] {
  return rows.map((row) => row[key] as string | number);
}
