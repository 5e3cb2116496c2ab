import type { Logger } from 'pino';
import type { Storage } from '../../engine/storage/index.js';

/** Where one file's bytes are: its location and key (`service_files.storage`, `filename_disk`). */
export type StoredObjectRef = { id: string; storage: string; filename_disk: string | null };

/** The folder-like prefix under which a file's transformed versions are kept. */
export function transformsPrefix(id: string): string {
  return `__transforms/${id}/`;
}

/**
 * Deletes stored objects (and, with `transforms`, every cached transformation of those files). Runs after a
 * commit or during clean-up, so it never throws: a failure is logged, and what is left is only unreachable bytes.
 */
export async function deleteStoredObjects(
  storage: Storage,
  refs: readonly StoredObjectRef[],
  logger: Logger,
  options: { transforms: boolean },
): Promise<void> {
  for (const ref of refs) {
    if (!storage.has(ref.storage)) continue;
    const driver = storage.location(ref.storage);
    try {
      if (ref.filename_disk) await driver.delete(ref.filename_disk);
      if (options.transforms) for await (const path of driver.list(transformsPrefix(ref.id))) await driver.delete(path);
    } catch (error) {
      logger.warn({ err: error, file: ref.id, storage: ref.storage }, 'A stored file could not be deleted');
    }
  }
}
