import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectError } from '../setup/expect-error.js';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.js';

/**
 * Threat: a link or redirect of ours that sends people to a page of the attacker's: the password-reset mail built
 * on an attacker's `reset_url` (the victim gets a genuine mail whose button leads to a phishing page that receives
 * the reset token). `reset_url` must be on PASSWORD_RESET_URL_ALLOW_LIST (same origin and path; look-alikes
 * refused), checked before anything else so the answer says nothing about the address. The sign-in redirect of
 * single sign-on is covered in single-sign-on-abuse.test.ts; two-factor set-up takes no redirect (the admin app
 * navigates within itself).
 */
describe('open redirects through the password-reset link', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      ...smtp.env,
      PUBLIC_URL: 'https://stratum.example.com',
      PASSWORD_RESET_URL_ALLOW_LIST: 'https://app.example.com/reset',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const request = (email: string, resetUrl: string) =>
    t.request('POST', '/auth/password/request', { body: { email, reset_url: resetUrl } });

  it('refuses every reset_url off the allow-list with the same 400 for a known and an unknown address, and sends nothing', async () => {
    const disguises = [
      'https://evil.example/reset',
      '//evil.example/reset',
      'https://app.example.com.evil.example/reset',
      'https://app.example.com@evil.example/reset',
      'https://user:pass@app.example.com/reset',
      'https://app.example.com/reset/../evil',
      'https://app.example.com/other',
      'http://app.example.com/reset',
      'javascript:alert(1)',
      '/admin/reset-password',
    ];
    for (const url of disguises) {
      const known = await request('admin@example.com', url);
      const unknown = await request('nobody@example.com', url);
      expectError(known, 400, 'INVALID_PAYLOAD');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toBe(known.body);
    }
    await t.app.mailer.settled();
    expect(smtp.messages).toHaveLength(0);
  });

  it('builds the link on an allowed reset_url (its own query kept) or on this server without one', async () => {
    expect((await request('admin@example.com', 'https://app.example.com/reset?lang=en')).statusCode).toBe(204);
    const listed = await smtp.waitForMessage(1);
    expect(listed.text).toMatch(/^https:\/\/app\.example\.com\/reset\?lang=en&token=/m);
    expect((await t.request('POST', '/auth/password/request', { body: { email: 'admin@example.com' } })).statusCode).toBe(204);
    const own = await smtp.waitForMessage(2);
    expect(own.text).toMatch(/^https:\/\/stratum\.example\.com\/admin\/reset-password\?token=/m);
  });
});
