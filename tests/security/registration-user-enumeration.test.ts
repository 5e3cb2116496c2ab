import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.js';

/**
 * Threat: `POST /users/register` tells whether an address has an account (by its answer, its headers or its
 * timing), lets somebody flood a mailbox or take over an address by registering it first, and
 * `/users/invite/accept` and `/users/register/verify-email` can be hammered. Every registration of a well-formed
 * address must answer the same `204` after the same fixed delay (REGISTER_STALL_TIME), the mail leaving after the
 * answer; each endpoint is throttled per IP (RATE_LIMITER_REGISTRATION_*).
 */
const STALL = 300;

describe('registration user enumeration and throttling', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer({ hold: true });
    t = await createTestApp({
      ...smtp.env,
      REGISTER_STALL_TIME: String(STALL),
      RATE_LIMITER_REGISTRATION_POINTS: '40',
      RATE_LIMITER_REGISTRATION_DURATION: '600',
    });
    const settings = await t.request('PATCH', '/settings', {
      token: t.adminToken,
      body: { public_registration: true, public_registration_verify_email: true },
    });
    expect(settings.statusCode).toBe(200);
    expect(dataOf(settings)).toMatchObject({ public_registration: true });
  });
  afterAll(async () => {
    smtp?.release();
    await t?.close();
    await smtp?.stop();
  });

  const register = async (email: string, ip = '203.0.113.7') => {
    const started = performance.now();
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/users/register',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: 'Register-Pass-1' }),
    });
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

  it('answers a new address, an active account, an unverified one and a suspended one identically', async () => {
    await t.request('POST', '/users', {
      token: t.adminToken,
      body: { email: 'active-reg-enum@example.com', password: 'Pass-123!', status: 'active' },
    });
    await t.request('POST', '/users', { token: t.adminToken, body: { email: 'suspended-reg-enum@example.com', status: 'suspended' } });
    await register('unverified-reg-enum@example.com');
    const cases = [
      'fresh-reg-enum@example.com',
      'active-reg-enum@example.com',
      'ACTIVE-reg-enum@example.com',
      'unverified-reg-enum@example.com',
      'suspended-reg-enum@example.com',
    ];
    const answers = [];
    for (const email of cases) answers.push(await register(email));
    for (const answer of answers) {
      expect(answer.status).toBe(204);
      expect(answer.body).toBe('');
      expect(answer.headers).toEqual(answers[0]!.headers);
      expect(answer.ms).toBeGreaterThanOrEqual(STALL - 5);
    }
    // Nothing changed for the existing accounts.
    const rows = (await t.app
      .knex('service_users')
      .whereIn('email', ['active-reg-enum@example.com', 'suspended-reg-enum@example.com'])
      .select('status')) as {
      status: string;
    }[];
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'suspended']);
  });

  it('takes the same time for a known and an unknown address: the mail goes out only after the answer', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push((await register('active-reg-enum@example.com')).ms);
      unknown.push((await register(`ghost-reg-${i}@example.com`)).ms);
      // The mail server holds every message without answering: an answer that waited for it would never come.
      expect(smtp.messages.some((m) => m.to.includes(`ghost-reg-${i}@example.com`))).toBe(false);
    }
    smtp.release();
    await expect.poll(() => smtp.messages.some((m) => m.to.includes('ghost-reg-3@example.com')), { timeout: 20_000 }).toBe(true);
    // Both answers wait for the same floor (the test above) and neither for the mail; what is left is the machine's
    // noise, which grows with its load: 150 ms, or half the slower median on a busy machine.
    const [a, b] = [median(known), median(unknown)];
    expect(Math.abs(a - b)).toBeLessThan(Math.max(150, Math.max(a, b) / 2));
  });

  it('throttles registrations per IP with 429 and leaves other addresses alone', async () => {
    const ip = '198.51.100.9';
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const response = await t.app.server.inject({
        method: 'POST',
        url: '/users/register',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        // A bad address is refused before the throttle counts: use good ones, each new.
        payload: JSON.stringify({ email: `flood-${i}@example.com`, password: '' }),
      });
      statuses.push(response.statusCode);
    }
    // An empty password is refused (400) before anything is counted or looked up.
    expect(new Set(statuses)).toEqual(new Set([400]));
    await Promise.all(Array.from({ length: 40 }, (_, i) => register(`flood-ok-${i}@example.com`, ip)));
    const refused = await t.app.server.inject({
      method: 'POST',
      url: '/users/register',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'one-more@example.com', password: 'Register-Pass-1' }),
    });
    expectError(refused, 429, 'REQUESTS_EXCEEDED');
    expect((await register('elsewhere-reg@example.com', '198.51.100.10')).status).toBe(204);
  });

  it('throttles invitation acceptances and verifications per IP with 429', async () => {
    const ip = '198.51.100.20';
    const hammer = (url: string, method: 'GET' | 'POST') =>
      t.app.server.inject({
        method,
        url,
        remoteAddress: ip,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ token: 'garbage', password: 'Pass-1' }) }
          : {}),
      });
    for (let i = 0; i < 40; i++) expect((await hammer('/users/invite/accept', 'POST')).statusCode).toBe(403);
    expectError(await hammer('/users/invite/accept', 'POST'), 429, 'REQUESTS_EXCEEDED');
    for (let i = 0; i < 40; i++) expect((await hammer('/users/register/verify-email?token=garbage', 'GET')).statusCode).toBe(403);
    expectError(await hammer('/users/register/verify-email?token=garbage', 'GET'), 429, 'REQUESTS_EXCEEDED');
  });
});
