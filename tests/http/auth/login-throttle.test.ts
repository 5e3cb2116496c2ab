import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisTestPrefix, deleteRedisKeys, TEST_REDIS_URL } from '../../support/redis-test-prefix.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { TEST_ENV } from '../../setup/test-config.js';

/** Failures per account from one IP, per IP over all accounts, per account from IPs it never signed in from. */
const POINTS = 3;
const IP_POINTS = 5;
const ACCOUNT_POINTS = 4;
const DURATION_S = 600;
const THROTTLE = {
  RATE_LIMITER_LOGIN_POINTS: String(POINTS),
  RATE_LIMITER_LOGIN_IP_POINTS: String(IP_POINTS),
  RATE_LIMITER_LOGIN_ACCOUNT_POINTS: String(ACCOUNT_POINTS),
  RATE_LIMITER_LOGIN_DURATION: String(DURATION_S),
};
const PASSWORD = 'Throttle-Pass-1';
const REDIS = { RATE_LIMITER_STORE: 'redis', REDIS: TEST_REDIS_URL };

afterAll(async () => {
  await deleteRedisKeys(TEST_ENV.REDIS_KEY_PREFIX!);
});

/** A random documentation-range address, so runs never share counters (Redis keeps them between runs). */
const randomIp = () => `2001:db8:${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}::1`;

function suite(name: string, env: Record<string, string>) {
  describe(name, () => {
    let t: TestApp;
    let offset = 0;
    let users = 0;
    beforeAll(async () => {
      t = await createTestApp({ ...THROTTLE, ...env }, { now: () => new Date(Date.now() + offset) });
    });
    afterAll(async () => {
      await t?.close();
    });

    const newUser = async () => {
      users += 1;
      const email = `throttle-${users}-${randomBytes(4).toString('hex')}@example.com`;
      const response = await t.request('POST', '/users', { token: t.adminToken, body: { email, password: PASSWORD, status: 'active' } });
      expect(response.statusCode).toBe(200);
      return email;
    };
    const login = (email: string, password: string, ip: string): Promise<LightMyRequestResponse> =>
      t.app.server.inject({ method: 'POST', url: '/auth/login', remoteAddress: ip, payload: { email, password } });
    const passwordRequest = (email: string, ip: string) =>
      t.app.server.inject({ method: 'POST', url: '/auth/password/request', remoteAddress: ip, payload: { email } });

    const expectThrottled = (response: LightMyRequestResponse, limit = POINTS) => {
      const error = expectError(response, 429, 'REQUESTS_EXCEEDED');
      expect(Object.keys(error.extensions)).toEqual(['limit', 'reset', 'code']);
      expect(error.extensions.limit).toBe(limit);
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(DURATION_S);
      expect(error.message).toBe(`Too many requests, retry after ${retryAfter}s.`);
      expect(new Date(String(error.extensions.reset)).getTime()).toBeGreaterThan(Date.now() + offset);
      return retryAfter;
    };

    it('throttles an account from one IP after its failed logins there, even with the right password, and only there', async () => {
      const email = await newUser();
      const ip = randomIp();
      for (let i = 0; i < POINTS; i++) expectError(await login(email, 'wrong', ip), 401, 'INVALID_CREDENTIALS');
      expectThrottled(await login(email, PASSWORD, ip));
      expectThrottled(await login(email.toUpperCase(), 'wrong', ip));
      // The same account from another IP, and another account from this IP, are not affected.
      expect((await login(email, PASSWORD, randomIp())).statusCode).toBe(200);
      expect((await login(await newUser(), PASSWORD, ip)).statusCode).toBe(200);
    });

    it('throttles an account from new IPs after failures spread over many IPs, but not from an IP where it signed in', async () => {
      const email = await newUser();
      const home = randomIp();
      expect((await login(email, PASSWORD, home)).statusCode).toBe(200);
      for (let i = 0; i < ACCOUNT_POINTS; i++) expectError(await login(email, 'wrong', randomIp()), 401, 'INVALID_CREDENTIALS');
      expectThrottled(await login(email, PASSWORD, randomIp()), ACCOUNT_POINTS);
      expect((await login(email, PASSWORD, home)).statusCode).toBe(200);
    });

    it('throttles an IP after failed logins on several accounts, and only that IP', async () => {
      const ip = randomIp();
      for (let i = 0; i < IP_POINTS; i++) expectError(await login(await newUser(), 'wrong', ip), 401, 'INVALID_CREDENTIALS');
      const email = await newUser();
      expectThrottled(await login(email, PASSWORD, ip), IP_POINTS);
      expect((await login(email, PASSWORD, randomIp())).statusCode).toBe(200);
    });

    it('lets the account in again when the window ends (no lock-out), with Retry-After telling when', async () => {
      const email = await newUser();
      const ip = randomIp();
      for (let i = 0; i < POINTS; i++) await login(email, 'wrong', ip);
      offset += 100_000;
      const retryAfter = expectThrottled(await login(email, PASSWORD, ip));
      // The window started with the first failure, 100 s (of the moved clock) and a few real seconds ago.
      expect(retryAfter).toBeLessThanOrEqual(DURATION_S - 100);
      expect(retryAfter).toBeGreaterThan(DURATION_S - 130);
      offset += retryAfter * 1000;
      expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
    });

    it('starts the account over from an IP after a successful login there', async () => {
      const email = await newUser();
      const ip = randomIp();
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < POINTS - 1; i++) expectError(await login(email, 'wrong', ip), 401, 'INVALID_CREDENTIALS');
        expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
      }
    });

    it('does not count successful logins against the IP or the account', async () => {
      const ip = randomIp();
      const email = await newUser();
      for (let i = 0; i < IP_POINTS + 2; i++) expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
    });

    it('throttles password requests per address and per IP, before looking the address up', async () => {
      const email = await newUser();
      for (let i = 0; i < ACCOUNT_POINTS; i++) expect((await passwordRequest(email, randomIp())).statusCode).toBe(204);
      expectThrottled(await passwordRequest(email, randomIp()), ACCOUNT_POINTS);

      const ip = randomIp();
      for (let i = 0; i < IP_POINTS; i++) expect((await passwordRequest(`nobody-${i}-${Date.now()}@example.com`, ip)).statusCode).toBe(204);
      expectThrottled(await passwordRequest(await newUser(), ip), IP_POINTS);
      // Logins keep their own budget.
      expect(dataOf(await login(email, PASSWORD, ip))).toHaveProperty('access_token');
    });
  });
}

suite('failed-login throttle (memory store)', {});
suite('failed-login throttle (Redis store)', REDIS);

describe('failed-login throttle shared through Redis', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const env = { ...THROTTLE, ...REDIS };
    [one, two] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('counts the failures of two instances together', async () => {
    const email = `shared-${randomBytes(6).toString('hex')}@example.com`;
    const login = (t: TestApp) =>
      t.app.server.inject({ method: 'POST', url: '/auth/login', remoteAddress: randomIp(), payload: { email, password: 'wrong' } });
    for (let i = 0; i < ACCOUNT_POINTS; i++) expectError(await login(i % 2 === 0 ? one : two), 401, 'INVALID_CREDENTIALS');
    expectError(await login(one), 429, 'REQUESTS_EXCEEDED');
    expectError(await login(two), 429, 'REQUESTS_EXCEEDED');
  });
});

describe('failed-login throttle and REDIS_KEY_PREFIX', () => {
  let throttled: TestApp | undefined;
  let fresh: TestApp | undefined;
  const otherPrefix = createRedisTestPrefix();
  afterAll(async () => {
    await Promise.all([throttled?.close(), fresh?.close()]);
    await deleteRedisKeys(otherPrefix);
  });

  it('counts under its own prefix: failures counted by another deployment in the same Redis do not throttle this one', async () => {
    // Both sign in as the administrator from the default address (127.0.0.1), as a local server's clients do.
    throttled = await createTestApp({ ...THROTTLE, ...REDIS, REDIS_KEY_PREFIX: otherPrefix });
    const attempt = (t: TestApp, password: string) =>
      t.app.server.inject({ method: 'POST', url: '/auth/login', payload: { email: 'admin@example.com', password } });
    for (let i = 0; i < POINTS; i++) expectError(await attempt(throttled, 'wrong'), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(throttled, 'AdminPass123!'), 429, 'REQUESTS_EXCEEDED');

    fresh = await createTestApp({ ...THROTTLE, ...REDIS });
    expect(dataOf(await attempt(fresh, 'AdminPass123!'))).toHaveProperty('access_token');
    expectError(await attempt(throttled, 'AdminPass123!'), 429, 'REQUESTS_EXCEEDED');
  });
});

describe('failed-login throttle switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...THROTTLE, RATE_LIMITER_LOGIN_ENABLED: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps answering 401 however many logins fail', async () => {
    for (let i = 0; i < POINTS + 3; i++)
      expectError(
        await t.request('POST', '/auth/login', { body: { email: 'admin@example.com', password: 'wrong' } }),
        401,
        'INVALID_CREDENTIALS',
      );
    expect((await t.request('POST', '/auth/login', { body: { email: 'admin@example.com', password: 'AdminPass123!' } })).statusCode).toBe(
      200,
    );
  });
});
