import {
  compareContentVersion,
  createContentVersion,
  deleteContentVersion,
  promoteContentVersion,
  readContentVersions,
  readItem,
  saveToContentVersion,
} from '@directus/sdk';
import type { Client } from '../api/client.js';
import { readOneCollection } from '../api/shared-reads.js';

export type ItemVersion = { id: string; key: string; name: string | null };
export type VersionComparison = {
  outdated: boolean;
  mainHash: string;
  current: Record<string, unknown>;
  main: Record<string, unknown>;
};
/** One row of the side-by-side compare view. */
export type ComparedField = { field: string; main: unknown; version: unknown; changed: boolean };

/** Whether the collection keeps content versions (its meta's `versioning`). */
export async function versioningOn(client: Client, collection: string): Promise<boolean> {
  const info = await readOneCollection<{ meta?: { versioning?: unknown } | null }>(client, collection).catch(() => null);
  return info?.meta?.versioning === true;
}

/** The versions of one item, by name (`/versions`); none when the user may not read versions. */
export async function readItemVersions(client: Client, collection: string, item: string): Promise<ItemVersion[]> {
  const rows = (await client
    .request(
      readContentVersions({
        filter: { _and: [{ collection: { _eq: collection } }, { item: { _eq: item } }] },
        fields: ['id', 'key', 'name'],
        sort: ['date_created'],
        limit: -1,
      } as never),
    )
    .catch(() => [])) as unknown as ItemVersion[];
  return rows;
}

/** A key for a new version from its name: lower case, dashes, unique among `taken`. */
export function versionKey(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'version';
  const used = new Set([...taken, 'main']);
  let key = base;
  for (let n = 2; used.has(key); n++) key = `${base}-${n}`;
  return key;
}

export async function createItemVersion(
  client: Client,
  collection: string,
  item: string,
  name: string,
  taken: string[],
): Promise<ItemVersion> {
  const made = (await client.request(
    createContentVersion({ key: versionKey(name, taken), name, collection, item } as never),
  )) as unknown as ItemVersion;
  return { id: made.id, key: made.key, name: made.name };
}

/** The item as a version has it (`?version=<key>`). */
export async function readVersionedItem(client: Client, collection: string, id: string, key: string): Promise<Record<string, unknown>> {
  return (await client.request(readItem(collection, id, { version: key } as never))) as Record<string, unknown>;
}

export async function saveToVersion(client: Client, id: string, values: Record<string, unknown>): Promise<void> {
  await client.request(saveToContentVersion(id, values as never));
}

export async function compareVersion(client: Client, id: string): Promise<VersionComparison> {
  return (await client.request(compareContentVersion(id))) as unknown as VersionComparison;
}

/** Promotes the version over the item as it was compared, then deletes the version (decision 0102). */
export async function promoteVersion(client: Client, id: string, mainHash: string): Promise<void> {
  await client.request(promoteContentVersion(id, mainHash));
  await client.request(deleteContentVersion(id));
}

export async function deleteVersion(client: Client, id: string): Promise<void> {
  await client.request(deleteContentVersion(id));
}

/** The fields a version changes, beside the main item's values, each marked when the values differ. */
export function comparedFields(comparison: VersionComparison): ComparedField[] {
  return Object.keys(comparison.current).map((field) => {
    const main = comparison.main[field];
    const version = comparison.current[field];
    return { field, main, version, changed: JSON.stringify(main ?? null) !== JSON.stringify(version ?? null) };
  });
}
