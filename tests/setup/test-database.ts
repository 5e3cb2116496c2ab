import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { type Config, loadConfig } from '../../src/config/index.js';

export type TestVendor = 'sqlite' | 'postgres' | 'mysql';
export type TestDatabase = { vendor: TestVendor; db: Config['db']; drop(): Promise<void> };

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
  if (vendor === 'postgres') {
    const server = { DB_CLIENT: 'pg', DB_HOST: '127.0.0.1', DB_PORT: '5432', DB_USER: 'postgres' };
    await onServer('pg', { ...server, DB_DATABASE: 'postgres' }, `CREATE DATABASE "${name}"`);
    return {
      vendor,
      db: dbConfig({ ...server, DB_DATABASE: name }),
      drop: () => onServer('pg', { ...server, DB_DATABASE: 'postgres' }, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    };
  }
  const server = { DB_CLIENT: 'mysql', DB_HOST: '127.0.0.1', DB_PORT: '3306', DB_USER: 'root' };
  await onServer('mysql2', server, `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return {
    vendor,
    db: dbConfig({ ...server, DB_DATABASE: name }),
    drop: () => onServer('mysql2', server, `DROP DATABASE IF EXISTS \`${name}\``),
  };
}

function dbConfig(env: Record<string, string>): Config['db'] {
  return loadConfig(env, { readDotEnv: false }).db;
}

/** Runs one administrative statement on the server (not inside the test database). */
async function onServer(client: 'pg' | 'mysql2', env: Record<string, string>, sql: string): Promise<void> {
  const db = dbConfig(env);
  const knex = knexFactory({
    client,
    connection: { host: db.host, port: db.port, user: db.user ?? undefined, database: client === 'pg' ? db.database : undefined },
    pool: { min: 0, max: 1 },
  });
  try {
    await knex.raw(sql);
  } finally {
    await knex.destroy();
  }
}
