import { runCli } from './run-cli.js';
import { testDatabaseFor } from './create-test-app.js';
import type { TestDatabase } from './test-database.js';

/**
 * A migrated, bootstrapped database for suites that start server processes on it (tests/cluster): a copy of the
 * run's template, or, without one, a new database bootstrapped by the real CLI (`stratum bootstrap`).
 */
export async function bootstrappedTestDatabase(): Promise<TestDatabase> {
  const database = await testDatabaseFor();
  if (database.bootstrapped) return database;
  const bootstrap = await runCli(database.db, ['bootstrap']);
  if (bootstrap.code !== 0) {
    await database.drop();
    throw new Error(`bootstrap failed: ${bootstrap.out}${bootstrap.err}`);
  }
  return database;
}
