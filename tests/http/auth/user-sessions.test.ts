import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

type Session = { id: string; user_agent: string | null; current: boolean };

describe('/users/:id/sessions: another user’s sign-ins, for administrators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = async (email: string, password: string, agent: string) => {
    const response = await t.request('POST', '/auth/login', { body: { email, password }, headers: { 'user-agent': agent } });
    expect(response.statusCode).toBe(200);
    return dataOf<{ access_token: string }>(response);
  };

  it('lists a user’s live sign-ins to an administrator, none marked current', async () => {
    const email = `user-sessions-${Date.now()}@example.com`;
    const created = await t.request('POST', '/users', {
      token: t.adminToken,
      body: { email, password: 'Session-Pass-1', status: 'active' },
    });
    const id = String(dataOf(created).id);
    await login(email, 'Session-Pass-1', 'Laptop/1.0');
    await login(email, 'Session-Pass-1', 'Phone/2.0');
    const response = await t.request('GET', `/users/${id}/sessions`, { token: t.adminToken });
    expect(response.statusCode).toBe(200);
    const sessions = dataOf<Session[]>(response);
    expect(sessions.map((s) => s.user_agent).sort()).toEqual(['Laptop/1.0', 'Phone/2.0']);
    expect(sessions.every((s) => !s.current)).toBe(true);
  });

  it('refuses anyone but an administrator, and answers ids that are not users like unknown ones', async () => {
    const email = `user-sessions-plain-${Date.now()}@example.com`;
    const { userId } = await t.userWith({
      email,
      appAccess: true,
      permissions: [{ collection: 'service_users', action: 'read', fields: ['*'] }],
    });
    const { access_token } = await login(email, 'UserPass123!', 'Plain/1.0');
    expectError(await t.request('GET', `/users/${userId}/sessions`, { token: access_token }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', `/users/${userId}/sessions`), 403, 'FORBIDDEN');
    expectError(await t.request('GET', '/users/not-an-id/sessions', { token: t.adminToken }), 403, 'FORBIDDEN');
    // /users/me/sessions is still the caller's own list.
    expect((await t.request('GET', '/users/me/sessions', { token: access_token })).statusCode).toBe(200);
  });
});
