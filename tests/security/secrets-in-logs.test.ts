import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../support/capture-logger.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';

/**
 * Threat: logs are shipped to places with wider access than the database (log aggregation, support tickets,
 * CI output). A token, cookie, password or one-time secret in a log line is a credential handed to everyone who
 * can read the logs. At the most verbose level, none may appear in any line.
 */
describe('secrets never reach the log, at trace level', () => {
  let t: TestApp;
  const { logger, lines } = captureLogger('trace');
  let clockFails = false;
  const secrets: string[] = [];
  const logText = () => JSON.stringify(lines);

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'trace' },
      {
        logger,
        now: () => {
          if (clockFails) throw new Error('the clock failed');
          return new Date();
        },
      },
    );
    secrets.push('AdminPass123!', t.adminToken);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs requests at this level (the test sees them)', async () => {
    await t.request('GET', '/server/info?access_token=' + t.adminToken);
    const line = lines.find((l) => l.url !== undefined && String(l.url).startsWith('/server/info'));
    expect(line?.msg).toMatch(/^GET \/server\/info\?access_token=\S+ 200 \d+ ms$/);
  });

  it('a login, a refresh and a session-cookie request', async () => {
    const login = await t.request('POST', '/auth/login', { body: { email: 'admin@example.com', password: 'AdminPass123!' } });
    const tokens = dataOf<{ access_token: string; refresh_token: string }>(login);
    secrets.push(tokens.access_token, tokens.refresh_token);
    const refreshed = await t.request('POST', '/auth/refresh', { body: { refresh_token: tokens.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    const renewed = dataOf<{ access_token: string; refresh_token: string }>(refreshed);
    secrets.push(renewed.access_token, renewed.refresh_token);

    const session = await t.request('POST', '/auth/login', {
      body: { email: 'admin@example.com', password: 'AdminPass123!', mode: 'session' },
    });
    const cookie = session.cookies.find((c) => c.name === t.app.config.auth.sessionCookie.name)!;
    secrets.push(cookie.value);
    const me = await t.app.server.inject({ method: 'GET', url: '/users/me', headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(me.statusCode).toBe(200);
    for (const secret of secrets) expect(logText()).not.toContain(secret);
  });

  it('a request with ?access_token= (and a percent-encoded parameter name) is logged with the value redacted', async () => {
    const plain = await t.app.server.inject({ method: 'GET', url: `/users/me?fields=email&access_token=${t.adminToken}` });
    expect(plain.statusCode).toBe(200);
    const encoded = await t.app.server.inject({ method: 'GET', url: `/users/me?access%5Ftoken=${t.adminToken}` });
    expect(encoded.statusCode).toBe(200);
    const logged = lines
      .filter((line) => typeof line.url === 'string' && (line.url as string).startsWith('/users/me?'))
      .map((line) => line.url);
    expect(logged).toEqual(
      expect.arrayContaining(['/users/me?fields=email&access_token=[Redacted]', '/users/me?access%5Ftoken=[Redacted]']),
    );
    expect(logText()).not.toContain(t.adminToken);
  });

  it('a static token, set and then used', async () => {
    const staticToken = 'static-token-that-must-not-be-logged-0123456789';
    secrets.push(staticToken);
    const set = await t.request('PATCH', '/users/me', { token: t.adminToken, body: { token: staticToken } });
    expect(set.statusCode).toBe(200);
    const used = await t.request('GET', '/users/me', { token: staticToken });
    expect(used.statusCode).toBe(200);
    expect(logText()).not.toContain(staticToken);
  });

  it('a failed login', async () => {
    const wrong = 'Wrong-Password-Never-Logged-42';
    secrets.push(wrong);
    const response = await t.request('POST', '/auth/login', { body: { email: 'admin@example.com', password: wrong } });
    expect(response.statusCode).toBe(401);
    expect(logText()).not.toContain(wrong);
  });

  it('a 500 that logs the request and its error', async () => {
    clockFails = true;
    let response;
    try {
      response = await t.app.server.inject({
        method: 'POST',
        url: `/auth/login?access_token=${t.adminToken}`,
        payload: { email: 'admin@example.com', password: 'AdminPass123!' },
        headers: { cookie: `${t.app.config.auth.sessionCookie.name}=cookie-secret-value`, authorization: 'Basic YWRtaW46c2VjcmV0' },
      });
    } finally {
      clockFails = false;
    }
    expect(response.statusCode).toBe(500);
    const failure = lines.find(
      (line) => line.level === 50 && typeof line.msg === 'string' && (line.msg as string).includes('/auth/login failed'),
    );
    expect(failure).toMatchObject({ url: '/auth/login?access_token=[Redacted]', err: { message: 'the clock failed' } });
    expect(logText()).not.toContain('cookie-secret-value');
    expect(logText()).not.toContain('YWRtaW46c2VjcmV0');
  });

  it('objects logged with credentials in them are redacted at any level', () => {
    t.app.logger.trace(
      {
        body: { password: 'p-secret-1', otp: '123456', refresh_token: 'r-secret-1' },
        headers: { authorization: 'Bearer h-secret-1', cookie: 'c=c-secret-1' },
      },
      'payload',
    );
    t.app.logger.error({ err: new Error('GET /x?access_token=e-secret-1 failed (Bearer e-secret-2)') }, 'with access_token=m-secret-1');
    const text = logText();
    for (const secret of ['p-secret-1', '123456', 'r-secret-1', 'h-secret-1', 'c-secret-1', 'e-secret-1', 'e-secret-2', 'm-secret-1'])
      expect(text).not.toContain(secret);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
