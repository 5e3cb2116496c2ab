import { inject } from 'vitest';
import { copyTemplate } from './template-database.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * A copy of the run's bootstrapped template when it fits `env` (no ADMIN_* or DB_* variable, which would change
 * what bootstrap makes), else a new, empty database. Used by createTestApp, the cluster suites' processes and the
 * browser tests' server processes (decision 0052).
 */
export async function testDatabaseFor(env: Record<string, string> = {}): Promise<TestDatabase> {
  const template = inject('stratumTemplate');
  const fits = !Object.keys(env).some((key) => key.startsWith('ADMIN_') || key.startsWith('DB_'));
  return template?.bootstrapped && fits ? copyTemplate(template) : createTestDatabase();
}
