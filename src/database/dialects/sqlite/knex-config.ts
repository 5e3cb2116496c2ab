import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Knex } from 'knex';
import type { Config } from '../../../config/index.js';

/** The per-connection settings: WAL, enforced foreign keys, wait on locks, fast and still durable syncs. */
export const SQLITE_PRAGMAS = ['journal_mode = WAL', 'foreign_keys = ON', 'busy_timeout = 5000', 'synchronous = NORMAL'] as const;

type RawConnection = { pragma(source: string): unknown };

/**
 * better-sqlite3 with one pooled connection (SQLite serialises writes anyway). Creates the folder of the
 * database file when it is missing; `:memory:` keeps everything in the process.
 */
export function knexConfig(db: Config['db']): Knex.Config {
  const inMemory = db.filename === ':memory:' || db.filename === '';
  const filename = inMemory ? ':memory:' : resolve(db.filename);
  if (!inMemory) mkdirSync(dirname(filename), { recursive: true });
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
          done(null, connection);
        } catch (error) {
          done(error as Error, connection);
        }
      },
    },
  };
}
