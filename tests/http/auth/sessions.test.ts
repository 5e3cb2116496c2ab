import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

type Tokens = { access_token: string; refresh_token: string };
type Session = {
  id: string;
  date_created: string;
  last_used: string;
  expires: string;
  ip: string | null;
  user_agent: string | null;
  origin: string | null;
  current: boolean;
};

describe('/users/me/sessions: list the sign-ins, end one, end the others', () => {
  let t: TestApp;
  let count = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh active user with a password (no permissions needed: the sessions are the caller's own). */
  const newUser = async () => {
    const email = `sessions-${++count}-${Date.now()}@example.com`;
    const created = await t.request('POST', '/users', {
      token: t.adminToken,
      body: { email, password: 'Session-Pass-1', status: 'active' },
    });
    expect(created.statusCode).toBe(200);
    return { email, id: String(dataOf(created).id) };
  };
  const login = async (email: string, agent: string) => {
    const response = await t.request('POST', '/auth/login', {
      body: { email, password: 'Session-Pass-1' },
      headers: { 'user-agent': agent, origin: 'https://app.example.com' },
    });
    expect(response.statusCode).toBe(200);
    return dataOf<Tokens>(response);
  };
  const list = async (token: string) => {
    const response = await t.request('GET', '/users/me/sessions', { token });
    expect(response.statusCode).toBe(200);
    return dataOf<Session[]>(response);
  };
  /** The refreshed row records the refresher's IP and user agent (where the sign-in was used last). */
  const refresh = (refreshToken: string, agent = 'Laptop/1.0') =>
    t.request('POST', '/auth/refresh', { body: { refresh_token: refreshToken }, headers: { 'user-agent': agent } });

  it('lists every live sign-in with its creation, last use, IP, user agent and origin, marking the current one', async () => {
    const user = await newUser();
    const laptop = await login(user.email, 'Laptop/1.0');
    await login(user.email, 'Phone/2.0');
    const sessions = await list(laptop.access_token);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.user_agent).sort()).toEqual(['Laptop/1.0', 'Phone/2.0']);
    expect(sessions.filter((s) => s.current).map((s) => s.user_agent)).toEqual(['Laptop/1.0']);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(session.origin).toBe('https://app.example.com');
      expect(session.ip).toBe('127.0.0.1');
      expect(Date.parse(session.date_created)).not.toBeNaN();
      expect(Date.parse(session.expires)).toBeGreaterThan(Date.now());
      expect(Object.keys(session).sort()).toEqual(['current', 'date_created', 'expires', 'id', 'ip', 'last_used', 'origin', 'user_agent']);
    }
  });

  it('keeps the id and creation time of a sign-in across refreshes, and never shows another user', async () => {
    const user = await newUser();
    const other = await newUser();
    await login(other.email, 'Other/1.0');
    const first = await login(user.email, 'Laptop/1.0');
    const [before] = await list(first.access_token);
    const refreshed = await refresh(first.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const second = dataOf<Tokens>(refreshed);
    const after = await list(second.access_token);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, date_created: before!.date_created, current: true });
  });

  it('ends one sign-in: its refresh token is refused afterwards, the others keep working, and a logout is recorded', async () => {
    const user = await newUser();
    const laptop = await login(user.email, 'Laptop/1.0');
    const phone = await login(user.email, 'Phone/2.0');
    const phoneSession = (await list(laptop.access_token)).find((s) => s.user_agent === 'Phone/2.0')!;
    const ended = await t.request('DELETE', `/users/me/sessions/${phoneSession.id}`, { token: laptop.access_token });
    expect(ended.statusCode).toBe(204);
    expectError(await refresh(phone.refresh_token), 401, 'INVALID_CREDENTIALS');
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
    const logouts = await t.app.knex('service_activity').where({ action: 'logout', item: user.id, user: user.id });
    expect(logouts).toHaveLength(1);
  });

  it('ends a session-mode sign-in at once: its session cookie is refused', async () => {
    const user = await newUser();
    const laptop = await login(user.email, 'Laptop/1.0');
    const cookieLogin = await t.request('POST', '/auth/login', {
      body: { email: user.email, password: 'Session-Pass-1', mode: 'session' },
    });
    const cookie = cookieLogin.cookies.find((c) => c.name === 'service_session_token')!.value;
    expect((await t.app.server.inject({ method: 'GET', url: '/users/me', cookies: { service_session_token: cookie } })).statusCode).toBe(
      200,
    );
    const fromCookie = await t.app.server.inject({ method: 'GET', url: '/users/me/sessions', cookies: { service_session_token: cookie } });
    const current = dataOf<Session[]>(fromCookie).find((s) => s.current)!;
    expect(current).toBeDefined();
    expect((await t.request('DELETE', `/users/me/sessions/${current.id}`, { token: laptop.access_token })).statusCode).toBe(204);
    expectError(
      await t.app.server.inject({ method: 'GET', url: '/users/me', cookies: { service_session_token: cookie } }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('ends every other sign-in and keeps the current one', async () => {
    const user = await newUser();
    const laptop = await login(user.email, 'Laptop/1.0');
    const phone = await login(user.email, 'Phone/2.0');
    const tablet = await login(user.email, 'Tablet/3.0');
    expect((await t.request('DELETE', '/users/me/sessions', { token: laptop.access_token })).statusCode).toBe(204);
    expectError(await refresh(phone.refresh_token), 401, 'INVALID_CREDENTIALS');
    expectError(await refresh(tablet.refresh_token), 401, 'INVALID_CREDENTIALS');
    const kept = await refresh(laptop.refresh_token);
    expect(kept.statusCode).toBe(200);
    const sessions = await list(dataOf<Tokens>(kept).access_token);
    expect(sessions.map((s) => [s.user_agent, s.current])).toEqual([['Laptop/1.0', true]]);
  });

  it("answers 403 for another user's session, an unknown id and a malformed id, and ends nothing", async () => {
    const user = await newUser();
    const victim = await newUser();
    const mine = await login(user.email, 'Mine/1.0');
    const theirs = await login(victim.email, 'Theirs/1.0');
    const theirId = (await list(theirs.access_token))[0]!.id;
    expectError(await t.request('DELETE', `/users/me/sessions/${theirId}`, { token: mine.access_token }), 403, 'FORBIDDEN');
    expectError(
      await t.request('DELETE', '/users/me/sessions/00000000-0000-4000-8000-000000000000', { token: mine.access_token }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.request('DELETE', "/users/me/sessions/1'%20OR%20'1'='1", { token: mine.access_token }), 403, 'FORBIDDEN');
    expect((await refresh(theirs.refresh_token)).statusCode).toBe(200);
    expect((await refresh(mine.refresh_token)).statusCode).toBe(200);
  });

  it('answers 401 INVALID_CREDENTIALS to the public', async () => {
    expectError(await t.request('GET', '/users/me/sessions'), 401, 'INVALID_CREDENTIALS');
    expectError(await t.request('DELETE', '/users/me/sessions'), 401, 'INVALID_CREDENTIALS');
    expectError(await t.request('DELETE', '/users/me/sessions/00000000-0000-4000-8000-000000000000'), 401, 'INVALID_CREDENTIALS');
  });

  it('keeps the json-mode sign-in a user changed their own password from, and ends the others', async () => {
    const email = `sessions-self-${Date.now()}@example.com`;
    const rule = { collection: 'service_users', action: 'update', permissions: { id: { _eq: '$CURRENT_USER' } }, fields: ['password'] };
    const { userId } = await t.userWith({ email, appAccess: true, permissions: [rule] });
    const login2 = (agent: string) =>
      t
        .request('POST', '/auth/login', { body: { email, password: 'UserPass123!' }, headers: { 'user-agent': agent } })
        .then((r) => dataOf<Tokens>(r));
    const current = await login2('Current/1.0');
    const other = await login2('Other/1.0');
    const changed = await t.request('PATCH', '/users/me', { token: current.access_token, body: { password: 'Changed-Pass-22' } });
    expect(changed.statusCode).toBe(200);
    expectError(await refresh(other.refresh_token), 401, 'INVALID_CREDENTIALS');
    expect((await refresh(current.refresh_token)).statusCode).toBe(200);
    const rows = await t.app.knex('service_sessions').where({ user: userId }).whereNull('next_token');
    expect(rows).toHaveLength(1);
  });
});
