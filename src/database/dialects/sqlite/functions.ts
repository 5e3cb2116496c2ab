import type { Knex } from 'knex';
import type { DateFunction } from '../dialect.js';

/** `stratum_lower(col) [NOT] LIKE ? ESCAPE '!'`: Unicode's lower case (SQLite's own `lower()` knows ASCII only; knex-config registers the function). */
export function ilike(column: string, negate: boolean): string {
  return `stratum_lower(${column}) ${negate ? 'NOT LIKE' : 'LIKE'} ? ESCAPE '!'`;
}

/** strftime formats; `%V` is the ISO week (as PostgreSQL's EXTRACT(WEEK)), `%w` 0 = Sunday. */
const FORMATS: Record<DateFunction, string> = {
  year: '%Y',
  month: '%m',
  week: '%V',
  day: '%d',
  weekday: '%w',
  hour: '%H',
  minute: '%M',
  second: '%S',
};

/** A date part of ISO text (timestamps, date-times, dates or times) as an integer. */
export function dateFunction(knex: Knex, fn: DateFunction, column: string): Knex.Raw {
  return knex.raw(`CAST(strftime('${FORMATS[fn]}', ??) AS INTEGER)`, [column]);
}

export function randomOrder(knex: Knex): Knex.Raw {
  return knex.raw('RANDOM()');
}
