import { createSystemTable } from './create-system-table.js';
import type { Migration } from './migration.types.js';

/**
 * `service_translations` (Directus 11's `directus_translations`): custom translation strings, one row per language
 * and key (`$t:key` in names and notes resolves through them). As in Directus, a key may repeat across languages;
 * the lookups go by language then key, hence the index.
 */
export const addTranslations: Migration = {
  version: '20261128Y',
  name: 'add-translations',
  async up(knex, dialect) {
    await createSystemTable(knex, dialect, {
      name: 'service_translations',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'language', type: 'string', maxLength: 255, nullable: false },
        { name: 'key', type: 'string', maxLength: 255, nullable: false },
        { name: 'value', type: 'text', nullable: false },
      ],
      indexes: [['language', 'key']],
    });
  },
};
