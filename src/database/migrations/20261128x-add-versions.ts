import { createSystemTable } from './create-system-table.js';
import type { Migration } from './migration.types.js';

/**
 * `service_versions` (Directus 11's `directus_versions`): a named draft of one item (`collection`, `item`), its
 * changes kept in `delta` until they are promoted; `hash` is the main item's hash when the version was made, so a
 * promote can tell that the item has changed since. A key is used once per item (unique). A user's deletion
 * clears their authorship and keeps the draft.
 */
export const addVersions: Migration = {
  version: '20261128X',
  name: 'add-versions',
  async up(knex, dialect) {
    await createSystemTable(knex, dialect, {
      name: 'service_versions',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'key', type: 'string', maxLength: 64, nullable: false },
        { name: 'name', type: 'string', maxLength: 255 },
        { name: 'collection', type: 'string', maxLength: 64, nullable: false },
        { name: 'item', type: 'string', maxLength: 255, nullable: false },
        { name: 'hash', type: 'string', maxLength: 255 },
        { name: 'date_created', type: 'timestamp', defaultNow: true },
        { name: 'date_updated', type: 'timestamp' },
        { name: 'user_created', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
        { name: 'user_updated', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
        { name: 'delta', type: 'json' },
      ],
      uniques: [['collection', 'item', 'key']],
      indexes: [['user_created'], ['user_updated']],
    });
  },
};
