import {
  readCollection,
  readCollections,
  readFieldsByCollection,
  readPolicyGlobals,
  readRelationByCollection,
  readSettings,
  readTranslations,
  readUserPermissions,
} from '@directus/sdk';
import type { Client } from './client.js';

/**
 * Reads that several parts of one page ask for at once (who may do what, the user's global policy flags, the
 * collections, a collection's fields): the first asker's request is shared by every asker on the same page while
 * it runs and for a short while after (decision 0182). A new address, a sign-in or sign-out, or `forgetSharedReads`
 * (after a change the app made itself) starts afresh; a failed read is never shared after it failed.
 */
type Entry = { page: string; promise: Promise<unknown>; settledAt: number | null };

/** How long after it answered a read is still shared on the same page. */
export const SHARED_FOR_MS = 3000;

const reads = new WeakMap<Client, Map<string, Entry>>();

function currentPage(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;
}

/** Where and when a read is asked for: the page's address and the clock (a test passes its own). */
export type ReadMoment = { page: string; now: number };

function thisMoment(): ReadMoment {
  return { page: currentPage(), now: Date.now() };
}

export function sharedRead<T>(client: Client, key: string, read: () => Promise<T>, moment: () => ReadMoment = thisMoment): Promise<T> {
  let byKey = reads.get(client);
  if (!byKey) reads.set(client, (byKey = new Map()));
  const { page, now } = moment();
  const kept = byKey.get(key);
  if (kept && kept.page === page && (kept.settledAt === null || now - kept.settledAt <= SHARED_FOR_MS)) return kept.promise as Promise<T>;
  const entry: Entry = { page, promise: read(), settledAt: null };
  byKey.set(key, entry);
  entry.promise.then(
    () => {
      entry.settledAt = moment().now;
    },
    () => {
      if (byKey.get(key) === entry) byKey.delete(key);
    },
  );
  return entry.promise as Promise<T>;
}

/** Forgets every shared read of this client (signed in or out, or the app changed what they answer). */
export function forgetSharedReads(client: Client): void {
  reads.delete(client);
}

/** `GET /permissions/me`: what the user may do in each collection. */
export function readMyPermissions<T = Record<string, unknown>>(client: Client): Promise<T> {
  return sharedRead(client, 'permissions/me', () => client.request(readUserPermissions()) as Promise<T>);
}

/** The user's global flags from their policies. */
export type MyGlobals = { admin_access?: boolean; app_access?: boolean; enforce_tfa?: boolean };

/** `GET /policies/me/globals`: the user's `admin_access`, `app_access` and `enforce_tfa`. */
export function readMyGlobals(client: Client): Promise<MyGlobals> {
  return sharedRead(client, 'policies/me/globals', () => client.request(readPolicyGlobals()) as Promise<MyGlobals>);
}

/** `GET /collections`. */
export function readAllCollections<T>(client: Client): Promise<T[]> {
  return sharedRead(client, 'collections', () => client.request(readCollections()) as Promise<T[]>);
}

/** `GET /collections/<collection>`. */
export function readOneCollection<T>(client: Client, collection: string): Promise<T> {
  return sharedRead(client, `collections/${collection}`, () => client.request(readCollection(collection)) as Promise<T>);
}

/** `GET /fields/<collection>`. */
export function readCollectionFields<T>(client: Client, collection: string): Promise<T[]> {
  return sharedRead(client, `fields/${collection}`, () => client.request(readFieldsByCollection(collection)) as Promise<T[]>);
}

/** `GET /relations/<collection>`. */
export function readCollectionRelations<T>(client: Client, collection: string): Promise<T[]> {
  return sharedRead(client, `relations/${collection}`, () => client.request(readRelationByCollection(collection)) as Promise<T[]>);
}

/** The project's default language (`GET /settings?fields=default_language`); null when unset or unreadable. */
export function readDefaultLanguage(client: Client): Promise<string | null> {
  return sharedRead(client, 'settings/default_language', () =>
    (client.request(readSettings({ fields: ['default_language'] })) as Promise<{ default_language?: string | null }>).then(
      (settings) => settings.default_language ?? null,
      () => null,
    ),
  );
}

/** Every translation string of the project (`GET /translations?limit=-1`), each language's. */
export function readAllTranslations<T>(client: Client): Promise<T[]> {
  return sharedRead(
    client,
    'translations',
    () => client.request(readTranslations({ fields: ['language', 'key', 'value'], limit: -1 })) as Promise<T[]>,
  );
}
