import type { Migration } from './migration.types.js';

/** The table of cluster-wide leases (see engine/leases): one row per named job, with its holder and expiry. */
export const LEASES_TABLE = 'service_leases';

/**
 * `service_leases`: work that must run on one instance at a time (activity retention) takes a named lease with
 * an expiry, so two instances never run it at once and another carries on when the holder dies.
 */
export const addLeases: Migration = {
  version: '20261125K',
  name: 'add-leases',
  async up(knex) {
    await knex.schema.createTable(LEASES_TABLE, (table) => {
      table.string('name', 64).primary();
      table.string('holder', 64).notNullable();
      // Milliseconds since the epoch: compared, never shown, so the same on every vendor.
      table.bigInteger('expires_at').notNullable();
    });
  },
};
