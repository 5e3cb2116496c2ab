import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../../support/capture-logger.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { afterAnswer, resetLinkOf } from '../../setup/reset-mail.js';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server.js';

const ALLOW_LIST = 'https://app.example.com/reset,https://other.example.com/auth/reset?source=mail';
const ENV = {
  PUBLIC_URL: 'https://stratum.example.com',
  PASSWORD_RESET_URL_ALLOW_LIST: ALLOW_LIST,
  AUTH_PASSWORD_POLICY: '/^.{10,}$/',
  // Throttling has its own file; here every request must reach the service.
  RATE_LIMITER_LOGIN_POINTS: '10000',
};

describe('password reset by e-mail (/auth/password/request, /auth/password/reset)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let offset = 0;
  let users = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ ...smtp.env, ...ENV }, { now: () => new Date(Date.now() + offset) });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const request = (body: unknown) => t.request('POST', '/auth/password/request', { body });
  const reset = (body: unknown) => t.request('POST', '/auth/password/reset', { body });
  const login = (email: string, password: string) => t.request('POST', '/auth/login', { body: { email, password } });

  /** A new active user of the default provider. */
  const newUser = async (fields: Record<string, unknown> = {}) => {
    users += 1;
    const email = `reset-${users}-${Date.now()}@example.com`;
    const response = await t.request('POST', '/users', {
      token: t.adminToken,
      body: { email, password: 'OldPassword-1', status: 'active', ...fields },
    });
    expect(response.statusCode).toBe(200);
    return { email, id: String(dataOf(response).id) };
  };

  /** Asks for a reset and returns the mail it produced (the next one the server receives). */
  const mailFor = async (email: string, resetUrl?: string) => {
    const expected = smtp.messages.length + 1;
    const response = await request({ email, ...(resetUrl !== undefined ? { reset_url: resetUrl } : {}) });
    expect(response.statusCode).toBe(204);
    return smtp.waitForMessage(expected);
  };

  it('walks the whole flow: mail, link, reset, new password in, old password and sessions out, token spent', async () => {
    const user = await newUser();
    const before = dataOf<{ refresh_token: string }>(await login(user.email, 'OldPassword-1'));

    const mail = await mailFor(user.email);
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('stratum@example.com');
    expect(mail.subject).toBe('Reset your password');
    const { link, token } = resetLinkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://stratum.example.com/admin/reset-password');
    expect(mail.text).toContain(user.email);
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));

    const done = await reset({ token, password: 'NewPassword-2' });
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');

    expect((await login(user.email, 'NewPassword-2')).statusCode).toBe(200);
    expectError(await login(user.email, 'OldPassword-1'), 401, 'INVALID_CREDENTIALS');
    expectError(await t.request('POST', '/auth/refresh', { body: { refresh_token: before.refresh_token } }), 401, 'INVALID_CREDENTIALS');
    expectError(await reset({ token, password: 'ThirdPassword-3' }), 403, 'FORBIDDEN');
    expect((await login(user.email, 'NewPassword-2')).statusCode).toBe(200);
  });

  it('ends every session of the user, session-mode cookies included', async () => {
    const user = await newUser();
    const cookieLogin = await t.request('POST', '/auth/login', { body: { email: user.email, password: 'OldPassword-1', mode: 'session' } });
    const sessionCookie = cookieLogin.cookies.find((c) => c.name === 'service_session_token')!.value;
    const me = () => t.app.server.inject({ method: 'GET', url: '/users/me', cookies: { service_session_token: sessionCookie } });
    expect((await me()).statusCode).toBe(200);
    const { token } = resetLinkOf(await mailFor(user.email));
    expect((await reset({ token, password: 'NewPassword-2' })).statusCode).toBe(204);
    expectError(await me(), 401, 'INVALID_CREDENTIALS');
    const left = (await t.app.knex('service_sessions').where({ user: user.id }).count({ n: '*' }).first()) as { n: number | string };
    expect(Number(left.n)).toBe(0);
  });

  it('answers 204 alike for an unknown address and sends only the known one a mail', async () => {
    const user = await newUser();
    const before = smtp.messages.length;
    const unknown = await request({ email: `nobody-${Date.now()}@example.com` });
    const known = await request({ email: user.email });
    expect([unknown.statusCode, known.statusCode]).toEqual([204, 204]);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect((await smtp.waitForMessage(before + 1)).to).toEqual([user.email]);
    await afterAnswer();
    await t.app.mailer.settled();
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('finds the address whatever its case', async () => {
    const user = await newUser();
    const mail = await mailFor(user.email.toUpperCase());
    expect(mail.to).toEqual([user.email]);
  });

  it('sends nothing to a suspended user, an invited user or a single sign-on user (and still answers 204)', async () => {
    const suspended = await newUser({ status: 'suspended' });
    const invited = await newUser({ status: 'invited' });
    const sso = await newUser({ provider: 'github' });
    const before = smtp.messages.length;
    for (const user of [suspended, invited, sso]) expect((await request({ email: user.email })).statusCode).toBe(204);
    await afterAnswer();
    await t.app.mailer.settled();
    expect(smtp.messages.length).toBe(before);
  });

  it('leads to an allowed reset_url, keeping its query and adding the token', async () => {
    const user = await newUser();
    const first = resetLinkOf(await mailFor(user.email, 'https://app.example.com/reset?lang=fr'));
    expect(first.link.origin + first.link.pathname).toBe('https://app.example.com/reset');
    expect(first.link.searchParams.get('lang')).toBe('fr');
    const second = resetLinkOf(await mailFor(user.email, 'https://other.example.com/auth/reset?source=mail'));
    expect(second.link.toString()).toBe(`https://other.example.com/auth/reset?source=mail&token=${encodeURIComponent(second.token)}`);
    // Either link works, once: the first reset spends both tokens (they are bound to the old password).
    expect((await reset({ token: second.token, password: 'NewPassword-2' })).statusCode).toBe(204);
    expectError(await reset({ token: first.token, password: 'NewPassword-3' }), 403, 'FORBIDDEN');
  });

  const refused: { name: string; url: string }[] = [
    { name: 'another site', url: 'https://evil.example.org/reset' },
    { name: 'a look-alike host', url: 'https://app.example.com.evil.example.org/reset' },
    { name: 'the allowed host as user info', url: 'https://app.example.com@evil.example.org/reset' },
    { name: 'credentials on the allowed host', url: 'https://user:secret@app.example.com/reset' },
    { name: 'plain http', url: 'http://app.example.com/reset' },
    { name: 'another port', url: 'https://app.example.com:8443/reset' },
    { name: 'another path', url: 'https://app.example.com/reset/extra' },
    { name: 'a path that climbs out', url: 'https://app.example.com/reset/../admin' },
    { name: 'a protocol-relative URL', url: '//app.example.com/reset' },
    { name: 'a relative path', url: '/reset' },
    { name: 'a javascript: URL', url: 'javascript:alert(1)//https://app.example.com/reset' },
    { name: 'an allowed URL over 2048 characters', url: `https://app.example.com/reset?pad=${'x'.repeat(3000)}` },
  ];
  it.each(refused)('refuses $name as reset_url with 400 INVALID_PAYLOAD and sends nothing', async ({ url }) => {
    const user = await newUser();
    const before = smtp.messages.length;
    const error = expectError(await request({ email: user.email, reset_url: url }), 400, 'INVALID_PAYLOAD');
    expect(error.message).toMatch(/^Invalid payload\. URL ".*" can't be used to reset passwords\.$/s);
    // The same answer for an address nobody has: the check comes first and tells nothing.
    expectError(await request({ email: `ghost-${Date.now()}@example.com`, reset_url: url }), 400, 'INVALID_PAYLOAD');
    await afterAnswer();
    await t.app.mailer.settled();
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses a new password that misses AUTH_PASSWORD_POLICY with 400 FAILED_VALIDATION and keeps the token usable', async () => {
    const user = await newUser();
    const { token } = resetLinkOf(await mailFor(user.email));
    const error = expectError(await reset({ token, password: 'short' }), 400, 'FAILED_VALIDATION');
    expect(error.message).toBe('Validation failed for field "password". Provided password doesn\'t match the password policy.');
    expect(error.extensions).toMatchObject({ field: 'password' });
    expectError(await login(user.email, 'short'), 401, 'INVALID_CREDENTIALS');
    expect((await reset({ token, password: 'LongEnough-9' })).statusCode).toBe(204);
  });

  it('answers 401 TOKEN_EXPIRED once the day is over', async () => {
    const user = await newUser();
    const { token } = resetLinkOf(await mailFor(user.email));
    offset += 24 * 60 * 60 * 1000 + 1_000;
    try {
      expectError(await reset({ token, password: 'NewPassword-2' }), 401, 'TOKEN_EXPIRED');
    } finally {
      offset = 0;
    }
    expect((await login(user.email, 'OldPassword-1')).statusCode).toBe(200);
  });

  it('refuses a token once the password changed another way, or the user was suspended (403 FORBIDDEN)', async () => {
    const changed = await newUser();
    const changedToken = resetLinkOf(await mailFor(changed.email)).token;
    expect(
      (await t.request('PATCH', `/users/${changed.id}`, { token: t.adminToken, body: { password: 'AdminChosen-1' } })).statusCode,
    ).toBe(200);
    expectError(await reset({ token: changedToken, password: 'NewPassword-2' }), 403, 'FORBIDDEN');

    const suspended = await newUser();
    const suspendedToken = resetLinkOf(await mailFor(suspended.email)).token;
    expect((await t.request('PATCH', `/users/${suspended.id}`, { token: t.adminToken, body: { status: 'suspended' } })).statusCode).toBe(
      200,
    );
    expectError(await reset({ token: suspendedToken, password: 'NewPassword-2' }), 403, 'FORBIDDEN');
  });

  it('refuses forged, garbage and access tokens with 403 INVALID_TOKEN', async () => {
    const user = await newUser();
    const { token } = resetLinkOf(await mailFor(user.email));
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const other = await newUser();
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: other.id, email: other.email })).toString('base64url');
    expectError(await reset({ token: `${header}.${forged}.${signature}`, password: 'NewPassword-2' }), 403, 'INVALID_TOKEN');
    expectError(await reset({ token: 'garbage', password: 'NewPassword-2' }), 403, 'INVALID_TOKEN');
    expectError(await reset({ token: t.adminToken, password: 'NewPassword-2' }), 403, 'INVALID_TOKEN');
    expect((await login(other.email, 'OldPassword-1')).statusCode).toBe(200);
  });

  it('ignores a stale access token on the request', async () => {
    const user = await newUser();
    const expected = smtp.messages.length + 1;
    const response = await t.request('POST', '/auth/password/request', { token: 'stale-or-garbage', body: { email: user.email } });
    expect(response.statusCode).toBe(204);
    expect((await smtp.waitForMessage(expected)).to).toEqual([user.email]);
  });

  const badRequests: { name: string; body: unknown }[] = [
    { name: 'an array body', body: [] },
    { name: 'a string body', body: '"text"' },
    { name: 'a number body', body: '42' },
    { name: 'no e-mail', body: {} },
    { name: 'a numeric e-mail', body: { email: 42 } },
    { name: 'an e-mail that is not one', body: { email: 'not-an-address' } },
    { name: 'a huge e-mail', body: { email: `${'a'.repeat(100_000)}@example.com` } },
    { name: 'a numeric reset_url', body: { email: 'a@example.com', reset_url: 1 } },
    { name: 'an object reset_url', body: { email: 'a@example.com', reset_url: { href: 'https://app.example.com/reset' } } },
  ];
  it.each(badRequests)('answers 400 INVALID_PAYLOAD to a password request with $name', async ({ body }) => {
    expectError(await request(body), 400, 'INVALID_PAYLOAD');
  });

  const badResets: { name: string; body: unknown }[] = [
    { name: 'an array body', body: [] },
    { name: 'no token', body: { password: 'NewPassword-2' } },
    { name: 'no password', body: { token: 'a.b.c' } },
    { name: 'a numeric token', body: { token: 1, password: 'NewPassword-2' } },
    { name: 'a numeric password', body: { token: 'a.b.c', password: 1234567890123 } },
    { name: 'an empty password', body: { token: 'a.b.c', password: '' } },
    { name: 'a huge token', body: { token: 'x'.repeat(200_000), password: 'NewPassword-2' } },
  ];
  it.each(badResets)('answers 400 INVALID_PAYLOAD to a reset with $name', async ({ body }) => {
    expectError(await reset(body), 400, 'INVALID_PAYLOAD');
  });

  describe('timing', () => {
    const STALL = 400;
    let slowSmtp: TestSmtpServer;
    let timed: TestApp;
    beforeAll(async () => {
      slowSmtp = await startSmtpServer({ hold: true });
      timed = await createTestApp({ ...ENV, ...slowSmtp.env, LOGIN_STALL_TIME: String(STALL) });
    });
    afterAll(async () => {
      slowSmtp?.release();
      await timed?.close();
      await slowSmtp?.stop();
    });

    const timedRequest = async (email: string) => {
      const started = performance.now();
      const response = await timed.request('POST', '/auth/password/request', { body: { email } });
      return { status: response.statusCode, ms: performance.now() - started };
    };

    it('answers known and unknown addresses after the same fixed delay, without waiting for a slow mail server', async () => {
      await timedRequest('warm-up@example.com');
      const known = await timedRequest('admin@example.com');
      const unknown = await timedRequest(`ghost-${Date.now()}@example.com`);
      expect([known.status, unknown.status]).toEqual([204, 204]);
      for (const { ms } of [known, unknown]) expect(ms).toBeGreaterThanOrEqual(STALL - 5);
      expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(500);
      // The mail server holds the message without answering: the answers did not wait for it.
      expect(slowSmtp.messages).toEqual([]);
      slowSmtp.release();
      expect((await slowSmtp.waitForMessage(1)).to).toEqual(['admin@example.com']);
    });
  });

  describe('when the mail server is down', () => {
    let down: TestApp;
    const { logger, lines } = captureLogger();
    beforeAll(async () => {
      down = await createTestApp({ ...ENV, ...smtp.env, EMAIL_SMTP_PORT: '1' }, { logger });
    });
    afterAll(async () => {
      await down?.close();
    });

    it('still answers 204 and logs the failure', async () => {
      const response: LightMyRequestResponse = await down.request('POST', '/auth/password/request', {
        body: { email: 'admin@example.com' },
      });
      expect(response.statusCode).toBe(204);
      await afterAnswer();
      await down.app.mailer.settled();
      expect(lines.find((l) => l.msg === 'mail could not be sent')).toMatchObject({ level: 50, to: 'admin@example.com' });
    });
  });
});
