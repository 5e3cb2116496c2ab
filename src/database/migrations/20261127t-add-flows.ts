import { createSystemTable } from './create-system-table.js';
import type { Migration } from './migration.types.js';

/**
 * `service_flows` and `service_operations` (Directus's `directus_flows`, `directus_operations`): a flow is a
 * trigger with options and its first operation; operations form a chain through `resolve` and `reject`. Deleting
 * a flow deletes its operations. `operation`, `resolve` and `reject` carry no foreign key: they point within one
 * flow's chain, and a cascade that sets null on the table it deletes from acts as RESTRICT on MariaDB; the flow
 * runner treats a dangling link as the end of the chain.
 */
export const addFlows: Migration = {
  version: '20261127T',
  name: 'add-flows',
  async up(knex, dialect) {
    await createSystemTable(knex, dialect, {
      name: 'service_flows',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'name', type: 'string', maxLength: 255, nullable: false },
        { name: 'icon', type: 'string', maxLength: 64 },
        { name: 'color', type: 'string', maxLength: 255 },
        { name: 'description', type: 'text' },
        { name: 'status', type: 'string', maxLength: 255, nullable: false, defaultValue: 'active' },
        { name: 'trigger', type: 'string', maxLength: 255 },
        { name: 'accountability', type: 'string', maxLength: 255, defaultValue: 'all' },
        { name: 'options', type: 'json' },
        { name: 'operation', type: 'uuid' },
        { name: 'date_created', type: 'timestamp', defaultNow: true },
        { name: 'user_created', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
      ],
      indexes: [['user_created'], ['status']],
    });
    await createSystemTable(knex, dialect, {
      name: 'service_operations',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'name', type: 'string', maxLength: 255 },
        { name: 'key', type: 'string', maxLength: 255, nullable: false },
        { name: 'type', type: 'string', maxLength: 255, nullable: false },
        { name: 'position_x', type: 'integer', nullable: false, defaultValue: 0 },
        { name: 'position_y', type: 'integer', nullable: false, defaultValue: 0 },
        { name: 'options', type: 'json' },
        { name: 'resolve', type: 'uuid' },
        { name: 'reject', type: 'uuid' },
        { name: 'flow', type: 'uuid', nullable: false, references: { table: 'service_flows', onDelete: 'CASCADE' } },
        { name: 'date_created', type: 'timestamp', defaultNow: true },
        { name: 'user_created', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
      ],
      indexes: [['flow'], ['user_created']],
      uniques: [['flow', 'key']],
    });
  },
};
