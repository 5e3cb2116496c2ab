import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.js';

/**
 * Threat: `POST /auth/password/request` tells whether an e-mail address has an account, by its answer or by how
 * long it takes (the known case signs a token and builds a mail). Every case must answer the same `204` with
 * no body after the same fixed delay (LOGIN_STALL_TIME), and the mail is handed over only afterwards.
 */
const STALL = 300;

describe('password-reset user enumeration', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer({ hold: true });
    t = await createTestApp({
      ...smtp.env,
      LOGIN_STALL_TIME: String(STALL),
      RATE_LIMITER_LOGIN_POINTS: '10000',
      RATE_LIMITER_LOGIN_IP_POINTS: '10000',
      RATE_LIMITER_LOGIN_ACCOUNT_POINTS: '10000',
    });
  });
  afterAll(async () => {
    smtp?.release();
    await t?.close();
    await smtp?.stop();
  });

  const newUser = async (email: string, fields: Record<string, unknown> = {}) => {
    const response = await t.request('POST', '/users', {
      token: t.adminToken,
      body: { email, password: 'Password-123!', status: 'active', ...fields },
    });
    expect(response.statusCode).toBe(200);
    return String(dataOf(response).id);
  };

  const ask = async (email: string) => {
    const started = performance.now();
    const response = await t.request('POST', '/auth/password/request', { body: { email } });
    return {
      status: response.statusCode,
      body: response.body,
      headers: Object.keys(response.headers)
        .filter((h) => h !== 'date')
        .sort(),
      ms: performance.now() - started,
    };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('answers a known address, an unknown one, a suspended account and an SSO account identically', async () => {
    await newUser('known-enum@example.com');
    await newUser('suspended-enum@example.com', { status: 'suspended' });
    await newUser('sso-enum@example.com', { password: null, provider: 'corp' });
    const cases = [
      'known-enum@example.com',
      'nobody-enum@example.com',
      'suspended-enum@example.com',
      'sso-enum@example.com',
      'KNOWN-enum@example.com',
    ];
    await ask('warm-up@example.com');
    const answers = [];
    for (const email of cases) answers.push(await ask(email));
    for (const answer of answers) {
      expect(answer.status).toBe(204);
      expect(answer.body).toBe('');
      expect(answer.headers).toEqual(answers[0]!.headers);
      expect(answer.ms).toBeGreaterThanOrEqual(STALL - 5);
    }
  });

  it('takes the same time for a known and an unknown address: the mail goes out only after the answer', async () => {
    await ask('warm-up-2@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `timed-enum-${i}@example.com`;
      await newUser(email);
      known.push((await ask(email)).ms);
      // The mail server holds every message without answering until released: an answer that waited for the
      // mail would never come, and the mail is not there yet.
      expect(smtp.messages.some((m) => m.to.includes(email))).toBe(false);
      unknown.push((await ask(`ghost-${i}@example.com`)).ms);
    }
    // …and each known address does get its mail, once the server takes it.
    smtp.release();
    const mailed = () => [0, 1, 2, 3, 4].every((i) => smtp.messages.some((m) => m.to.includes(`timed-enum-${i}@example.com`)));
    await expect.poll(mailed, { timeout: 20_000, interval: 200 }).toBe(true);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
  });
});
