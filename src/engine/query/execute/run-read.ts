import type { Knex } from 'knex';
import type { Dialect } from '../../../database/dialects/dialect.js';

/**
 * Runs a built select: compiled by knex, then straight on a pooled connection where the dialect can
 * (`Dialect.readDirect`, SQLite outside transactions), else through knex's runner as usual.
 */
export function runRead<T = Record<string, unknown>>(knex: Knex, dialect: Dialect, qb: Knex.QueryBuilder): Promise<T[]> {
  if (dialect.readDirect) {
    const native = qb.toSQL().toNative();
    const direct = dialect.readDirect(knex, native.sql, native.bindings);
    if (direct) return direct as Promise<T[]>;
  }
  return qb.then((rows) => rows as T[]);
}
