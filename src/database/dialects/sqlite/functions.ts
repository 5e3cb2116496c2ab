import type { Knex } from 'knex';
import type { DateFunction } from '../dialect.js';

/** `LOWER(col) [NOT] LIKE LOWER(?) ESCAPE '!'` (SQLite lowers ASCII letters only). */
export function ilike(knex: Knex, column: string, pattern: string, negate: boolean): Knex.Raw {
  return knex.raw(`LOWER(??) ${negate ? 'NOT LIKE' : 'LIKE'} LOWER(?) ESCAPE '!'`, [column, pattern]);
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
