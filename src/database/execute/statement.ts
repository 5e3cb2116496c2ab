/**
 * A compiled statement in the driver's own form (`$1` placeholders on PostgreSQL, `?` elsewhere), as knex's
 * `toSQL().toNative()` gives it: what the engine hands to `Dialect.execute` (decision 0049). Its text is its
 * key: the executor prepares (SQLite, MariaDB) or names (PostgreSQL) statements by it.
 */
export type Statement = { readonly sql: string; readonly bindings: readonly unknown[] };

/** A row as the driver returns it (the engine casts its values with `Dialect.fromDatabase`). */
export type Row = Record<string, unknown>;

/**
 * The rows of a read as the driver gives them without an object per row (`Dialect.executeTable`): each row an
 * array of its values in the order of `columns`, the names the statement gives its columns. What the engine's
 * relational reads take: thousands of rows per level, each read once by position.
 */
export type Table = { readonly columns: readonly string[]; readonly rows: readonly (readonly unknown[])[] };

/** The position of each column of a table by its name. */
export function columnPositions(table: Table): Map<string, number> {
  const at = new Map<string, number>();
  table.columns.forEach((name, i) => at.set(name, i));
  return at;
}

/** Whether a statement's text is a plain read (`SELECT …`): anything else may write. */
export function isPlainRead(sql: string): boolean {
  return PLAIN_READ.test(sql);
}

const PLAIN_READ = /^\s*select\s/i;
