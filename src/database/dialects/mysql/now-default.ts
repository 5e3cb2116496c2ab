import type { Knex } from 'knex';

/** "Now" for `datetime(3)` timestamp columns (the precision has to match the column's). */
export function nowDefault(knex: Knex): Knex.Raw {
  return knex.raw('CURRENT_TIMESTAMP(3)');
}

/** "Now" for `datetime` (dateTime) columns. */
export function nowDateTimeDefault(knex: Knex): Knex.Raw {
  return knex.raw('CURRENT_TIMESTAMP');
}
