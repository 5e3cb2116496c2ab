import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf } from '../../setup/expect-error.js';
import { resetLinkOf } from '../../setup/reset-mail.js';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server.js';

const CLIENT = { ip: '203.0.113.9', userAgent: 'AuditBrowser/1.0 (test)', origin: 'https://app.example.com' };
type ActivityRow = {
  action: string;
  collection: string;
  item: string;
  user: string | null;
  ip: string | null;
  user_agent: string | null;
  origin: string | null;
};

/** Authentication events land in service_activity with the client's IP, user agent and origin. */
describe('audit trail of authentication', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let userId = '';
  const email = 'audited@example.com';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(smtp.env);
    const created = await t.request('POST', '/users', {
      token: t.adminToken,
      body: { email, password: 'Audited-Pass-1', status: 'active' },
    });
    userId = String(dataOf(created).id);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const post = (url: string, payload: unknown): Promise<LightMyRequestResponse> =>
    t.app.server.inject({
      method: 'POST',
      url,
      remoteAddress: CLIENT.ip,
      headers: { 'user-agent': CLIENT.userAgent, origin: CLIENT.origin },
      payload: payload as Record<string, unknown>,
    });

  /** The newest activity row of an action, read through the API as the administrator. */
  const latest = async (action: string): Promise<ActivityRow> => {
    const response = await t.request('GET', '/activity', {
      token: t.adminToken,
      query: { 'filter[action][_eq]': action, sort: '-id', limit: '1', fields: 'action,collection,item,user,ip,user_agent,origin' },
    });
    expect(response.statusCode).toBe(200);
    const rows = dataOf<ActivityRow[]>(response);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const fromClient = { ip: CLIENT.ip, user_agent: CLIENT.userAgent, origin: CLIENT.origin, collection: 'service_users' };

  it('records a login and a logout', async () => {
    const login = await post('/auth/login', { email, password: 'Audited-Pass-1' });
    expect(login.statusCode).toBe(200);
    expect(await latest('login')).toEqual({ action: 'login', item: userId, user: userId, ...fromClient });
    expect((await post('/auth/logout', { refresh_token: dataOf<{ refresh_token: string }>(login).refresh_token })).statusCode).toBe(204);
    expect(await latest('logout')).toEqual({ action: 'logout', item: userId, user: userId, ...fromClient });
  });

  it('records failed logins, for a known user and for an unknown address', async () => {
    expect((await post('/auth/login', { email, password: 'wrong' })).statusCode).toBe(401);
    expect(await latest('login_failed')).toEqual({ action: 'login_failed', item: userId, user: userId, ...fromClient });
    expect((await post('/auth/login', { email: 'nobody@example.com', password: 'wrong' })).statusCode).toBe(401);
    expect(await latest('login_failed')).toEqual({ action: 'login_failed', item: 'nobody@example.com', user: null, ...fromClient });
  });

  it('records password requests (the address when nobody has it) and the reset', async () => {
    expect((await post('/auth/password/request', { email: 'nobody@example.com' })).statusCode).toBe(204);
    expect(await latest('password_request')).toEqual({ action: 'password_request', item: 'nobody@example.com', user: null, ...fromClient });

    expect((await post('/auth/password/request', { email })).statusCode).toBe(204);
    expect(await latest('password_request')).toEqual({ action: 'password_request', item: userId, user: null, ...fromClient });

    const { token } = resetLinkOf(await smtp.waitForMessage(1));
    expect((await post('/auth/password/reset', { token, password: 'Audited-Pass-2' })).statusCode).toBe(204);
    expect(await latest('password_reset')).toEqual({ action: 'password_reset', item: userId, user: userId, ...fromClient });
  });

  it('writes no activity when a reset is refused', async () => {
    const count = async () =>
      Number(((await t.app.knex('service_activity').where({ action: 'password_reset' }).count({ n: '*' }).first()) as { n: unknown }).n);
    const before = await count();
    expect((await post('/auth/password/reset', { token: 'garbage', password: 'Audited-Pass-3' })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
