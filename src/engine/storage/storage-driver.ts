import type { Readable } from 'node:stream';

/** A byte range of an object, both ends inclusive (as in an HTTP `Range` header). */
export type ByteRange = { start: number; end: number };

/** What a driver knows of a stored object. */
export type StoredObjectStat = { size: number; modified: Date };

/**
 * One place files are kept (a storage location): the local disk, or an S3-compatible bucket. Paths are
 * relative, `/`-separated keys such as `3f1c….jpg` or `__transforms/3f1c…/w200.webp`; the driver adds its
 * root. Every method works on streams: no driver buffers a whole object in memory.
 *
 * The contract is tested once for every driver (tests/storage/storage-driver-contract.test.ts).
 */
export interface StorageDriver {
  /** The object's bytes, whole or one range. Rejects with `StorageNotFoundError` when there is no such object. */
  read(path: string, range?: ByteRange): Promise<Readable>;
  /**
   * Stores the stream under `path`, replacing what was there. The object appears whole or not at all: a
   * stream that fails part way leaves no object (and no partial one) behind.
   */
  write(path: string, content: Readable, contentType?: string): Promise<void>;
  /** Size and last change of the object, or null when there is none. */
  stat(path: string): Promise<StoredObjectStat | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(path: string): Promise<void>;
  /** The paths of every object under `prefix` (a folder-like prefix such as `__transforms/3f1c…/`). */
  list(prefix: string): AsyncIterable<string>;
  /** Releases connections and handles (the S3 client's sockets); the driver is unusable after. */
  close?(): Promise<void>;
}

/** Raised by `read` for a missing object, whichever driver. */
export class StorageNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`No stored object at "${path}"`);
    this.name = 'StorageNotFoundError';
  }
}

/**
 * Checks a relative object path: no empty segments, `.`/`..`, backslashes, NUL or leading slash, so no
 * path can leave the driver's root. Every driver calls it before touching its store.
 */
export function assertSafeObjectPath(path: string): void {
  if (!isSafeObjectPath(path)) throw new Error(`Unsafe storage path "${path}"`);
}

/** Whether `path` is a relative object path that stays under a driver's root (see assertSafeObjectPath). */
export function isSafeObjectPath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false;
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') return false;
  }
  return true;
}
