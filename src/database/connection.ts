import knexFactory, { type Knex } from 'knex';
import type { Config } from '../config/index.js';
import type { Dialect } from './dialects/dialect.js';
import { getDialect } from './dialects/index.js';

export type Database = { knex: Knex; dialect: Dialect };

/** Where knex's own warnings go (the app's logger; nowhere when absent). */
export type DatabaseLog = { warn(message: string): void };

/**
 * Opens the database named by the config: picks the dialect, builds knex (the SQLite dialect creates the
 * file's folder), applies the session setup and checks the connection with `select 1`. Throws an Error that
 * names the file or host when the database cannot be reached: one line with the cause, no stack (knex's own
 * "Acquire connection error" with the driver's stack is not passed on; the error that follows says it all).
 */
export async function createDatabase(db: Config['db'], log?: DatabaseLog): Promise<Database> {
  const dialect = getDialect(db.client);
  let config: Knex.Config | undefined;
  let knex: Knex | undefined;
  try {
    config = { ...dialect.knexConfig(db), log: knexLog(log) };
    knex = knexFactory(config);
    await dialect.prepare(knex);
    await knex.raw('select 1');
    return { knex, dialect };
  } catch (error) {
    await knex?.destroy().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    const target = config ? ` ${describeTarget(config)}` : '';
    const advice = dialect.connectAdvice(error, db);
    throw new Error(`Cannot connect to the ${dialect.vendor} database${target}: ${reason}${advice ? `. ${advice}` : ''}`, { cause: error });
  }
}

/** knex's logger: its warnings to `log`, except a failed connection's, which reaches the caller as an error. */
function knexLog(log: DatabaseLog | undefined): NonNullable<Knex.Config['log']> {
  const warn = (message: unknown) => {
    const text = String(message);
    if (!text.startsWith('Acquire connection error')) log?.warn(text);
  };
  return { warn, deprecate: (method: string, alternative: string) => warn(`${method} is deprecated; use ${alternative}`) };
}

/** Closes every pooled connection. */
export async function closeDatabase(knex: Knex): Promise<void> {
  await knex.destroy();
}

/** Where the configured database is, for people: `./data/data.db`, or `PostgreSQL at db.example.com:5432/stratum` (never the password). */
export function describeDatabase(db: Config['db']): string {
  if (db.client === 'sqlite3') return db.filename;
  const vendor = db.client === 'pg' ? 'PostgreSQL' : 'MariaDB/MySQL';
  return `${vendor} ${describeTarget({ connection: db.connectionString ? { connectionString: db.connectionString } : { host: db.host, port: db.port, database: db.database } })}`;
}

/** `file "/data/data.db"` or `at db.example.com:5432/stratum` (never the password). */
function describeTarget(config: Knex.Config): string {
  const connection = (typeof config.connection === 'object' && config.connection !== null ? config.connection : {}) as Record<
    string,
    unknown
  >;
  if (typeof connection.filename === 'string') return `file "${connection.filename}"`;
  const url = connection.connectionString ?? connection.uri;
  if (typeof url === 'string') {
    try {
      const parsed = new URL(url);
      return `at ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
    } catch {
      return 'at the configured connection string';
    }
  }
  return `at ${String(connection.host)}:${String(connection.port)}/${String(connection.database)}`;
}
