import { readItems } from '@directus/sdk';
import type { Client } from '../../api/client.js';

export type MatchingQuery = { fields: string[]; filter: Record<string, unknown> | null; search: string; limit: number; sort?: string[] };

/** The items matching a filter and a search (`GET /items/<collection>`), as many as `limit`. */
export async function readMatching(client: Client, collection: string, query: MatchingQuery): Promise<Record<string, unknown>[]> {
  const search = query.search.trim();
  return (await client.request(
    readItems(collection, {
      fields: query.fields,
      limit: query.limit,
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.filter ? { filter: query.filter } : {}),
      ...(search ? { search } : {}),
    } as never),
  )) as Record<string, unknown>[];
}
