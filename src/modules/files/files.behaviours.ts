import { onCommit } from '../../engine/context.js';
import { isSafeObjectPath, type Storage } from '../../engine/storage/index.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import type { CollectionBehaviour } from '../items/index.js';
import { deleteStoredObjects, type StoredObjectRef } from './delete-stored-objects.js';

/**
 * Every write of `filename_disk` is checked to stay inside its storage location.
 * On every path that deletes files (REST, GraphQL, a query delete): users' avatars that pointed at them are
 * cleared in the same transaction, and the stored objects with their cached transformations are deleted once
 * it commits (never before: a rolled-back delete keeps its bytes).
 */
export function filesBehaviour(storage: Storage): CollectionBehaviour {
  return {
    // A file's key in its location must stay under the location's root, whoever writes it (decision 0045).
    beforeWrite(_ctx, { payload }) {
      const disk = payload.filename_disk;
      if (disk !== undefined && disk !== null && (typeof disk !== 'string' || !isSafeObjectPath(disk))) {
        throw invalidPayload('"filename_disk" must be a relative path inside the storage location');
      }
      return payload;
    },
    async beforeDelete(trx, keys) {
      const refs = (await trx
        .db('service_files')
        .whereIn('id', keys.map(String))
        .select('id', 'storage', 'filename_disk')) as StoredObjectRef[];
      await trx.db('service_users').whereIn('avatar', keys.map(String)).update({ avatar: null });
      onCommit(trx, () => deleteStoredObjects(storage, refs, trx.logger, { transforms: true }));
    },
  };
}

/** Deleting a folder clears the project's default upload folder when it was that one. */
export const foldersBehaviour: CollectionBehaviour = {
  async beforeDelete(trx, keys) {
    await trx.db('service_settings').whereIn('storage_default_folder', keys.map(String)).update({ storage_default_folder: null });
  },
};
