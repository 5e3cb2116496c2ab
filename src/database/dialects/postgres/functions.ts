import type { Knex } from 'knex';
import type { DateFunction } from '../dialect.js';

/** `CAST(col AS TEXT) [NOT] ILIKE ? ESCAPE '!'`: works on uuid and numeric columns too; cases by the database's LC_CTYPE (a UTF-8 one knows every letter; `C` only ASCII). */
export function ilike(column: string, negate: boolean): string {
  return `CAST(${column} AS TEXT) ${negate ? 'NOT ILIKE' : 'ILIKE'} ? ESCAPE '!'`;
}

/** EXTRACT fields; WEEK is the ISO week, DOW 0 = Sunday. */
const FIELDS: Record<DateFunction, string> = {
  year: 'YEAR',
  month: 'MONTH',
  week: 'WEEK',
  day: 'DAY',
  weekday: 'DOW',
  hour: 'HOUR',
  minute: 'MINUTE',
  second: 'SECOND',
};

/** A date part as an integer (FLOOR drops the fraction EXTRACT(SECOND) has). Times are in UTC. */
export function dateFunction(knex: Knex, fn: DateFunction, column: string): Knex.Raw {
  return knex.raw(`CAST(FLOOR(EXTRACT(${FIELDS[fn]} FROM ??)) AS INTEGER)`, [column]);
}

export function randomOrder(knex: Knex): Knex.Raw {
  return knex.raw('RANDOM()');
}
