import { aggregate, createItem, deleteItem, deleteItems, readItem, readItems, updateItem } from '@directus/sdk';
import { t } from '../i18n/t.js';
import type { Client } from '../api/client.js';
import { readAllCollections, readCollectionFields, readMyPermissions } from '../api/shared-reads.js';
import type { CollectionAccess, RawFormField } from './form-fields.js';

export type CollectionInfo = { collection: string; note: string | null; icon: string | null; color: string | null };
export type FieldInfo = { field: string; type: string; primaryKey: boolean; hidden: boolean };

type RawCollection = {
  collection: string;
  meta?: { note?: string | null; hidden?: boolean; icon?: string | null; color?: string | null } | null;
  schema?: unknown;
};
type RawField = { field: string; type: string; meta?: { hidden?: boolean } | null; schema?: { is_primary_key?: boolean } | null };
type ActionAccess = { access: 'none' | 'partial' | 'full'; fields?: string[] };
type Access = Record<string, { read?: ActionAccess } | undefined>;

/** True for the server's own collections (users, roles, activity…): they get their own pages, not Content. */
export function isSystemCollection(name: string): boolean {
  return name.startsWith('service_') || name.startsWith('directus_');
}

/** The user collections the signed-in user may read, by name. */
export async function readableCollections(client: Client): Promise<CollectionInfo[]> {
  const [collections, access] = await Promise.all([readAllCollections<RawCollection>(client), readMyPermissions<Access>(client)]);
  return pickReadable(collections, access);
}

/** Collections with a table, not system ones, and with read access other than none. */
export function pickReadable(collections: RawCollection[], access: Access): CollectionInfo[] {
  return collections
    .filter((c) => c.schema !== null && !isSystemCollection(c.collection) && !c.meta?.hidden)
    .filter((c) => (access[c.collection]?.read?.access ?? 'none') !== 'none')
    .map((c) => ({ collection: c.collection, note: c.meta?.note ?? null, icon: c.meta?.icon ?? null, color: c.meta?.color ?? null }))
    .sort((a, b) => a.collection.localeCompare(b.collection));
}

/** The fields of a collection that hold a value (no alias such as one-to-many), in the schema's order. */
export async function readFields(client: Client, collection: string): Promise<FieldInfo[]> {
  const fields = await readCollectionFields<RawField>(client, collection);
  return fields
    .filter((f) => f.type !== 'alias')
    .map((f) => ({ field: f.field, type: f.type, primaryKey: f.schema?.is_primary_key === true, hidden: f.meta?.hidden === true }));
}

/** The table's query: paging, sort, search, a Directus filter (null: none) and the chosen columns (null: the default ones). */
export type PageQuery = {
  page: number;
  limit: number;
  sort: string | null;
  search: string;
  filter: Record<string, unknown> | null;
  fields: string[] | null;
};
export type Page = { rows: Record<string, unknown>[]; total: number };

/** One page of items (server-side limit, offset, sort, search and filter) and how many items match in all. */
export async function readPage(client: Client, collection: string, fields: string[], query: PageQuery): Promise<Page> {
  const search = query.search.trim();
  const matching = { ...(search ? { search } : {}), ...(query.filter ? { filter: query.filter } : {}) };
  const [rows, counted] = await Promise.all([
    client.request(
      readItems(collection, {
        fields,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        ...(query.sort ? { sort: [query.sort] } : {}),
        ...matching,
      } as never),
    ) as Promise<Record<string, unknown>[]>,
    client.request(
      aggregate(collection, { aggregate: { count: '*' }, ...(Object.keys(matching).length > 0 ? { query: matching } : {}) } as never),
    ) as Promise<{ count?: unknown }[]>,
  ]);
  return { rows, total: Number(counted[0]?.count ?? rows.length) };
}

export async function readOne(client: Client, collection: string, id: string): Promise<Record<string, unknown>> {
  return (await client.request(readItem(collection, id))) as Record<string, unknown>;
}

/** How a value reads in a table cell or on the item page. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? t('Yes') : t('No');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Column header text: `published_on` → `Published on`. */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The raw field metadata of a collection (for the form generator). */
export async function readRawFields(client: Client, collection: string): Promise<RawFormField[]> {
  return readCollectionFields<RawFormField>(client, collection);
}

/** What the user may do in one collection (`GET /permissions/me`). */
export async function readAccess(client: Client, collection: string): Promise<CollectionAccess> {
  const access = await readMyPermissions<Access>(client);
  return (access[collection] ?? {}) as CollectionAccess;
}

export async function createOne(client: Client, collection: string, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await client.request(createItem(collection, values))) as Record<string, unknown>;
}

export async function updateOne(
  client: Client,
  collection: string,
  id: string,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return (await client.request(updateItem(collection, id, values))) as Record<string, unknown>;
}

export async function deleteOne(client: Client, collection: string, id: string): Promise<void> {
  await client.request(deleteItem(collection, id));
}

export async function deleteMany(client: Client, collection: string, ids: string[]): Promise<void> {
  await client.request(deleteItems(collection, ids));
}
