import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';

/**
 * Threat: an access token (15 minutes by default) keeps working after what should have ended it: a logout, the
 * end of its sign-in from /users/me/sessions, "sign out everywhere", a password change or reset, a suspension or
 * a deletion. A stolen token must die with its sign-in, not at its own expiry. Every access token names its
 * sign-in (`sid`), which each instance checks against a cache dropped by the session version (decision 0042).
 */
describe('access tokens end with their sign-in', () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh user; returns its id and a json-mode sign-in. */
  const freshUser = async () => {
    n++;
    const email = `token-end-${n}@example.com`;
    const ownPassword = {
      collection: 'service_users',
      action: 'update',
      fields: ['password'],
      permissions: { id: { _eq: '$CURRENT_USER' } },
    };
    const user = await t.userWith({ email, permissions: [ownPassword] });
    const login = await t.request('POST', '/auth/login', { body: { email, password: 'UserPass123!' } });
    const tokens = dataOf<{ access_token: string; refresh_token: string }>(login);
    return { ...user, email, access: tokens.access_token, refresh: tokens.refresh_token };
  };
  const me = (token: string) => t.request('GET', '/users/me', { token, query: { fields: 'id' } });

  it('POST /auth/logout ends the access token of that sign-in (401), not the others', async () => {
    const u = await freshUser();
    expect((await me(u.access)).statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(200);
    expect((await t.request('POST', '/auth/logout', { body: { refresh_token: u.refresh } })).statusCode).toBe(204);
    expectError(await me(u.access), 401, 'INVALID_CREDENTIALS');
    // The user's other sign-in (userWith's login) is untouched.
    expect((await me(u.token)).statusCode).toBe(200);
  });

  it('DELETE /users/me/sessions/:id ends the access token of the sign-in ended', async () => {
    const u = await freshUser();
    const list = dataOf<{ id: string; current: boolean }[]>(await t.request('GET', '/users/me/sessions', { token: u.token }));
    const other = list.find((s) => !s.current)!;
    expect((await t.request('DELETE', `/users/me/sessions/${other.id}`, { token: u.token })).statusCode).toBe(204);
    expectError(await me(u.access), 401, 'INVALID_CREDENTIALS');
    expect((await me(u.token)).statusCode).toBe(200);
  });

  it('"sign out everywhere" (DELETE /users/me/sessions) ends every other access token, keeps the caller', async () => {
    const u = await freshUser();
    expect((await t.request('DELETE', '/users/me/sessions', { token: u.token })).statusCode).toBe(204);
    expectError(await me(u.access), 401, 'INVALID_CREDENTIALS');
    expect((await me(u.token)).statusCode).toBe(200);
  });

  it('a password change by an administrator ends every access token of the user', async () => {
    const u = await freshUser();
    expect(
      (await t.request('PATCH', `/users/${u.userId}`, { token: t.adminToken, body: { password: 'Changed-Pass-123!' } })).statusCode,
    ).toBe(200);
    expectError(await me(u.access), 401, 'INVALID_CREDENTIALS');
    expectError(await me(u.token), 401, 'INVALID_CREDENTIALS');
  });

  it("the user's own password change keeps the sign-in it came from and ends the others", async () => {
    const u = await freshUser();
    expect((await t.request('PATCH', '/users/me', { token: u.token, body: { password: 'Changed-Pass-456!' } })).statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(200);
    expectError(await me(u.access), 401, 'INVALID_CREDENTIALS');
  });

  it('a suspension ends every access token of the user at once', async () => {
    const u = await freshUser();
    expect((await t.request('PATCH', `/users/${u.userId}`, { token: t.adminToken, body: { status: 'suspended' } })).statusCode).toBe(200);
    expectError(await me(u.access), 401, 'INVALID_CREDENTIALS');
    // Reactivated, the old tokens stay dead: their sign-ins ended with the suspension.
    expect((await t.request('PATCH', `/users/${u.userId}`, { token: t.adminToken, body: { status: 'active' } })).statusCode).toBe(200);
    expectError(await me(u.access), 401, 'INVALID_CREDENTIALS');
    expectError(await me(u.token), 401, 'INVALID_CREDENTIALS');
  });

  it("a suspension ends the user's static token too, and a new static token ends the old one", async () => {
    const u = await freshUser();
    const first = `static-${u.userId}-first-0123456789`;
    const second = `static-${u.userId}-second-0123456789`;
    expect((await t.request('PATCH', `/users/${u.userId}`, { token: t.adminToken, body: { token: first } })).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(200);
    expect((await t.request('PATCH', `/users/${u.userId}`, { token: t.adminToken, body: { token: second } })).statusCode).toBe(200);
    expectError(await me(first), 401, 'INVALID_CREDENTIALS');
    expect((await me(second)).statusCode).toBe(200);
    expect((await t.request('PATCH', `/users/${u.userId}`, { token: t.adminToken, body: { status: 'suspended' } })).statusCode).toBe(200);
    expectError(await me(second), 401, 'INVALID_CREDENTIALS');
  });

  it('a deletion ends every access token of the user', async () => {
    const u = await freshUser();
    expect((await t.request('DELETE', `/users/${u.userId}`, { token: t.adminToken })).statusCode).toBe(204);
    expectError(await me(u.access), 401, 'INVALID_CREDENTIALS');
  });

  it('a token still works after its sign-in refreshed (the new one too), and dies with the logout of the new refresh token', async () => {
    const u = await freshUser();
    const refreshed = dataOf<{ access_token: string; refresh_token: string }>(
      await t.request('POST', '/auth/refresh', { body: { refresh_token: u.refresh } }),
    );
    expect((await me(u.access)).statusCode).toBe(200);
    expect((await me(refreshed.access_token)).statusCode).toBe(200);
    expect((await t.request('POST', '/auth/logout', { body: { refresh_token: refreshed.refresh_token } })).statusCode).toBe(204);
    expectError(await me(u.access), 401, 'INVALID_CREDENTIALS');
    expectError(await me(refreshed.access_token), 401, 'INVALID_CREDENTIALS');
  });

  it('checks the sign-in from memory in the steady state: no query of service_sessions per request', async () => {
    const u = await freshUser();
    expect((await me(u.access)).statusCode).toBe(200);
    const queries: string[] = [];
    const listener = (q: { sql: string }) => queries.push(q.sql);
    t.app.knex.on('query', listener);
    try {
      for (let i = 0; i < 3; i++) expect((await me(u.access)).statusCode).toBe(200);
    } finally {
      t.app.knex.off('query', listener);
    }
    expect(queries.filter((sql) => sql.includes('service_sessions'))).toEqual([]);
  });

  it('a token signed with the secret but naming no sign-in is refused', async () => {
    const u = await freshUser();
    const { signAccessToken } = await import('../../src/modules/auth/access-token.js');
    const bare = await signAccessToken(
      t.app.config.secret,
      { id: u.userId, role: u.roleId, app_access: false, admin_access: false },
      60_000,
      new Date(),
    );
    expectError(await me(bare), 401, 'INVALID_CREDENTIALS');
  });
});
