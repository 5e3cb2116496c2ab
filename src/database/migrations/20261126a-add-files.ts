import type { Knex } from 'knex';
import type { Dialect } from '../dialects/dialect.js';
import { createSystemTable } from './create-system-table.js';
import type { Migration } from './migration.types.js';

/**
 * Files and folders (Directus's `directus_files` and `directus_folders`): one row per stored file with what
 * was learnt from its bytes (type, size, dimensions, checksum) and where it is kept (`storage`, the location's
 * name, and `filename_disk`, its key there). Settings gain the asset transformation rules and presets.
 */
export const addFiles: Migration = {
  version: '20261126A',
  name: 'add-files',
  async up(knex, dialect) {
    await createSystemTable(knex, dialect, {
      name: 'service_folders',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'name', type: 'string', maxLength: 255, nullable: false },
        { name: 'parent', type: 'uuid', references: { table: 'service_folders', onDelete: 'SET NULL' } },
      ],
      indexes: [['parent']],
    });
    await createSystemTable(knex, dialect, {
      name: 'service_files',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'storage', type: 'string', maxLength: 255, nullable: false },
        { name: 'filename_disk', type: 'string', maxLength: 255 },
        { name: 'filename_download', type: 'string', maxLength: 255, nullable: false },
        { name: 'title', type: 'string', maxLength: 255 },
        { name: 'type', type: 'string', maxLength: 255 },
        { name: 'folder', type: 'uuid', references: { table: 'service_folders', onDelete: 'SET NULL' } },
        { name: 'uploaded_by', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
        { name: 'created_on', type: 'timestamp', nullable: false, defaultNow: true },
        { name: 'modified_by', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
        { name: 'modified_on', type: 'timestamp', nullable: false, defaultNow: true },
        { name: 'charset', type: 'string', maxLength: 50 },
        { name: 'filesize', type: 'bigInteger' },
        { name: 'width', type: 'integer' },
        { name: 'height', type: 'integer' },
        { name: 'duration', type: 'integer' },
        { name: 'embed', type: 'string', maxLength: 200 },
        { name: 'description', type: 'text' },
        { name: 'location', type: 'text' },
        { name: 'tags', type: 'json' },
        { name: 'metadata', type: 'json' },
        { name: 'focal_point_x', type: 'integer' },
        { name: 'focal_point_y', type: 'integer' },
        { name: 'checksum', type: 'string', maxLength: 64 },
        { name: 'uploaded_on', type: 'timestamp' },
      ],
      indexes: [['folder'], ['uploaded_by'], ['modified_by']],
    });
    await addSettings(knex, dialect);
  },
};

async function addSettings(knex: Knex, dialect: Dialect): Promise<void> {
  await knex.schema.alterTable('service_settings', (table) => {
    dialect.addColumn(table, { name: 'storage_asset_transform', type: 'string', maxLength: 7, defaultValue: 'all' }, knex);
    dialect.addColumn(table, { name: 'storage_asset_presets', type: 'json' }, knex);
    dialect.addColumn(table, { name: 'storage_default_folder', type: 'uuid' }, knex);
  });
}
