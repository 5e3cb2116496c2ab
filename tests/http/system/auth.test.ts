import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows } from '../../setup/seed-collections.js';

type Tokens = { expires: number; access_token?: string; refresh_token?: string };

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' };

function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((c) => c.name === name);
}

describe('/auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (body: unknown, headers: Record<string, string> = {}) => t.request('POST', '/auth/login', { body, headers });

  describe('POST /auth/login', () => {
    it('answers json mode (the default) with expires in ms, a refresh token and an access token, and no cookie', async () => {
      const response = await login(ADMIN);
      expect(response.statusCode).toBe(200);
      const data = dataOf<Tokens>(response);
      expect(Object.keys(data)).toEqual(['expires', 'refresh_token', 'access_token']);
      expect(data.expires).toBe(900_000);
      expect(data.refresh_token).toMatch(/^[\w-]{64}$/);
      expect(data.access_token!.split('.')).toHaveLength(3);
      expect(response.cookies).toEqual([]);
      expect((await t.request('GET', '/users/me?fields=email', { token: data.access_token! })).statusCode).toBe(200);
    });

    it('answers cookie mode with the refresh token only in an httpOnly cookie', async () => {
      const response = await login({ ...ADMIN, mode: 'cookie' });
      expect(response.statusCode).toBe(200);
      const data = dataOf<Tokens>(response);
      expect(data).not.toHaveProperty('refresh_token');
      expect(data.access_token).toBeTruthy();
      const cookie = cookieOf(response, 'service_refresh_token');
      expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax', maxAge: 604_800 });
      expect(cookie!.value).toMatch(/^[\w-]{64}$/);
      expect(response.body).not.toContain(cookie!.value);
    });

    it('answers session mode with only expires and the access token in the session cookie', async () => {
      const response = await login({ ...ADMIN, mode: 'session' });
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toEqual({ expires: 86_400_000 });
      const session = cookieOf(response, 'service_session_token');
      expect(session).toMatchObject({ httpOnly: true, maxAge: 86_400 });
      const me = await t.app.server.inject({
        method: 'GET',
        url: '/users/me?fields=email',
        cookies: { service_session_token: session!.value },
      });
      expect(me.statusCode).toBe(200);
      expect(dataOf(me)).toEqual({ email: 'admin@example.com' });
    });

    it('answers the same 401 INVALID_CREDENTIALS for a wrong password and for an unknown user', async () => {
      const wrong = await login({ ...ADMIN, password: 'nope' });
      const unknown = await login({ email: 'ghost@example.com', password: 'nope' });
      const a = expectError(wrong, 401, 'INVALID_CREDENTIALS');
      const b = expectError(unknown, 401, 'INVALID_CREDENTIALS');
      expect(a).toEqual(b);
      expect(wrong.body).toBe(unknown.body);
    });

    it('refuses a suspended user with the same 401', async () => {
      await t.request('POST', '/users', {
        token: t.adminToken,
        body: { email: 'suspended@example.com', password: 'Susp123!', status: 'suspended' },
      });
      expectError(await login({ email: 'suspended@example.com', password: 'Susp123!' }), 401, 'INVALID_CREDENTIALS');
    });

    const bad: { name: string; body: unknown }[] = [
      { name: 'no e-mail', body: { password: 'x' } },
      { name: 'no password', body: { email: 'admin@example.com' } },
      { name: 'an invalid e-mail', body: { email: 'admin', password: 'x' } },
      { name: 'a numeric password', body: { email: 'admin@example.com', password: 123 } },
      { name: 'an unknown mode', body: { ...ADMIN, mode: 'jwt' } },
      { name: 'a numeric otp', body: { ...ADMIN, otp: 123456 } },
      { name: 'an array body', body: [ADMIN] },
      { name: 'an empty body', body: {} },
    ];
    for (const c of bad) {
      it(`answers 400 INVALID_PAYLOAD for ${c.name}`, async () => {
        expectError(await login(c.body), 400, 'INVALID_PAYLOAD');
      });
    }

    it('ignores a stale or invalid token on the request', async () => {
      const response = await login(ADMIN, { authorization: 'Bearer not.a.token' });
      expect(response.statusCode).toBe(200);
    });

    it('creates a session row and records the login', async () => {
      const sessions = await countRows(t.app, 'service_sessions');
      const logins = await countRows(t.app, 'service_activity', { action: 'login' });
      await login(ADMIN);
      expect(await countRows(t.app, 'service_sessions')).toBe(sessions + 1);
      expect(await countRows(t.app, 'service_activity', { action: 'login' })).toBe(logins + 1);
    });

    it('does not store the refresh token in clear text', async () => {
      const data = dataOf<Tokens>(await login(ADMIN));
      const rows = (await t.app.knex('service_sessions').select('token')) as { token: string }[];
      expect(rows.some((r) => r.token === data.refresh_token)).toBe(false);
    });
  });

  describe('POST /auth/refresh', () => {
    it('rotates the refresh token in json mode; the old one is refused afterwards', async () => {
      const first = dataOf<Tokens>(await login(ADMIN));
      const response = await t.request('POST', '/auth/refresh', { body: { refresh_token: first.refresh_token } });
      expect(response.statusCode).toBe(200);
      const second = dataOf<Tokens>(response);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await t.request('GET', '/users/me', { token: second.access_token! })).statusCode).toBe(200);
      const again = await t.request('POST', '/auth/refresh', { body: { refresh_token: second.refresh_token } });
      expect(again.statusCode).toBe(200);
    });

    it('answers a reuse of the old token inside the grace period with the same new token (concurrent tabs)', async () => {
      const first = dataOf<Tokens>(await login(ADMIN));
      const a = dataOf<Tokens>(await t.request('POST', '/auth/refresh', { body: { refresh_token: first.refresh_token } }));
      const b = dataOf<Tokens>(await t.request('POST', '/auth/refresh', { body: { refresh_token: first.refresh_token } }));
      expect(b.refresh_token).toBe(a.refresh_token);
      expect((await t.request('GET', '/users/me', { token: b.access_token! })).statusCode).toBe(200);
      // The successor keeps working and rotates on.
      expect((await t.request('POST', '/auth/refresh', { body: { refresh_token: a.refresh_token } })).statusCode).toBe(200);
    });

    it('refreshes from the cookie (mode defaults to cookie without a body token) and sets a new cookie', async () => {
      const loginResponse = await login({ ...ADMIN, mode: 'cookie' });
      const cookie = cookieOf(loginResponse, 'service_refresh_token')!.value;
      const response = await t.app.server.inject({ method: 'POST', url: '/auth/refresh', cookies: { service_refresh_token: cookie } });
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).not.toHaveProperty('refresh_token');
      const next = cookieOf(response, 'service_refresh_token')!.value;
      expect(next).not.toBe(cookie);
      const withNew = await t.app.server.inject({ method: 'POST', url: '/auth/refresh', cookies: { service_refresh_token: next } });
      expect(withNew.statusCode).toBe(200);
    });

    it('refreshes a session-mode login from its cookies', async () => {
      const loginResponse = await login({ ...ADMIN, mode: 'session' });
      const cookies = Object.fromEntries(loginResponse.cookies.map((c) => [c.name, c.value]));
      const response = await t.app.server.inject({ method: 'POST', url: '/auth/refresh', payload: { mode: 'session' }, cookies });
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(response)).toEqual({ expires: 86_400_000 });
      const session = cookieOf(response, 'service_session_token')!.value;
      expect((await t.app.server.inject({ method: 'GET', url: '/users/me', cookies: { service_session_token: session } })).statusCode).toBe(
        200,
      );
    });

    it('answers 400 without a token and 401 for an unknown one', async () => {
      expectError(await t.request('POST', '/auth/refresh', { body: {} }), 400, 'INVALID_PAYLOAD');
      expectError(await t.request('POST', '/auth/refresh', { body: { refresh_token: 42 } }), 400, 'INVALID_PAYLOAD');
      expectError(await t.request('POST', '/auth/refresh', { body: { refresh_token: 'x'.repeat(64) } }), 401, 'INVALID_CREDENTIALS');
    });

    it('answers 401 after the user was suspended', async () => {
      const user = dataOf<{ id: string }>(
        await t.request('POST', '/users', { token: t.adminToken, body: { email: 'later@example.com', password: 'Later123!' } }),
      );
      const tokens = dataOf<Tokens>(await login({ email: 'later@example.com', password: 'Later123!' }));
      await t.request('PATCH', `/users/${user.id}`, { token: t.adminToken, body: { status: 'suspended' } });
      const response = await t.request('POST', '/auth/refresh', { body: { refresh_token: tokens.refresh_token } });
      expect(response.statusCode).toBe(401);
      expect(['USER_SUSPENDED', 'INVALID_CREDENTIALS']).toContain(response.json().errors[0].extensions.code);
      expectError(await t.request('GET', '/users/me', { token: tokens.access_token! }), 401, 'INVALID_CREDENTIALS');
    });
  });

  describe('POST /auth/logout', () => {
    it('answers 204, ends the session, and a refresh afterwards is 401', async () => {
      const tokens = dataOf<Tokens>(await login(ADMIN));
      const response = await t.request('POST', '/auth/logout', { body: { refresh_token: tokens.refresh_token } });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expectError(await t.request('POST', '/auth/refresh', { body: { refresh_token: tokens.refresh_token } }), 401, 'INVALID_CREDENTIALS');
    });

    it('logs out from the cookie and clears it', async () => {
      const loginResponse = await login({ ...ADMIN, mode: 'cookie' });
      const cookie = cookieOf(loginResponse, 'service_refresh_token')!.value;
      const response = await t.app.server.inject({ method: 'POST', url: '/auth/logout', cookies: { service_refresh_token: cookie } });
      expect(response.statusCode).toBe(204);
      const cleared = cookieOf(response, 'service_refresh_token');
      expect(cleared?.value).toBe('');
      expect(cleared?.maxAge).toBe(0);
      expectError(
        await t.app.server.inject({ method: 'POST', url: '/auth/refresh', cookies: { service_refresh_token: cookie } }),
        401,
        'INVALID_CREDENTIALS',
      );
    });

    it('ends a session-mode login: its session cookie is refused afterwards', async () => {
      const loginResponse = await login({ ...ADMIN, mode: 'session' });
      const cookies = Object.fromEntries(loginResponse.cookies.map((c) => [c.name, c.value]));
      expect((await t.app.server.inject({ method: 'POST', url: '/auth/logout', payload: { mode: 'session' }, cookies })).statusCode).toBe(
        204,
      );
      const me = await t.app.server.inject({
        method: 'GET',
        url: '/users/me',
        cookies: { service_session_token: cookies.service_session_token! },
      });
      expectError(me, 401, 'INVALID_CREDENTIALS');
    });

    it('answers 204 for an unknown token and 400 without one', async () => {
      expect((await t.request('POST', '/auth/logout', { body: { refresh_token: 'y'.repeat(64) } })).statusCode).toBe(204);
      expectError(await t.request('POST', '/auth/logout', { body: {} }), 400, 'INVALID_PAYLOAD');
    });
  });

  describe('refresh-token rotation after the grace period', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ SESSION_REFRESH_GRACE_PERIOD: '0' });
    });
    afterAll(async () => {
      await strict.close();
    });

    const refresh = (token: string | undefined) => strict.request('POST', '/auth/refresh', { body: { refresh_token: token } });

    it('refuses the old token once it has been rotated', async () => {
      const first = dataOf<Tokens>(await strict.request('POST', '/auth/login', { body: ADMIN }));
      const second = await refresh(first.refresh_token);
      expect(second.statusCode).toBe(200);
      expectError(await refresh(first.refresh_token), 401, 'INVALID_CREDENTIALS');
    });

    it('revokes the whole session chain when a rotated token is reused', async () => {
      const first = dataOf<Tokens>(await strict.request('POST', '/auth/login', { body: ADMIN }));
      const second = dataOf<Tokens>(await refresh(first.refresh_token));
      const third = dataOf<Tokens>(await refresh(second.refresh_token));
      expectError(await refresh(first.refresh_token), 401, 'INVALID_CREDENTIALS');
      expectError(await refresh(third.refresh_token), 401, 'INVALID_CREDENTIALS');
    });

    it('ends the whole chain on logout with the current token', async () => {
      const first = dataOf<Tokens>(await strict.request('POST', '/auth/login', { body: { ...ADMIN, mode: 'session' } }));
      expect(first).toEqual({ expires: 86_400_000 });
      const login = dataOf<Tokens>(await strict.request('POST', '/auth/login', { body: ADMIN }));
      const next = dataOf<Tokens>(await refresh(login.refresh_token));
      expect((await strict.request('POST', '/auth/logout', { body: { refresh_token: next.refresh_token } })).statusCode).toBe(204);
      expectError(await refresh(next.refresh_token), 401, 'INVALID_CREDENTIALS');
      expectError(await refresh(login.refresh_token), 401, 'INVALID_CREDENTIALS');
    });
  });
});
