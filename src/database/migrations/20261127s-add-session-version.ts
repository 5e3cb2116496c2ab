import { SCHEMA_VERSION_TABLE } from './20261124c-add-schema-version.js';
import type { Migration } from './migration.types.js';

/**
 * `service_schema_version.session_version`: raised, in the ending transaction, whenever sign-ins end (logout, a
 * session ended from /users/me/sessions, a password change or reset, a deactivation). Every instance reads it
 * with the other versions at the start of each request and forgets which sign-ins it knew to be live, so an
 * access token dies with its sign-in on every instance at once (decision 0042).
 */
export const addSessionVersion: Migration = {
  version: '20261127S',
  name: 'add-session-version',
  async up(knex) {
    await knex.schema.alterTable(SCHEMA_VERSION_TABLE, (table) => {
      table.integer('session_version').notNullable().defaultTo(0);
    });
  },
};
