import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../../src/config/index.js';
import { createRedisTestPrefix } from '../support/redis-test-prefix.js';

/**
 * Settings every test app uses: quiet, a fixed secret and admin, no login delay, the cheapest argon2 parameters
 * the config allows (a password set through the API is hashed by the server in milliseconds instead of a second
 * on a loaded machine; decision 0059), and Redis keys of this test process's own (a local server's counters in
 * the same Redis never reach a test; the integration project runs its files one after another in a process, and
 * each file that writes to Redis deletes its keys).
 */
export const TEST_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SECRET: 'stratum-test-secret-0123456789abcdef',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'AdminPass123!',
  LOGIN_STALL_TIME: '0',
  HASH_MEMORY_COST: '1024',
  HASH_TIME_COST: '1',
  HASH_PARALLELISM: '1',
  RATE_LIMITER_ENABLED: 'false',
  REDIS_KEY_PREFIX: createRedisTestPrefix(),
};

/**
 * A full Config for tests on the given database (from createTestDatabase), built by the real loader from
 * DB_* variables so it is parsed and frozen like production config. `overrides` are further variables.
 */
export function testConfig(db: Config['db'], overrides: Record<string, string> = {}): Config {
  return loadConfig({ ...TEST_ENV, STORAGE_LOCAL_ROOT: testUploadsFolder(), ...databaseEnv(db), ...overrides }, { readDotEnv: false });
}

/** The DB_* variables that describe a test database (for the config loader, or a CLI process). */
export function databaseEnv(db: Config['db']): Record<string, string> {
  return {
    DB_CLIENT: db.client,
    DB_FILENAME: db.filename,
    DB_CONNECTION_STRING: db.connectionString ?? '',
    DB_HOST: db.host,
    DB_PORT: String(db.port),
    DB_DATABASE: db.database,
    DB_USER: db.user ?? '',
    DB_PASSWORD: db.password ?? '',
    DB_SSL: String(db.ssl),
    DB_POOL_MIN: String(db.poolMin),
    DB_POOL_MAX: String(db.poolMax),
  };
}

const UPLOADS_PREFIX = 'stratum-test-uploads-';

/** A folder of its own for a test app's uploads (made on the first upload); see isTestUploadsFolder. */
export function testUploadsFolder(): string {
  return join(tmpdir(), `${UPLOADS_PREFIX}${randomBytes(6).toString('hex')}`);
}

/** Whether a folder is one testUploadsFolder made (and so safe for the test to delete). */
export function isTestUploadsFolder(path: string): boolean {
  return path.startsWith(join(tmpdir(), UPLOADS_PREFIX));
}
