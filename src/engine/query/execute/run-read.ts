import type { Knex } from 'knex';
import type { Dialect } from '../../../database/dialects/dialect.js';

/** Runs a built select through the dialect's executor (Dialect.execute), compiled by knex to its native form. */
export function runRead<T = Record<string, unknown>>(knex: Knex, dialect: Dialect, qb: Knex.QueryBuilder): Promise<T[]> {
  return dialect.execute(knex, qb.toSQL().toNative()) as Promise<T[]>;
}
