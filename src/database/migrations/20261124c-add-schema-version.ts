import type { Migration } from './migration.types.js';

/** The table that holds the schema version (see SCHEMA_VERSION_TABLE). */
export const SCHEMA_VERSION_TABLE = 'service_schema_version';

/**
 * `service_schema_version`: one row (`id` 1) whose `version` every schema change made through Stratum raises,
 * in the transaction of the change, whichever process makes it. Caches of what is read from the schema
 * (the snapshot) are kept while it stays the same (decision 0010). Internal: not a collection of the API.
 */
export const addSchemaVersion: Migration = {
  version: '20261124C',
  name: 'add-schema-version',
  async up(knex) {
    await knex.schema.createTable(SCHEMA_VERSION_TABLE, (table) => {
      table.integer('id').primary();
      table.integer('version').notNullable().defaultTo(0);
    });
    await knex(SCHEMA_VERSION_TABLE).insert({ id: 1, version: 0 });
  },
};
