import { createPreset, deletePreset, readPresets } from '@directus/sdk';
import type { Client } from '../api/client.js';
import type { PageQuery } from './content-api.js';
import { presetLayoutOptions, viewOfPreset, type ListView } from './list-layout.js';

export type SavedView = {
  id: string;
  name: string;
  query: Pick<PageQuery, 'sort' | 'limit' | 'search' | 'filter' | 'fields'>;
  /** The layout and the options of each layout. */
  view: ListView;
};

type LayoutQuery = { sort?: string[] | null; limit?: number | null; fields?: string[] | null };

type PresetRow = {
  id: number | string;
  bookmark: string | null;
  search: string | null;
  filter?: Record<string, unknown> | null;
  layout?: string | null;
  layout_query: Record<string, LayoutQuery | undefined> | null;
  layout_options?: Record<string, unknown> | null;
};

/**
 * A preset (Directus's shape: the filter in `filter`, the layout in `layout`, its sort, page size and columns under
 * `layout_query.<layout>` and each layout's options under `layout_options.<layout>`) as a saved view.
 */
export function viewOf(row: PresetRow): SavedView {
  const view = viewOfPreset(row.layout, row.layout_options);
  const tabular = row.layout_query?.[view.layout] ?? row.layout_query?.tabular ?? {};
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
    view,
  };
}

/** The named presets of a collection the user may see (their own, their roles', everyone's), by name. */
export async function readSavedViews(client: Client, collection: string): Promise<SavedView[]> {
  const rows = (await client.request(
    readPresets({
      filter: { _and: [{ collection: { _eq: collection } }, { bookmark: { _nnull: true } }] },
      fields: ['id', 'bookmark', 'search', 'filter', 'layout', 'layout_query', 'layout_options'],
      sort: ['bookmark'],
      limit: -1,
    } as never),
  )) as unknown as PresetRow[];
  return rows.map(viewOf);
}

/** The preset that saves a list's query, layout and every layout's options under a name, for `user`. */
export function presetOf(user: string, collection: string, name: string, query: PageQuery, view: ListView): Record<string, unknown> {
  const layoutQuery: Record<string, unknown> = { sort: query.sort ? [query.sort] : null, limit: query.limit };
  if (query.fields) layoutQuery.fields = query.fields;
  return {
    bookmark: name,
    user,
    collection,
    layout: view.layout,
    search: query.search || null,
    filter: query.filter,
    layout_query: { [view.layout]: layoutQuery },
    layout_options: presetLayoutOptions(view),
  };
}

/**
 * Saves the list's current sort, page size, search, filter, columns, layout and its options under a name, as a preset of `user`
 * (named, so that an administrator's view is theirs too rather than everyone's).
 */
export async function saveView(
  client: Client,
  user: string,
  collection: string,
  name: string,
  query: PageQuery,
  view: ListView,
): Promise<void> {
  await client.request(createPreset(presetOf(user, collection, name, query, view) as never));
}

export async function removeView(client: Client, id: string): Promise<void> {
  await client.request(deletePreset(Number(id)));
}
