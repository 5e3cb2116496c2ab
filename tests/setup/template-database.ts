import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createApp } from '../../src/app.js';
import type { Config } from '../../src/config/index.js';
import { dbConfig, onServer, serverEnv, type TestDatabase, type TestVendor } from './test-database.js';
import { fixturePasswordHash } from './fixture-password.js';
import { testConfig } from './test-config.js';

/**
 * One migrated and bootstrapped database per test run (decision 0052), made by the integration project's global
 * set-up (tests/setup/global-setup.ts) and copied for each test file by createTestApp:
 * - SQLite: a file in its own folder, copied with copyFile (the template is closed and has no WAL left);
 * - PostgreSQL: a database the copies name in `CREATE DATABASE … TEMPLATE` (nothing stays connected to it);
 * - MariaDB/MySQL: a database whose tables' CREATE statements are read once; a copy runs them and an
 *   `INSERT … SELECT` per non-empty table in one round trip (faster than mariadb-dump | mariadb, see the decision).
 * Names carry the run's process id (`stratum_tpl_<pid>_…`, copies `stratum_c_<pid>_…`), so a later run can tell a
 * crashed run's leftovers (process gone) from a live run's, and never touches anyone else's databases.
 */
export type Template = {
  vendor: TestVendor;
  /** Bootstrapped (integration: admin, roles, settings) or migrated only (unit: the engine fixture adds its own). */
  bootstrapped: boolean;
  runId: string;
  name: string;
  sqliteFile?: string;
  mysqlTables?: MysqlTable[];
};
export type MysqlTable = { name: string; create: string; rows: number };

const TEMPLATE_PREFIX = 'stratum_tpl_';
const COPY_PREFIX = 'stratum_c_';
const SQLITE_TEMPLATE_PREFIX = 'stratum-tpl-';

/** Migrates (and bootstraps) the run's template on the given vendor (with the TEST_ENV every test app uses). */
export async function createTemplate(vendor: TestVendor, bootstrapped: boolean): Promise<Template> {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const name = `${TEMPLATE_PREFIX}${runId}`;
  let db: Config['db'];
  let sqliteFile: string | undefined;
  if (vendor === 'sqlite') {
    const folder = await mkdtemp(join(tmpdir(), `${SQLITE_TEMPLATE_PREFIX}${process.pid}-`));
    sqliteFile = join(folder, 'data.db');
    db = dbConfig({ DB_CLIENT: 'sqlite3', DB_FILENAME: sqliteFile });
  } else {
    await onServer(vendor, createStatement(vendor, name));
    db = dbConfig({ ...serverEnv(vendor), DB_DATABASE: name });
  }
  const config = testConfig(db);
  const app = await createApp(config);
  try {
    if (bootstrapped) {
      await app.bootstrap();
      // The administrator's password as a fixture hash: each file's admin login then costs milliseconds.
      const password = await fixturePasswordHash(config.admin.password!);
      await app.knex('service_users').where({ email: config.admin.email }).update({ password });
    } else {
      await app.migrate();
    }
  } finally {
    await app.close();
  }
  if (sqliteFile) {
    // Fold the WAL into the file and leave rollback-journal mode, so one file is the whole database.
    const sqlite = knexFactory({ client: 'better-sqlite3', connection: { filename: sqliteFile }, useNullAsDefault: true });
    try {
      await sqlite.raw('PRAGMA journal_mode = DELETE');
    } finally {
      await sqlite.destroy();
    }
  }
  const template: Template = { vendor, bootstrapped, runId, name, sqliteFile };
  if (vendor === 'mysql') template.mysqlTables = await readMysqlTables(name);
  return template;
}

/** A fresh copy of the run's template for one test file; `drop()` removes it. */
export async function copyTemplate(template: Template): Promise<TestDatabase> {
  const { vendor } = template;
  if (vendor === 'sqlite') {
    const folder = await mkdtemp(join(tmpdir(), 'stratum-test-'));
    const file = join(folder, 'data.db');
    await copyFile(template.sqliteFile!, file);
    return {
      vendor,
      db: dbConfig({ DB_CLIENT: 'sqlite3', DB_FILENAME: file }),
      bootstrapped: template.bootstrapped,
      drop: () => rm(folder, { recursive: true, force: true }),
    };
  }
  const name = `${COPY_PREFIX}${template.runId}_${randomBytes(4).toString('hex')}`;
  if (vendor === 'postgres') await copyPostgres(template.name, name);
  else await copyMysql(template, name);
  return {
    vendor,
    db: dbConfig({ ...serverEnv(vendor), DB_DATABASE: name }),
    bootstrapped: template.bootstrapped,
    drop: async () => void (await onServer(vendor, dropStatement(vendor, name))),
  };
}

/** Removes the run's template (global teardown). */
export async function dropTemplate(template: Template): Promise<void> {
  if (template.vendor === 'sqlite') await rm(join(template.sqliteFile!, '..'), { recursive: true, force: true });
  else await onServer(template.vendor, dropStatement(template.vendor, template.name));
}

/**
 * Removes templates and copies that runs left behind when they crashed: only names of this scheme whose process
 * id no longer runs on this machine. A live run's databases, and anything not named by this scheme, stay.
 */
export async function dropStaleTemplates(vendor: TestVendor): Promise<string[]> {
  const stale = (pid: string) => Number(pid) !== process.pid && !isRunning(Number(pid));
  if (vendor === 'sqlite') {
    const names = (await readdir(tmpdir())).filter((n) => n.startsWith(SQLITE_TEMPLATE_PREFIX));
    const gone = names.filter((n) => stale(n.slice(SQLITE_TEMPLATE_PREFIX.length).split('-')[0] ?? ''));
    for (const n of gone) await rm(join(tmpdir(), n), { recursive: true, force: true });
    return gone;
  }
  const list =
    vendor === 'postgres'
      ? `SELECT datname AS name FROM pg_database WHERE datname LIKE 'stratum\\_tpl\\_%' OR datname LIKE 'stratum\\_c\\_%'`
      : `SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE 'stratum\\_tpl\\_%' OR schema_name LIKE 'stratum\\_c\\_%'`;
  const rows = await onServer(vendor, list);
  const gone = rows
    .map((r) => String(r.name ?? r.NAME))
    .filter((n) => /^stratum_(?:tpl|c)_\d+_[0-9a-f]+(?:_[0-9a-f]+)?$/.test(n) && stale(n.split('_')[2] ?? ''));
  for (const n of gone) await onServer(vendor, dropStatement(vendor, n));
  return gone;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function createStatement(vendor: 'postgres' | 'mysql', name: string): string {
  return vendor === 'postgres'
    ? `CREATE DATABASE "${name}"`
    : `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`;
}

function dropStatement(vendor: 'postgres' | 'mysql', name: string): string {
  return vendor === 'postgres' ? `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)` : `DROP DATABASE IF EXISTS \`${name}\``;
}

/**
 * PostgreSQL refuses a template that another session is using: copies made at the same moment by two files can
 * meet there (each CREATE DATABASE reads the template), so one of them tries again.
 */
async function copyPostgres(template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer('postgres', `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String((error as Error).message))) throw error;
    }
  }
}

async function readMysqlTables(database: string): Promise<MysqlTable[]> {
  return withMysql(database, async (knex) => {
    const [tables] = (await knex.raw("SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'")) as [Record<string, string>[]];
    const result: MysqlTable[] = [];
    for (const row of tables) {
      const name = String(Object.values(row)[0]);
      const [created] = (await knex.raw(`SHOW CREATE TABLE \`${name}\``)) as [Record<string, string>[]];
      const [count] = (await knex.raw(`SELECT COUNT(*) AS n FROM \`${name}\``)) as [{ n: number }[]];
      result.push({ name, create: String(created[0]?.['Create Table']), rows: Number(count[0]?.n ?? 0) });
    }
    return result;
  });
}

async function copyMysql(template: Template, name: string): Promise<void> {
  const quote = (n: string) => `\`${n.replaceAll('`', '``')}\``;
  const statements = [
    `${createStatement('mysql', name)}`,
    `USE ${quote(name)}`,
    'SET FOREIGN_KEY_CHECKS = 0',
    ...template.mysqlTables!.map((t) => t.create),
    ...template
      .mysqlTables!.filter((t) => t.rows > 0)
      .map((t) => `INSERT INTO ${quote(t.name)} SELECT * FROM ${quote(template.name)}.${quote(t.name)}`),
  ];
  await withMysql(undefined, (knex) => knex.raw(statements.join(';\n')));
}

async function withMysql<T>(database: string | undefined, work: (knex: Knex) => Promise<T>): Promise<T> {
  const db = dbConfig(serverEnv('mysql'));
  const knex = knexFactory({
    client: 'mysql2',
    connection: { host: db.host, port: db.port, user: db.user ?? undefined, database, multipleStatements: true },
    pool: { min: 0, max: 1 },
  });
  try {
    return await work(knex);
  } finally {
    await knex.destroy();
  }
}
