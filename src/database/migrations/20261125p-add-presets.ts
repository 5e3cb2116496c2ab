import { createSystemTable } from './create-system-table.js';
import type { Migration } from './migration.types.js';

/**
 * `service_presets` (Directus's `directus_presets`): saved views and defaults of a collection's layout, for a
 * user, a role, or everyone (both null); `bookmark` names a saved view, null is the default view.
 */
export const addPresets: Migration = {
  version: '20261125P',
  name: 'add-presets',
  async up(knex, dialect) {
    await createSystemTable(knex, dialect, {
      name: 'service_presets',
      columns: [
        { name: 'id', type: 'integer', primaryKey: true, autoIncrement: true },
        { name: 'bookmark', type: 'string', maxLength: 255 },
        { name: 'user', type: 'uuid', references: { table: 'service_users', onDelete: 'CASCADE' } },
        { name: 'role', type: 'uuid', references: { table: 'service_roles', onDelete: 'CASCADE' } },
        { name: 'collection', type: 'string', maxLength: 64 },
        { name: 'search', type: 'string', maxLength: 100 },
        { name: 'layout', type: 'string', maxLength: 100, defaultValue: 'tabular' },
        { name: 'layout_query', type: 'json' },
        { name: 'layout_options', type: 'json' },
        { name: 'refresh_interval', type: 'integer' },
        { name: 'filter', type: 'json' },
        { name: 'icon', type: 'string', maxLength: 64, defaultValue: 'bookmark' },
        { name: 'color', type: 'string', maxLength: 255 },
      ],
      indexes: [['user'], ['role'], ['collection']],
    });
  },
};
