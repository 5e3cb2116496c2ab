import { SCHEMA_VERSION_TABLE } from './20261124c-add-schema-version.js';
import type { Migration } from './migration.types.js';

/**
 * `service_schema_version.access_version`: raised, in the writing transaction, by every change to who may do
 * what (roles, policies, access rows, permissions, a user's role or status). Every instance reads it with the
 * schema version at the start of each request and drops its permission caches when it moved (decision 0012).
 */
export const addAccessVersion: Migration = {
  version: '20261125A',
  name: 'add-access-version',
  async up(knex) {
    await knex.schema.alterTable(SCHEMA_VERSION_TABLE, (table) => {
      table.integer('access_version').notNullable().defaultTo(0);
    });
  },
};
