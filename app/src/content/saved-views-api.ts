import { createPreset, deletePreset, readPresets } from '@directus/sdk';
import type { Client } from '../api/client.js';
import type { PageQuery } from './content-api.js';

export type SavedView = { id: string; name: string; query: Pick<PageQuery, 'sort' | 'limit' | 'search' | 'filter' | 'fields'> };

type PresetRow = {
  id: number | string;
  bookmark: string | null;
  search: string | null;
  filter?: Record<string, unknown> | null;
  layout_query: { tabular?: { sort?: string[] | null; limit?: number | null; fields?: string[] | null } } | null;
};

/**
 * A preset (Directus's shape: the filter in `filter`, the table's sort, page size and columns under
 * `layout_query.tabular`) as a saved view.
 */
export function viewOf(row: PresetRow): SavedView {
  const tabular = row.layout_query?.tabular ?? {};
  const filter = row.filter && typeof row.filter === 'object' && Object.keys(row.filter).length > 0 ? row.filter : null;
  return {
    id: String(row.id),
    name: row.bookmark ?? '',
    query: {
      sort: tabular.sort?.[0] ?? null,
      limit: tabular.limit ?? 25,
      search: row.search ?? '',
      filter,
      fields: tabular.fields?.length ? tabular.fields : null,
    },
  };
}

/** The named presets of a collection the user may see (their own, their roles', everyone's), by name. */
export async function readSavedViews(client: Client, collection: string): Promise<SavedView[]> {
  const rows = (await client.request(
    readPresets({
      filter: { _and: [{ collection: { _eq: collection } }, { bookmark: { _nnull: true } }] },
      fields: ['id', 'bookmark', 'search', 'filter', 'layout_query'],
      sort: ['bookmark'],
      limit: -1,
    } as never),
  )) as unknown as PresetRow[];
  return rows.map(viewOf);
}

/** The preset that saves a table's query under a name, for `user`. */
export function presetOf(user: string, collection: string, name: string, query: PageQuery): Record<string, unknown> {
  const tabular: Record<string, unknown> = { sort: query.sort ? [query.sort] : null, limit: query.limit };
  if (query.fields) tabular.fields = query.fields;
  return {
    bookmark: name,
    user,
    collection,
    layout: 'tabular',
    search: query.search || null,
    filter: query.filter,
    layout_query: { tabular },
  };
}

/**
 * Saves the table's current sort, page size, search, filter and columns under a name, as a preset of `user`
 * (named, so that an administrator's view is theirs too rather than everyone's).
 */
export async function saveView(client: Client, user: string, collection: string, name: string, query: PageQuery): Promise<void> {
  await client.request(createPreset(presetOf(user, collection, name, query) as never));
}

export async function removeView(client: Client, id: string): Promise<void> {
  await client.request(deletePreset(Number(id)));
}
