import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { closeDatabase, createDatabase, describeDatabase } from './connection.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

function sqliteDb(filename: string) {
  return loadConfig({ DB_CLIENT: 'sqlite3', DB_FILENAME: filename }, { readDotEnv: false }).db;
}

describe('createDatabase', () => {
  it('creates the folder of a SQLite file and sets the pragmas', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'stratum-connection-'));
    folders.push(folder);
    const filename = join(folder, 'nested', 'deeper', 'data.db');
    const { knex, dialect } = await createDatabase(sqliteDb(filename));
    try {
      expect(dialect.vendor).toBe('sqlite');
      expect(existsSync(filename)).toBe(true);
      expect(await knex.raw('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
      expect(await knex.raw('PRAGMA foreign_keys')).toEqual([{ foreign_keys: 1 }]);
      expect(await knex.raw('PRAGMA busy_timeout')).toEqual([{ timeout: 5000 }]);
      expect(await knex.raw('PRAGMA synchronous')).toEqual([{ synchronous: 1 }]);
    } finally {
      await closeDatabase(knex);
    }
  });

  it('throws an error naming the file when it cannot open it', async () => {
    await expect(createDatabase(sqliteDb('/dev/null/stratum/data.db'))).rejects.toThrow(
      /Cannot connect to the sqlite database.*\/dev\/null/,
    );
  });

  it('throws an error naming the host when the server is unreachable', async () => {
    const db = loadConfig({ DB_CLIENT: 'pg', DB_HOST: '127.0.0.1', DB_PORT: '1', DB_DATABASE: 'nothing' }, { readDotEnv: false }).db;
    await expect(createDatabase(db)).rejects.toThrow(/Cannot connect to the postgres database at 127\.0\.0\.1:1\/nothing/);
  });
});

describe('describeDatabase (the start banner)', () => {
  const db = (env: Record<string, string>) => loadConfig(env, { readDotEnv: false }).db;

  it('names the file, or the vendor with host, port and database, never the password', () => {
    expect(describeDatabase(db({ DB_CLIENT: 'sqlite3', DB_FILENAME: './data/x.db' }))).toBe('./data/x.db');
    expect(describeDatabase(db({ DB_CLIENT: 'pg', DB_HOST: 'db.example.com', DB_DATABASE: 'stratum', DB_PASSWORD: 'hunter2' }))).toBe(
      'PostgreSQL at db.example.com:5432/stratum',
    );
    const fromUrl = describeDatabase(db({ DB_CLIENT: 'pg', DB_CONNECTION_STRING: 'postgres://me:hunter2@10.0.0.5:6543/shop' }));
    expect(fromUrl).toBe('PostgreSQL at 10.0.0.5:6543/shop');
    expect(describeDatabase(db({ DB_CLIENT: 'mysql', DB_HOST: '127.0.0.1', DB_DATABASE: 'shop', DB_PASSWORD: 'hunter2' }))).toBe(
      'MariaDB/MySQL at 127.0.0.1:3306/shop',
    );
  });
});
