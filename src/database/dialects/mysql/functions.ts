import type { Knex } from 'knex';
import type { DateFunction } from '../dialect.js';

/**
 * `LOWER(col) [NOT] LIKE ? COLLATE utf8mb4_bin ESCAPE '!'`: compared by code point, so accents count as on the other
 * vendors (a `_ci` collation would match é to e and, under utf8mb4_general_ci, ß to s).
 */
export function ilike(column: string, negate: boolean): string {
  return `LOWER(${column}) ${negate ? 'NOT LIKE' : 'LIKE'} ? COLLATE utf8mb4_bin ESCAPE '!'`;
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
