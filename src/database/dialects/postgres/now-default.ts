import type { Knex } from 'knex';

/** "Now" for `timestamptz` columns. */
export function nowDefault(knex: Knex): Knex.Raw {
  return knex.raw('CURRENT_TIMESTAMP');
}

/** "Now" as a zone-less UTC date-time, for `timestamp` (dateTime) columns, whatever the session zone. */
export function nowDateTimeDefault(knex: Knex): Knex.Raw {
  return knex.raw("(CURRENT_TIMESTAMP AT TIME ZONE 'UTC')");
}
