import { createSystemTable } from './create-system-table.js';
import type { Migration } from './migration.types.js';

/**
 * `service_dashboards` and `service_panels` (Directus's `directus_dashboards`, `directus_panels`): a dashboard of
 * the Insights section and the panels on its grid (a type, options, a position and a size in grid cells).
 * Deleting a dashboard deletes its panels; a creator's deletion leaves them unsigned.
 */
export const addDashboards: Migration = {
  version: '20261128W',
  name: 'add-dashboards',
  async up(knex, dialect) {
    await createSystemTable(knex, dialect, {
      name: 'service_dashboards',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'name', type: 'string', maxLength: 255, nullable: false },
        { name: 'icon', type: 'string', maxLength: 64, nullable: false, defaultValue: 'dashboard' },
        { name: 'note', type: 'text' },
        { name: 'date_created', type: 'timestamp', defaultNow: true },
        { name: 'user_created', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
        { name: 'color', type: 'string', maxLength: 255 },
      ],
      indexes: [['user_created']],
    });
    await createSystemTable(knex, dialect, {
      name: 'service_panels',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'dashboard', type: 'uuid', nullable: false, references: { table: 'service_dashboards', onDelete: 'CASCADE' } },
        { name: 'name', type: 'string', maxLength: 255 },
        { name: 'icon', type: 'string', maxLength: 64 },
        { name: 'color', type: 'string', maxLength: 10 },
        { name: 'show_header', type: 'boolean', nullable: false, defaultValue: false },
        { name: 'note', type: 'text' },
        { name: 'type', type: 'string', maxLength: 255, nullable: false },
        { name: 'position_x', type: 'integer', nullable: false },
        { name: 'position_y', type: 'integer', nullable: false },
        { name: 'width', type: 'integer', nullable: false },
        { name: 'height', type: 'integer', nullable: false },
        { name: 'options', type: 'json' },
        { name: 'date_created', type: 'timestamp', defaultNow: true },
        { name: 'user_created', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
      ],
      indexes: [['dashboard'], ['user_created']],
    });
  },
};
