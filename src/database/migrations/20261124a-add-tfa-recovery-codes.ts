import type { Migration } from './migration.types.js';

/**
 * `service_users.tfa_recovery_codes`: the SHA-256 hashes of the user's unused two-factor recovery codes (a JSON
 * array). The codes themselves are shown once, when generated, and never stored.
 */
export const addTfaRecoveryCodes: Migration = {
  version: '20261124A',
  name: 'add-tfa-recovery-codes',
  async up(knex, dialect) {
    await knex.schema.alterTable('service_users', (table) => {
      dialect.addColumn(table, { name: 'tfa_recovery_codes', type: 'json' }, knex);
    });
  },
};
