import { SYSTEM_TABLES } from '../../kernel/system/system-tables.js';
import type { Migration } from './migration.types.js';
import { createSystemTable } from './create-system-table.js';

export const createSystemTables: Migration = {
  version: '20261122A',
  name: 'create-system-tables',
  async up(knex, dialect) {
    for (const table of SYSTEM_TABLES) await createSystemTable(knex, dialect, table);
  },
};
