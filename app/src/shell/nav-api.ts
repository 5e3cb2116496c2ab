import { readPresets } from '@directus/sdk';
import type { Client } from '../api/client.js';
import { readAllCollections, readMyPermissions } from '../api/shared-reads.js';
import { viewOf, type SavedView } from '../content/saved-views-api.js';
import { tableQueryString } from '../content/table-query.js';
import { navTree, type NavCollection, type NavNode } from './nav-tree.js';

/** A saved view in the navigation: its name and the address of its collection's list with the view applied. */
export type Bookmark = { id: string; name: string; href: string };

/** The collections the user may read, as the navigation's tree of folders. */
export async function readNavTree(client: Client): Promise<NavNode[]> {
  const [collections, access] = await Promise.all([
    readAllCollections<NavCollection>(client),
    readMyPermissions<Parameters<typeof navTree>[1]>(client),
  ]);
  return navTree(collections, access);
}

/** The list's address for a saved view: what applying it on the list page shows (from the first page). */
export function bookmarkHref(collection: string, view: SavedView): string {
  return `/content/${encodeURIComponent(collection)}${tableQueryString({ page: 1, ...view.query })}`;
}

/** The saved views (presets with a name) the user may see, by collection, each by name. */
export async function readBookmarks(client: Client): Promise<Map<string, Bookmark[]>> {
  const rows = (await client.request(
    readPresets({
      filter: { bookmark: { _nnull: true } },
      fields: ['id', 'collection', 'bookmark', 'search', 'filter', 'layout_query'],
      sort: ['bookmark'],
      limit: -1,
    } as never),
  )) as unknown as (Parameters<typeof viewOf>[0] & { collection: string })[];
  const byCollection = new Map<string, Bookmark[]>();
  for (const row of rows) {
    const view = viewOf(row);
    const list = byCollection.get(row.collection) ?? [];
    list.push({ id: view.id, name: view.name, href: bookmarkHref(row.collection, view) });
    byCollection.set(row.collection, list);
  }
  return byCollection;
}
