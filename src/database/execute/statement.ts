/**
 * A compiled statement in the driver's own form (`$1` placeholders on PostgreSQL, `?` elsewhere), as knex's
 * `toSQL().toNative()` gives it: what the engine hands to `Dialect.execute` (decision 0049). Its text is its
 * key: the executor prepares (SQLite, MariaDB) or names (PostgreSQL) statements by it.
 */
export type Statement = { readonly sql: string; readonly bindings: readonly unknown[] };

/** A row as the driver returns it (the engine casts its values with `Dialect.fromDatabase`). */
export type Row = Record<string, unknown>;

/** Whether a statement's text is a plain read (`SELECT …`): anything else may write. */
export function isPlainRead(sql: string): boolean {
  return PLAIN_READ.test(sql);
}

const PLAIN_READ = /^\s*select\s/i;
