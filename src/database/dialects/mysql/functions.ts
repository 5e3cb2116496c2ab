import type { Knex } from 'knex';
import type { DateFunction } from '../dialect.js';

/** `LOWER(col) [NOT] LIKE LOWER(?) ESCAPE '!'` (also right under a binary collation). */
export function ilike(knex: Knex, column: string, pattern: string, negate: boolean): Knex.Raw {
  return knex.raw(`LOWER(??) ${negate ? 'NOT LIKE' : 'LIKE'} LOWER(?) ESCAPE '!'`, [column, pattern]);
}

/** Week mode 3 is the ISO week; DAYOFWEEK() - 1 gives 0 = Sunday as on the other vendors. */
const TEMPLATES: Record<DateFunction, string> = {
  year: 'YEAR(??)',
  month: 'MONTH(??)',
  week: 'WEEK(??, 3)',
  day: 'DAYOFMONTH(??)',
  weekday: '(DAYOFWEEK(??) - 1)',
  hour: 'HOUR(??)',
  minute: 'MINUTE(??)',
  second: 'SECOND(??)',
};

export function dateFunction(knex: Knex, fn: DateFunction, column: string): Knex.Raw {
  return knex.raw(TEMPLATES[fn], [column]);
}

export function randomOrder(knex: Knex): Knex.Raw {
  return knex.raw('RAND()');
}
