import knexFactory, { type Knex } from 'knex';
import type { Config } from '../config/index.js';
import type { Dialect } from './dialects/dialect.js';
import { getDialect } from './dialects/index.js';

export type Database = { knex: Knex; dialect: Dialect };

/**
 * Opens the database named by the config: picks the dialect, builds knex (the SQLite dialect creates the
 * file's folder), applies the session setup and checks the connection with `select 1`. Throws an Error that
 * names the file or host when the database cannot be reached.
 */
export async function createDatabase(db: Config['db']): Promise<Database> {
  const dialect = getDialect(db.client);
  let config: Knex.Config | undefined;
  let knex: Knex | undefined;
  try {
    config = dialect.knexConfig(db);
    knex = knexFactory(config);
    await dialect.prepare(knex);
    await knex.raw('select 1');
    return { knex, dialect };
  } catch (error) {
    await knex?.destroy().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    const target = config ? ` ${describeTarget(config)}` : '';
    throw new Error(`Cannot connect to the ${dialect.vendor} database${target}: ${reason}`, { cause: error });
  }
}

/** Closes every pooled connection. */
export async function closeDatabase(knex: Knex): Promise<void> {
  await knex.destroy();
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
