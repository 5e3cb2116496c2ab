import type { Migration } from './migration.types.js';

/**
 * `service_sessions.family`: the id of the session a row belongs to. Every refresh stores a new row (the refresh
 * token rotates), so one sign-in is a chain of rows; they share the id of its first row here. `/users/me/sessions`
 * lists and ends sessions by this id, and access tokens carry it as `sid`. Existing rows become their own family.
 */
export const addSessionFamily: Migration = {
  version: '20261124D',
  name: 'add-session-family',
  async up(knex, dialect) {
    await knex.schema.alterTable('service_sessions', (table) => {
      dialect.addColumn(table, { name: 'family', type: 'uuid' }, knex);
      table.index(['family'], 'service_sessions_family_index');
    });
    await knex('service_sessions')
      .whereNull('family')
      .update({ family: knex.ref('id') });
  },
};
