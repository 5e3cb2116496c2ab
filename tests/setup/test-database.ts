import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { type Config, loadConfig } from '../../src/config/index.js';

export type TestVendor = 'sqlite' | 'postgres' | 'mysql';
export type TestDatabase = {
  vendor: TestVendor;
  db: Config['db'];
  /** A copy of the run's bootstrapped template (migrated, administrator made), not an empty database. */
  bootstrapped?: boolean;
  drop(): Promise<void>;
};

/** The vendor of this test run: `TEST_DB=sqlite|postgres|mysql` (SQLite when unset). */
export function testVendor(): TestVendor {
  const value = (process.env.TEST_DB ?? 'sqlite').toLowerCase();
  if (value === 'postgres' || value === 'pg' || value === 'postgresql') return 'postgres';
  if (value === 'mysql' || value === 'mariadb') return 'mysql';
  if (value === 'sqlite' || value === 'sqlite3' || value === '') return 'sqlite';
  throw new Error(`TEST_DB must be sqlite, postgres or mysql, not "${value}"`);
}

/**
 * A fresh, empty database for one test file: a file in a new temporary folder (SQLite), or a new database
 * `stratum_t_<random>` on the local PostgreSQL (127.0.0.1:5432, postgres) or MariaDB/MySQL
 * (127.0.0.1:3306, root) server. `drop()` removes it again.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const vendor = testVendor();
  if (vendor === 'sqlite') {
    const folder = await mkdtemp(join(tmpdir(), 'stratum-test-'));
    const db = dbConfig({ DB_CLIENT: 'sqlite3', DB_FILENAME: join(folder, 'data.db') });
    return { vendor, db, drop: () => rm(folder, { recursive: true, force: true }) };
  }

  const name = `stratum_t_${randomBytes(6).toString('hex')}`;
  await onServer(
    vendor,
    vendor === 'postgres' ? `CREATE DATABASE "${name}"` : `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  );
  return {
    vendor,
    db: dbConfig({ ...serverEnv(vendor), DB_DATABASE: name }),
    drop: async () =>
      void (await onServer(
        vendor,
        vendor === 'postgres' ? `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)` : `DROP DATABASE IF EXISTS \`${name}\``,
      )),
  };
}

/** The DB_* variables of the local server of a vendor (PostgreSQL 127.0.0.1:5432 postgres, MariaDB 127.0.0.1:3306 root). */
export function serverEnv(vendor: 'postgres' | 'mysql'): Record<string, string> {
  return vendor === 'postgres'
    ? { DB_CLIENT: 'pg', DB_HOST: '127.0.0.1', DB_PORT: '5432', DB_USER: 'postgres' }
    : { DB_CLIENT: 'mysql', DB_HOST: '127.0.0.1', DB_PORT: '3306', DB_USER: 'root' };
}

/** The database part of a Config, parsed by the real loader from DB_* variables. */
export function dbConfig(env: Record<string, string>): Config['db'] {
  return loadConfig(env, { readDotEnv: false }).db;
}

/** Runs one administrative statement on the vendor's server (not inside a test database); answers its rows. */
export async function onServer(vendor: 'postgres' | 'mysql', sql: string): Promise<Record<string, unknown>[]> {
  const db = dbConfig({ ...serverEnv(vendor), ...(vendor === 'postgres' ? { DB_DATABASE: 'postgres' } : {}) });
  const knex = knexFactory({
    client: vendor === 'postgres' ? 'pg' : 'mysql2',
    connection: { host: db.host, port: db.port, user: db.user ?? undefined, database: vendor === 'postgres' ? db.database : undefined },
    pool: { min: 0, max: 1 },
  });
  try {
    const result = (await knex.raw(sql)) as { rows?: Record<string, unknown>[] } | [Record<string, unknown>[]];
    return Array.isArray(result) ? (Array.isArray(result[0]) ? result[0] : []) : (result.rows ?? []);
  } finally {
    await knex.destroy();
  }
}
