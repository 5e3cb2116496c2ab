import type { Knex } from 'knex';

/** "Now" in the format timestamps are stored in: ISO 8601, UTC, milliseconds, `Z`. */
export const NOW_EXPRESSION = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** "Now" as a zone-less date-time, for `dateTime` columns. */
export const NOW_DATE_TIME_EXPRESSION = "strftime('%Y-%m-%dT%H:%M:%S', 'now')";

export function nowDefault(knex: Knex): Knex.Raw {
  return knex.raw(`(${NOW_EXPRESSION})`);
}
