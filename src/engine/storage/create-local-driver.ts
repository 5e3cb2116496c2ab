import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeObjectPath, StorageNotFoundError, type ByteRange, type StorageDriver, type StoredObjectStat } from './storage-driver.js';

/** Temporary files of writes in progress start with this; `list` never reports them. */
const PARTIAL = '.partial-';

/**
 * The local-disk driver: objects are files under `root`. A write goes to a temporary file beside its target
 * and is renamed into place when the stream has ended, so readers see the old object or the new one whole.
 */
export function createLocalDriver(root: string): StorageDriver {
  const fileOf = (path: string): string => {
    assertSafeObjectPath(path);
    return join(root, ...path.split('/'));
  };

  return {
    async read(path: string, range?: ByteRange): Promise<Readable> {
      const file = fileOf(path);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(path);
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async write(path: string, content: Readable): Promise<void> {
      const file = fileOf(path);
      await mkdir(dirname(file), { recursive: true });
      const partial = join(dirname(file), `${PARTIAL}${randomBytes(8).toString('hex')}`);
      const out = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(content, out);
        await rename(partial, file);
      } catch (error) {
        // A source that fails at once rejects the pipeline while the file is still being opened: wait for the
        // stream to close, or the open would create the file after it was removed.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
    },

    async stat(path: string): Promise<StoredObjectStat | null> {
      try {
        const info = await stat(fileOf(path));
        return info.isFile() ? { size: info.size, modified: info.mtime } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(path: string): Promise<void> {
      await rm(fileOf(path), { force: true });
    },

    async *list(prefix: string): AsyncIterable<string> {
      // The folder that holds every match: the prefix up to its last slash.
      const cut = prefix.lastIndexOf('/');
      const folder = cut === -1 ? '' : prefix.slice(0, cut);
      if (folder !== '') assertSafeObjectPath(folder);
      const start = folder === '' ? root : join(root, ...folder.split('/'));
      let entries;
      try {
        entries = await readdir(start, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.startsWith(PARTIAL)) continue;
        const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
        if (key.startsWith(prefix)) yield key;
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
