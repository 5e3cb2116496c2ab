import type { Client } from './api/client.js';
import {
  readAllCollections,
  readAllTranslations,
  readCollectionFields,
  readCollectionRelations,
  readDefaultLanguage,
  readMyGlobals,
  readMyPermissions,
  readOneCollection,
} from './api/shared-reads.js';

/** The first page, of those worth warming up: a collection's list or one of its items (with the collection). */
export type PageToWarm = { kind: 'items' | 'item' | 'other'; collection?: string };

/** Which page an address of the app (`/admin/content/articles`, `/admin/content/articles/7`) is, for the warm-up. */
export function pageToWarm(pathname: string): PageToWarm {
  let parts: string[];
  try {
    parts = pathname
      .replace(/^\/admin\/?/, '')
      .split('/')
      .map(decodeURIComponent);
  } catch {
    return { kind: 'other' };
  }
  if (parts[0] !== 'content' || !parts[1]) return { kind: 'other' };
  return { kind: parts[2] ? 'item' : 'items', collection: parts[1] };
}

/**
 * Starts the reads the signed-in frame and the first page will ask for, all at once, as soon as the session is known
 * (decision 0182): the frame's (who may do what, the global flags, the collections, the default language, the
 * translation strings) and, on a collection's page or item, the collection's fields, relations and settings. The
 * pages ask for the same through the shared reads and get these answers; a failure here is the page's to report
 * when it asks. (The list page's own reads are in its chunk, table-api.ts: this list repeats them so that the
 * sign-in bundle does not carry that chunk.)
 */
export function warmFirstPage(client: Client, page: PageToWarm): void {
  const reads: Promise<unknown>[] = [
    readMyPermissions(client),
    readMyGlobals(client),
    readAllCollections(client),
    readDefaultLanguage(client),
    readAllTranslations(client),
  ];
  if (page.collection) {
    reads.push(
      readCollectionFields(client, page.collection),
      readCollectionRelations(client, page.collection),
      readOneCollection(client, page.collection),
    );
  }
  for (const read of reads) read.catch(() => undefined);
}
