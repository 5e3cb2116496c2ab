import type { Migration } from './migration.types.js';

/**
 * Public registration (Directus's settings of the same names): `public_registration` opens
 * `POST /users/register`, `public_registration_verify_email` makes new users verify their address first,
 * `public_registration_role` is the role they get, `public_registration_email_filter` a filter their address
 * must pass.
 */
export const addPublicRegistration: Migration = {
  version: '20261128U',
  name: 'add-public-registration',
  async up(knex, dialect) {
    await knex.schema.alterTable('service_settings', (table) => {
      dialect.addColumn(table, { name: 'public_registration', type: 'boolean', nullable: false, defaultValue: false }, knex);
      dialect.addColumn(table, { name: 'public_registration_verify_email', type: 'boolean', nullable: false, defaultValue: true }, knex);
      dialect.addColumn(table, { name: 'public_registration_role', type: 'uuid' }, knex);
      dialect.addColumn(table, { name: 'public_registration_email_filter', type: 'json' }, knex);
    });
  },
};
