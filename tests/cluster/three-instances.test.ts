import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import { deleteRedisKeys, TEST_REDIS_URL } from '../support/redis-test-prefix.js';
import { runCli } from '../setup/run-cli.js';
import { TEST_ENV } from '../setup/test-config.js';
import { bootstrappedTestDatabase } from '../setup/bootstrapped-database.js';
import type { TestDatabase } from '../setup/test-database.js';
import { errorCode as code, expectStatus, login } from './answers.js';
import { startInstance, type Instance, type Json } from './instances.js';
import { printInstanceOutputOnFailure } from './print-instance-output-on-failure.js';

/**
 * Three real server processes on one database (decision 0012): whatever one instance commits, the next request
 * on any other instance sees. No waiting anywhere: each check is the very next request after the change.
 * CACHE_SYSTEM_TTL=0, so nothing but the version check can make a stale cache current. The counters (login
 * throttle, rate limits) live in the local Redis under this file's own REDIS_KEY_PREFIX (TEST_ENV).
 */

/** The client address the instances count a request under (IP_CUSTOM_HEADER), so the throttle test spreads its tries. */
const IP_HEADER = 'x-test-client-ip';

let database: TestDatabase;
let A: Instance;
let B: Instance;
let C: Instance;
let admin: string;
/** Direct access to the database: "changes made by hand". */
let sql: Knex;

async function ok(instance: Instance, method: string, path: string, body?: unknown, status = 200): Promise<Json> {
  return expectStatus(await instance.call(method, path, { token: admin, body }), status).json?.data;
}

let users = 0;
/** A user (made on `on`) with a role and an empty policy; returns ids and a token. */
async function user(on: Instance): Promise<{ id: string; role: string; policy: string; token: string; email: string }> {
  users++;
  const email = `cluster${users}@example.com`;
  const role = await ok(on, 'POST', '/roles', { name: `Cluster role ${users}` });
  const policy = await ok(on, 'POST', '/policies', { name: `Cluster policy ${users}`, app_access: false, admin_access: false });
  await ok(on, 'POST', '/access', { role: role.id, policy: policy.id });
  const created = await ok(on, 'POST', '/users', { email, password: 'UserPass123!', role: role.id, status: 'active' });
  const { access_token } = await login(on, email, 'UserPass123!');
  return { id: String(created.id), role: String(role.id), policy: String(policy.id), token: access_token, email };
}

beforeAll(async () => {
  // A migrated, bootstrapped database first, so the three start-ups find it ready.
  database = await bootstrappedTestDatabase();
  const started = await Promise.all(
    ['A', 'B', 'C'].map((name) =>
      startInstance(name, database.db, {
        CACHE_SYSTEM_TTL: '0',
        RATE_LIMITER_STORE: 'redis',
        REDIS: TEST_REDIS_URL,
        RATE_LIMITER_LOGIN_POINTS: '4',
        RATE_LIMITER_LOGIN_ACCOUNT_POINTS: '4',
        IP_CUSTOM_HEADER: IP_HEADER,
      }),
    ),
  );
  [A, B, C] = started as [Instance, Instance, Instance];
  admin = (await login(A, 'admin@example.com', 'AdminPass123!')).access_token;
  sql = (await createDatabase(database.db)).knex;
}, 180_000);

printInstanceOutputOnFailure();

afterAll(async () => {
  await Promise.all([A, B, C].filter(Boolean).map((instance) => instance.stop()));
  if (sql) await closeDatabase(sql);
  await database?.drop();
  await deleteRedisKeys(TEST_ENV.REDIS_KEY_PREFIX!);
});

describe('three instances on one database', () => {
  it('a collection created on A is usable on B and C at once; its fields and relations follow every change', async () => {
    // B and C have built their schema overview before the change.
    expect((await B.call('GET', '/items/c_articles', { token: admin })).status).toBe(403);
    expect((await C.call('GET', '/items/c_articles', { token: admin })).status).toBe(403);

    await ok(A, 'POST', '/collections', {
      collection: 'c_articles',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'title', type: 'string' },
      ],
    });
    const item = await ok(B, 'POST', '/items/c_articles', { title: 'from B' });
    expect((await ok(C, 'GET', `/items/c_articles/${item.id}`)).title).toBe('from B');

    // A field added on B is writable on C and readable on A.
    await ok(B, 'POST', '/fields/c_articles', { field: 'body', type: 'text' });
    await ok(C, 'PATCH', `/items/c_articles/${item.id}`, { body: 'written on C' });
    expect((await ok(A, 'GET', `/items/c_articles/${item.id}?fields=body`)).body).toBe('written on C');

    // Altered on C, seen on A and B.
    await ok(C, 'PATCH', '/fields/c_articles/body', { meta: { note: 'altered on C' } });
    expect((await ok(A, 'GET', '/fields/c_articles/body')).meta.note).toBe('altered on C');
    expect((await ok(B, 'GET', '/fields/c_articles/body')).meta.note).toBe('altered on C');

    // A relation made on A and B is followed on C, and gone on B once C deletes it.
    await ok(A, 'POST', '/collections', {
      collection: 'c_authors',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'name', type: 'string' },
      ],
    });
    const author = await ok(B, 'POST', '/items/c_authors', { name: 'Ada' });
    await ok(A, 'POST', '/fields/c_articles', { field: 'author', type: 'integer', meta: { special: ['m2o'] } });
    await ok(B, 'POST', '/relations', {
      collection: 'c_articles',
      field: 'author',
      related_collection: 'c_authors',
      schema: { on_delete: 'SET NULL' },
    });
    await ok(A, 'PATCH', `/items/c_articles/${item.id}`, { author: author.id });
    expect((await ok(C, 'GET', `/items/c_articles/${item.id}?fields=author.name`)).author).toEqual({ name: 'Ada' });
    await ok(C, 'DELETE', '/relations/c_articles/author', undefined, 204);
    expect(code(await B.call('GET', `/items/c_articles/${item.id}?fields=author.name`, { token: admin }))).toBe('FORBIDDEN');
    expect((await ok(A, 'GET', `/items/c_articles/${item.id}?fields=author`)).author).toBe(author.id);

    // A field deleted on A is gone on B and C.
    await ok(A, 'DELETE', '/fields/c_articles/body', undefined, 204);
    expect(code(await B.call('GET', '/items/c_articles?fields=body', { token: admin }))).toBe('FORBIDDEN');
    expect((await C.call('GET', '/fields/c_articles/body', { token: admin })).status).toBe(403);

    // A collection deleted on B is gone on A and C.
    await ok(B, 'DELETE', '/collections/c_authors', undefined, 204);
    expect((await A.call('GET', '/items/c_authors', { token: admin })).status).toBe(403);
    expect((await C.call('POST', '/items/c_authors', { token: admin, body: { name: 'x' } })).status).toBe(403);
  });

  it('the GraphQL schema of B reflects a collection created on A', async () => {
    const query = { query: '{ c_graph { id label } }' };
    const before = expectStatus(await B.call('POST', '/graphql', { token: admin, body: query }), 400);
    expect(before.json.errors.length).toBeGreaterThan(0);
    await ok(A, 'POST', '/collections', {
      collection: 'c_graph',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'label', type: 'string' },
      ],
    });
    await ok(C, 'POST', '/items/c_graph', { label: 'seen by GraphQL' });
    const after = expectStatus(await B.call('POST', '/graphql', { token: admin, body: query }), 200);
    expect(after.json.data.c_graph).toEqual([{ id: '1', label: 'seen by GraphQL' }]);
  });

  it("B's kept schema snapshot (schema.derived) gives way to a collection created on A", async () => {
    const names = async () =>
      (
        expectStatus(await B.call('GET', '/schema/snapshot', { token: admin }), 200).json as {
          data: { collections: { collection: string }[] };
        }
      ).data.collections.map((c) => c.collection);
    const derivedHits = async () =>
      ((await ok(B, 'GET', '/server/caches')) as { name: string; hits: number }[]).find((c) => c.name === 'schema.derived')!.hits;
    expect(await names()).not.toContain('c_snapshot');
    const before = await derivedHits();
    expect(await names()).not.toContain('c_snapshot');
    // The second snapshot was the kept one.
    expect(await derivedHits()).toBe(before + 1);
    await ok(A, 'POST', '/collections', {
      collection: 'c_snapshot',
      schema: {},
      fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
    });
    expect(await names()).toContain('c_snapshot');
  });

  it('a permission granted on A is honoured on B at once, and revoked on C, refused on B at once', async () => {
    await ok(A, 'POST', '/collections', {
      collection: 'c_perm',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'label', type: 'string' },
      ],
    });
    await ok(A, 'POST', '/items/c_perm', { label: 'secret' });
    const u = await user(A);
    expect(code(await B.call('GET', '/items/c_perm', { token: u.token }))).toBe('FORBIDDEN');

    const rule = await ok(A, 'POST', '/permissions', { policy: u.policy, collection: 'c_perm', action: 'read', fields: ['*'] });
    expect(expectStatus(await B.call('GET', '/items/c_perm', { token: u.token }), 200).json.data).toEqual([{ id: 1, label: 'secret' }]);
    // Narrowed on C: B applies the new field list.
    await ok(C, 'PATCH', `/permissions/${rule.id}`, { fields: ['id'] });
    expect(expectStatus(await B.call('GET', '/items/c_perm', { token: u.token }), 200).json.data).toEqual([{ id: 1 }]);

    await ok(C, 'DELETE', `/permissions/${rule.id}`, undefined, 204);
    expect(code(await B.call('GET', '/items/c_perm', { token: u.token }))).toBe('FORBIDDEN');
    expect(code(await A.call('GET', '/items/c_perm', { token: u.token }))).toBe('FORBIDDEN');
  });

  it('role, policy and user changes on one instance are honoured on the others at once', async () => {
    await ok(A, 'POST', '/collections', {
      collection: 'c_roles',
      schema: {},
      fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
    });
    const u = await user(B);
    const other = await user(B);
    await ok(B, 'POST', '/permissions', { policy: other.policy, collection: 'c_roles', action: 'read', fields: ['*'] });
    expect(code(await C.call('GET', '/items/c_roles', { token: u.token }))).toBe('FORBIDDEN');

    // The user's role changed on A: C answers with the new role's rights.
    await ok(A, 'PATCH', `/users/${u.id}`, { role: other.role });
    expectStatus(await C.call('GET', '/items/c_roles', { token: u.token }), 200);
    await ok(A, 'PATCH', `/users/${u.id}`, { role: u.role });
    expect(code(await C.call('GET', '/items/c_roles', { token: u.token }))).toBe('FORBIDDEN');

    // admin_access toggled on a policy on B: C and A follow.
    await ok(B, 'PATCH', `/policies/${u.policy}`, { admin_access: true });
    expectStatus(await C.call('GET', '/items/c_roles', { token: u.token }), 200);
    expectStatus(await A.call('GET', '/users', { token: u.token }), 200);
    await ok(B, 'PATCH', `/policies/${u.policy}`, { admin_access: false });
    expect(code(await C.call('GET', '/items/c_roles', { token: u.token }))).toBe('FORBIDDEN');

    // A policy attached to the role on C (an access row) is honoured on A; detached on B, refused on A.
    const access = await ok(C, 'POST', '/access', { role: u.role, policy: other.policy });
    expectStatus(await A.call('GET', '/items/c_roles', { token: u.token }), 200);
    await ok(B, 'DELETE', `/access/${access.id}`, undefined, 204);
    expect(code(await A.call('GET', '/items/c_roles', { token: u.token }))).toBe('FORBIDDEN');

    // Suspended on A: the token is refused on B and C.
    expectStatus(await B.call('GET', '/users/me', { token: u.token }), 200);
    await ok(A, 'PATCH', `/users/${u.id}`, { status: 'suspended' });
    expect(code(expectStatus(await B.call('GET', '/users/me', { token: u.token }), 401))).toBe('INVALID_CREDENTIALS');
    expectStatus(await C.call('GET', '/users/me', { token: u.token }), 401);
  });

  it('settings changed on A are read on B and C', async () => {
    expect((await ok(B, 'GET', '/settings')).project_name).not.toBe('Changed on A');
    await ok(A, 'PATCH', '/settings', { project_name: 'Changed on A' });
    expect((await ok(B, 'GET', '/settings')).project_name).toBe('Changed on A');
    expect((await ok(C, 'GET', '/settings')).project_name).toBe('Changed on A');
  });

  it('a logout on A ends the session for a refresh on B', async () => {
    const tokens = await login(B, 'admin@example.com', 'AdminPass123!');
    expectStatus(await C.call('GET', '/users/me', { token: tokens.access_token }), 200);
    expectStatus(await A.call('POST', '/auth/logout', { body: { refresh_token: tokens.refresh_token } }), 204);
    expect(
      code(expectStatus(await B.call('POST', '/auth/refresh', { body: { refresh_token: tokens.refresh_token, mode: 'json' } }), 401)),
    ).toBe('INVALID_CREDENTIALS');
  });

  it('a session-mode logout on A ends the session cookie on B', async () => {
    const login = await fetch(`${B.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'AdminPass123!', mode: 'session' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const me = (on: Instance) => fetch(`${on.url}/users/me`, { headers: { cookie } });
    expect((await me(C)).status).toBe(200);
    const logout = await fetch(`${A.url}/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ mode: 'session' }),
    });
    expect(logout.status).toBe(204);
    expect((await me(B)).status).toBe(401);
    expect((await me(C)).status).toBe(401);
  });

  it('a refresh on B rotates the token: the new one works on A; after a logout on C it is refused on A', async () => {
    const tokens = await login(A, 'admin@example.com', 'AdminPass123!');
    const refreshed = expectStatus(
      await B.call('POST', '/auth/refresh', { body: { refresh_token: tokens.refresh_token, mode: 'json' } }),
      200,
    ).json.data;
    expectStatus(await A.call('GET', '/users/me', { token: refreshed.access_token }), 200);
    expectStatus(await C.call('POST', '/auth/logout', { body: { refresh_token: refreshed.refresh_token } }), 204);
    expectStatus(await A.call('POST', '/auth/refresh', { body: { refresh_token: refreshed.refresh_token, mode: 'json' } }), 401);
  });

  describe('changes made by hand in the database', () => {
    it('POST /utils/cache/clear on A makes B see a permission inserted by hand', async () => {
      await ok(A, 'POST', '/collections', {
        collection: 'c_hand',
        schema: {},
        fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
      });
      const u = await user(A);
      expect(code(await B.call('GET', '/items/c_hand', { token: u.token }))).toBe('FORBIDDEN');
      await sql('service_permissions').insert({ policy: u.policy, collection: 'c_hand', action: 'read', fields: '*' });
      // Not announced: B keeps what it cached (CACHE_SYSTEM_TTL=0 here) until the caches are cleared.
      expect(code(await B.call('GET', '/items/c_hand', { token: u.token }))).toBe('FORBIDDEN');
      expectStatus(await A.call('POST', '/utils/cache/clear', { token: admin }), 200);
      expectStatus(await B.call('GET', '/items/c_hand', { token: u.token }), 200);
    });

    it('POST /utils/cache/clear?system=true on C makes A see a column added by hand; without system the schema stays', async () => {
      await ok(A, 'POST', '/collections', {
        collection: 'c_ddl',
        schema: {},
        fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
      });
      expect(code(await A.call('GET', '/items/c_ddl?fields=by_hand', { token: admin }))).toBe('FORBIDDEN');
      await sql.schema.alterTable('c_ddl', (table) => table.string('by_hand'));
      expectStatus(await C.call('POST', '/utils/cache/clear', { token: admin }), 200);
      expect(code(await A.call('GET', '/items/c_ddl?fields=by_hand', { token: admin }))).toBe('FORBIDDEN');
      const cleared = expectStatus(await C.call('POST', '/utils/cache/clear?system=true', { token: admin }), 200);
      expect(cleared.json).toBeNull();
      expectStatus(await A.call('GET', '/items/c_ddl?fields=by_hand', { token: admin }), 200);
      expectStatus(await B.call('POST', '/items/c_ddl', { token: admin, body: { by_hand: 'yes' } }), 200);
    });

    it('`stratum cache clear` (another process) makes A and C see a permission inserted by hand', async () => {
      const u = await user(C);
      expect(code(await A.call('GET', '/items/c_hand', { token: u.token }))).toBe('FORBIDDEN');
      expect(code(await C.call('GET', '/items/c_hand', { token: u.token }))).toBe('FORBIDDEN');
      await sql('service_permissions').insert({ policy: u.policy, collection: 'c_hand', action: 'read', fields: '*' });
      expect(code(await A.call('GET', '/items/c_hand', { token: u.token }))).toBe('FORBIDDEN');
      const cleared = await runCli(database.db, ['cache', 'clear']);
      expect(cleared.code).toBe(0);
      expect(cleared.out).toContain('Permission caches cleared');
      expectStatus(await A.call('GET', '/items/c_hand', { token: u.token }), 200);
      expectStatus(await C.call('GET', '/items/c_hand', { token: u.token }), 200);
    });

    it('the GraphQL mutation utils_cache_clear(system: true) on B makes C see a column added by hand; refused to a user', async () => {
      await ok(A, 'POST', '/collections', {
        collection: 'c_gql_ddl',
        schema: {},
        fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
      });
      expect(code(await C.call('GET', '/items/c_gql_ddl?fields=by_hand', { token: admin }))).toBe('FORBIDDEN');
      await sql.schema.alterTable('c_gql_ddl', (table) => table.string('by_hand'));
      const u = await user(B);
      const mutation = { query: 'mutation { utils_cache_clear(system: true) }' };
      const refused = await B.call('POST', '/graphql/system', { token: u.token, body: mutation });
      expect(refused.json.errors[0].extensions.code).toBe('FORBIDDEN');
      expect(code(await C.call('GET', '/items/c_gql_ddl?fields=by_hand', { token: admin }))).toBe('FORBIDDEN');
      const cleared = expectStatus(await B.call('POST', '/graphql/system', { token: admin, body: mutation }), 200);
      expect(cleared.json).toEqual({ data: { utils_cache_clear: null } });
      expectStatus(await C.call('GET', '/items/c_gql_ddl?fields=by_hand', { token: admin }), 200);
    });

    it('POST /utils/cache/clear is for administrators only: 403 for a user and for the public', async () => {
      const u = await user(B);
      expect(code(expectStatus(await B.call('POST', '/utils/cache/clear', { token: u.token }), 403))).toBe('FORBIDDEN');
      expect(code(expectStatus(await C.call('POST', '/utils/cache/clear?system=true'), 403))).toBe('FORBIDDEN');
    });
  });

  it('the failed-login throttle is shared: failures spread over A, B and C use up one budget', async () => {
    const u = await user(A);
    let address = 0;
    const attempt = (instance: Instance, password: string) =>
      instance.call('POST', '/auth/login', { body: { email: u.email, password }, headers: { [IP_HEADER]: `192.0.2.${++address}` } });
    for (const instance of [A, B, C, A]) expect(code(expectStatus(await attempt(instance, 'wrong'), 401))).toBe('INVALID_CREDENTIALS');
    // Four failures in all: the fifth try from a new address is refused everywhere, even with the right password.
    for (const instance of [B, C]) expect(code(expectStatus(await attempt(instance, 'UserPass123!'), 429))).toBe('REQUESTS_EXCEEDED');
    // The address the user signed in from on A is known to B and C too: exempt from the account-wide budget.
    for (const instance of [B, C])
      expectStatus(await instance.call('POST', '/auth/login', { body: { email: u.email, password: 'UserPass123!' } }), 200);
  });
});
