import { createSystemTable } from './create-system-table.js';
import type { Migration } from './migration.types.js';

/**
 * `service_shares` (Directus 11's `directus_shares`): a link that lets whoever holds it read one item, within
 * its dates and uses, behind an optional password (an argon2 hash), with at most what its `role` and its creator
 * may read (decision 0105). A share session is a `service_sessions` row with `share` set and no `user`; the
 * column has no foreign key on the existing sessions table (a meta-only link, as the registration role setting):
 * a deleted share ends its sessions through the shares behaviour.
 */
export const addShares: Migration = {
  version: '20261128V',
  name: 'add-shares',
  async up(knex, dialect) {
    await createSystemTable(knex, dialect, {
      name: 'service_shares',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'name', type: 'string', maxLength: 255 },
        { name: 'collection', type: 'string', maxLength: 64, nullable: false },
        { name: 'item', type: 'string', maxLength: 255, nullable: false },
        { name: 'role', type: 'uuid', references: { table: 'service_roles', onDelete: 'CASCADE' } },
        { name: 'password', type: 'string', maxLength: 255 },
        { name: 'user_created', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
        { name: 'date_created', type: 'timestamp', defaultNow: true },
        { name: 'date_start', type: 'timestamp' },
        { name: 'date_end', type: 'timestamp' },
        { name: 'times_used', type: 'integer', nullable: false, defaultValue: 0 },
        { name: 'max_uses', type: 'integer' },
      ],
      indexes: [['collection', 'item'], ['user_created'], ['role']],
    });
    await knex.schema.alterTable('service_sessions', (table) => {
      dialect.addColumn(table, { name: 'share', type: 'uuid' }, knex);
      table.index(['share'], 'service_sessions_share_index');
    });
  },
};
