import type { Knex } from 'knex';
import { afterEach, beforeEach } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import type { Dialect } from '../../src/database/dialects/dialect.js';

/**
 * A fresh in-memory SQLite database for each test of the calling file (opened before, closed after each one).
 * Read `knex` and `dialect` from the returned object inside the tests: they change from test to test.
 */
export function useMemoryDatabase(): { readonly knex: Knex; readonly dialect: Dialect } {
  let current: { knex: Knex; dialect: Dialect } | null = null;
  beforeEach(async () => {
    current = await createDatabase(loadConfig({ DB_CLIENT: 'sqlite3', DB_FILENAME: ':memory:' }, { readDotEnv: false }).db);
  });
  afterEach(async () => {
    if (current) await closeDatabase(current.knex);
    current = null;
  });
  const opened = () => {
    if (!current) throw new Error('useMemoryDatabase: the database is open only inside a test');
    return current;
  };
  return {
    get knex() {
      return opened().knex;
    },
    get dialect() {
      return opened().dialect;
    },
  };
}
