import type { LightMyRequestResponse } from 'fastify';
import { createApp, type App, type AppOverrides } from '../../src/app.js';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase, type TestVendor } from './test-database.js';
import { copyTemplate } from './template-database.js';
import { fixturePasswordHash } from './fixture-password.js';
import { rm } from 'node:fs/promises';
import { isTestUploadsFolder, testConfig } from './test-config.js';

export type RequestOptions = {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
};

export type TestApp = {
  app: App;
  vendor: TestVendor;
  /** Access token of the bootstrapped administrator (admin@example.com / AdminPass123!). */
  adminToken: string;
  /** A request through the whole HTTP stack (app.inject, no socket). */
  request(method: string, url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Logs in through POST /auth/login and returns the access token. */
  login(email: string, password: string): Promise<string>;
  /** Creates a user (as admin, through the API) with a role and policy granting `permissions`; returns its token. */
  userWith(options: UserWithOptions): Promise<{ token: string; userId: string; roleId: string; policyId: string }>;
  close(): Promise<void>;
};

export type UserWithOptions = {
  email?: string;
  appAccess?: boolean;
  /** Rules for the user's policy: {collection, action, permissions?, validation?, presets?, fields?}. */
  permissions?: Record<string, unknown>[];
  parentRole?: string | null;
  ipAccess?: string[] | null;
};

let counter = 0;

/**
 * A migrated, bootstrapped app on a fresh database of the run's vendor (TEST_DB), plus request helpers.
 * Each test file makes its own and closes it in afterAll. The database is a copy of the run's template
 * (tests/setup/global-setup.ts), already migrated and bootstrapped, unless `env` changes what bootstrap makes
 * (ADMIN_*, DB_*) or no template was provided: then a new database is migrated and bootstrapped here. Either way
 * the app runs its own bootstrap, which finds the work done on a copy.
 */
export async function createTestApp(env: Record<string, string> = {}, overrides: AppOverrides = {}): Promise<TestApp> {
  const database = await testDatabaseFor(env);
  const app = await createApp(testConfig(database.db, env), overrides);
  await app.bootstrap();

  const request = (method: string, url: string, options: RequestOptions = {}) =>
    app.server.inject({
      method: method as 'GET',
      url,
      query: options.query,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
    });

  const login = async (email: string, password: string) => {
    const response = await request('POST', '/auth/login', { body: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: { access_token: string } }).data.access_token;
  };

  const adminToken = await login('admin@example.com', 'AdminPass123!');

  const created = async (method: string, url: string, body: unknown) => {
    const response = await request(method, url, { token: adminToken, body });
    if (response.statusCode !== 200) throw new Error(`${method} ${url} failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: Record<string, unknown> }).data;
  };

  return {
    app,
    vendor: database.vendor,
    adminToken,
    request,
    login,
    async userWith(options) {
      counter += 1;
      const email = options.email ?? `user${counter}-${Date.now()}@example.com`;
      const role = await created('POST', '/roles', { name: `Role ${counter}`, parent: options.parentRole ?? null });
      const policy = await created('POST', '/policies', {
        name: `Policy ${counter}`,
        app_access: options.appAccess ?? false,
        admin_access: false,
        ip_access: options.ipAccess ?? null,
      });
      await created('POST', '/access', { role: role.id, policy: policy.id });
      for (const rule of options.permissions ?? []) await created('POST', '/permissions', { ...rule, policy: policy.id });
      const user = await created('POST', '/users', { email, role: role.id, status: 'active' });
      // The password as a fixture hash (tests/setup/fixture-password.ts): the login below is real, and cheap.
      await app
        .knex('service_users')
        .where({ id: user.id })
        .update({ password: await fixturePasswordHash('UserPass123!') });
      const token = await login(email, 'UserPass123!');
      return { token, userId: String(user.id), roleId: String(role.id), policyId: String(policy.id) };
    },
    async close() {
      await app.close();
      await database.drop();
      for (const location of app.config.files.locations) {
        if (location.driver === 'local' && isTestUploadsFolder(location.root)) await rm(location.root, { recursive: true, force: true });
      }
    },
  };
}

/** A copy of the run's template when it fits `env`, else a new, empty database. */
export async function testDatabaseFor(env: Record<string, string> = {}): Promise<TestDatabase> {
  const template = inject('stratumTemplate');
  const fits = !Object.keys(env).some((key) => key.startsWith('ADMIN_') || key.startsWith('DB_'));
  return template?.bootstrapped && fits ? copyTemplate(template) : createTestDatabase();
}
