import { resolve } from 'node:path';
import type { Knex } from 'knex';
import type { Config } from '../../../config/index.js';
import { foldCase } from '../../../kernel/text/fold-case.js';
import { ensureFolder } from './ensure-folder.js';

/** The per-connection settings: WAL, enforced foreign keys, wait on locks, fast and still durable syncs. */
export const SQLITE_PRAGMAS = ['journal_mode = WAL', 'foreign_keys = ON', 'busy_timeout = 5000', 'synchronous = NORMAL'] as const;

type Statement = { reader: boolean; safeIntegers(on?: boolean): Statement };
type RawConnection = {
  pragma(source: string): unknown;
  prepare(sql: string): Statement;
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
};

/**
 * `stratum_lower(x)`: the case-insensitive operators' lower case (foldCase: Unicode's, where SQLite's `lower()`
 * knows ASCII only; decision 0054). Text is lowered, numbers become their text as `lower()` makes them, NULL and
 * blobs stay as they are. Deterministic, so SQLite may use it in indexes and evaluate it once per value.
 */
export function registerFunctions(connection: Pick<RawConnection, 'function'>): void {
  connection.function('stratum_lower', { deterministic: true }, (value) =>
    typeof value === 'string' ? foldCase(value) : typeof value === 'number' || typeof value === 'bigint' ? String(value) : value,
  );
}

/** Statements kept per connection, by SQL text (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Makes `prepare` reuse statements: knex prepares every query again, which costs as much as running a small one.
 * Safe because knex only calls `all`/`run` on them (never an open iterator), and SQLite re-prepares a statement
 * by itself when the schema changes under it.
 */
export function cacheStatements(connection: RawConnection, size = STATEMENT_CACHE_SIZE): void {
  const prepare = connection.prepare.bind(connection);
  const cache = new Map<string, Statement>();
  connection.prepare = (sql: string) => {
    const hit = cache.get(sql);
    if (hit) {
      cache.delete(sql);
      cache.set(sql, hit);
      // knex sets safeIntegers only when a query asks for it; reset what an earlier use may have set.
      return hit.safeIntegers(false);
    }
    const statement = prepare(sql);
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
    cache.set(sql, statement);
    return statement;
  };
}

/**
 * better-sqlite3 with one pooled connection (SQLite serialises writes anyway). Creates the folder of the
 * database file when it is missing; `:memory:` keeps everything in the process.
 */
export function knexConfig(db: Config['db']): Knex.Config {
  const inMemory = db.filename === ':memory:' || db.filename === '';
  const filename = inMemory ? ':memory:' : resolve(db.filename);
  if (!inMemory) ensureFolder(filename);
  return {
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(connection: RawConnection, done: (error: Error | null, connection: RawConnection) => void) {
        try {
          for (const pragma of SQLITE_PRAGMAS) connection.pragma(pragma);
          registerFunctions(connection);
          cacheStatements(connection);
          done(null, connection);
        } catch (error) {
          done(error as Error, connection);
        }
      },
    },
  };
}
