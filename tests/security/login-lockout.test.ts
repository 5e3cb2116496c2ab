import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, TEST_REDIS_URL } from '../support/redis-test-prefix.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { TEST_ENV } from '../setup/test-config.js';
import { createTotpClock, TOTP_CLOCK_TOKEN_TTL } from '../setup/totp-code.js';

/**
 * Threat: the failed-login throttle turned against the people it protects (decision 0043). (a) Anybody who knows
 * an e-mail address locked its owner out by failing on purpose from other addresses; (b) an office behind one
 * NAT signing in at once got 429s, and the refused attempts were never given back, locking the address out;
 * (c) a user with two-factor, whose client first sends the password without the code, used up their own budget
 * by signing in normally; (d) the one-time code of a single sign-on could be guessed without limit. All with the
 * default budgets: 10 per account from one address, 50 per address, 30 per account from unknown addresses.
 */
const PASSWORD = 'Lockout-Pass-123';
/** Dozens of password hashes each, on cores shared with other test runs. */
const SLOW = 120_000;
const randomIp = () => `2001:db8:${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}::1`;

afterAll(async () => {
  await deleteRedisKeys(TEST_ENV.REDIS_KEY_PREFIX!);
});

describe.each([
  ['memory store', {}],
  ['Redis store', { RATE_LIMITER_STORE: 'redis', REDIS: TEST_REDIS_URL }],
])('login throttle without lock-outs (%s)', (_name, env: Record<string, string>) => {
  let t: TestApp;
  let users = 0;
  const { now, nextCode } = createTotpClock();

  beforeAll(async () => {
    t = await createTestApp({ ...env, ACCESS_TOKEN_TTL: TOTP_CLOCK_TOKEN_TTL }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const newUser = async () => {
    users++;
    const email = `lockout-${users}-${randomBytes(4).toString('hex')}@example.com`;
    const created = await t.request('POST', '/users', { token: t.adminToken, body: { email, password: PASSWORD, status: 'active' } });
    expect(created.statusCode).toBe(200);
    return { email, id: String(dataOf<{ id: string }>(created).id) };
  };
  const login = (email: string, password: string, ip: string, otp?: string): Promise<LightMyRequestResponse> =>
    t.app.server.inject({ method: 'POST', url: '/auth/login', remoteAddress: ip, payload: { email, password, ...(otp ? { otp } : {}) } });

  it(
    '(a) wrong passwords from many other addresses do not lock the owner out of an address they signed in from',
    async () => {
      const owner = await newUser();
      const home = randomIp();
      expect((await login(owner.email, PASSWORD, home)).statusCode).toBe(200);
      // 35 guesses from 35 addresses: more than the account-wide budget of 30.
      for (let i = 0; i < 35; i++) {
        const answer = await login(owner.email, 'wrong-guess', randomIp());
        expect([401, 429]).toContain(answer.statusCode);
      }
      expect((await login(owner.email, PASSWORD, home)).statusCode).toBe(200);
      // From an address the account never signed in from, the guesses are held off (the attacker's case too).
      expectError(await login(owner.email, PASSWORD, randomIp()), 429, 'REQUESTS_EXCEEDED');
    },
    SLOW,
  );

  it(
    '(b) twenty people signing in at once from one address all get in, and the address stays open',
    async () => {
      const office = randomIp();
      const staff = await Promise.all(Array.from({ length: 20 }, () => newUser()));
      const answers = await Promise.all(staff.map((u) => login(u.email, PASSWORD, office)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const again = await Promise.all(staff.map((u) => login(u.email, PASSWORD, office)));
      expect(again.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    },
    SLOW,
  );

  it(
    '(c) the password sent first without the two-factor code does not count as a failed login',
    async () => {
      const user = await newUser();
      const token = dataOf<{ access_token: string }>(await login(user.email, PASSWORD, randomIp())).access_token;
      const generated = dataOf<{ secret: string }>(
        await t.request('POST', '/users/me/tfa/generate', { token, body: { password: PASSWORD } }),
      );
      expect(
        (await t.request('POST', '/users/me/tfa/enable', { token, body: { secret: generated.secret, otp: nextCode(generated.secret) } }))
          .statusCode,
      ).toBe(200);
      const laptop = randomIp();
      // Twelve sign-ins the way the admin app does them: the password alone (401 INVALID_OTP), then with the code.
      for (let i = 0; i < 12; i++) {
        expectError(await login(user.email, PASSWORD, laptop), 401, 'INVALID_OTP');
        expect((await login(user.email, PASSWORD, laptop, nextCode(generated.secret))).statusCode).toBe(200);
      }
      // A wrong code is a guess: ten of them hold this account off from this address.
      for (let i = 0; i < 10; i++) expectError(await login(user.email, PASSWORD, laptop, '000000'), 401, 'INVALID_OTP');
      expectError(await login(user.email, PASSWORD, laptop, nextCode(generated.secret)), 429, 'REQUESTS_EXCEEDED');
    },
    SLOW,
  );
});
