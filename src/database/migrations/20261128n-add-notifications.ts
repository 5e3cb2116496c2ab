import { createSystemTable } from './create-system-table.js';
import type { Migration } from './migration.types.js';

/**
 * `service_notifications` (Directus's `directus_notifications`): a message to one user (`recipient`), from a
 * user or from the system (`sender` null), optionally about an item (`collection`, `item`); `status` is `inbox`
 * or `archived`. A user's notifications go with the user; a sender's deletion leaves them unsigned.
 */
export const addNotifications: Migration = {
  version: '20261128N',
  name: 'add-notifications',
  async up(knex, dialect) {
    await createSystemTable(knex, dialect, {
      name: 'service_notifications',
      columns: [
        { name: 'id', type: 'integer', primaryKey: true, autoIncrement: true },
        { name: 'timestamp', type: 'timestamp', defaultNow: true },
        { name: 'status', type: 'string', maxLength: 255, defaultValue: 'inbox' },
        { name: 'recipient', type: 'uuid', nullable: false, references: { table: 'service_users', onDelete: 'CASCADE' } },
        { name: 'sender', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
        { name: 'subject', type: 'string', maxLength: 255, nullable: false },
        { name: 'message', type: 'text' },
        { name: 'collection', type: 'string', maxLength: 64 },
        { name: 'item', type: 'string', maxLength: 255 },
      ],
      indexes: [['recipient', 'status'], ['sender']],
    });
  },
};
