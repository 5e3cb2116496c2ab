import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../../support/redis-test-prefix.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';

/** /server/health of a real instance: the database, its migrations, and Redis where it is configured. */
describe('GET /server/health', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });
  const health = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    apps.push(t);
    const res = await t.app.server.inject({ url: '/server/health' });
    return { status: res.statusCode, body: res.json() };
  };

  it('is ok with the database migrated and no Redis configured', async () => {
    expect(await health({})).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', migrations: 'ok' } } });
  });

  it('checks Redis when the counters live there', async () => {
    expect(await health({ RATE_LIMITER_STORE: 'redis', REDIS: TEST_REDIS_URL })).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } },
    });
  });

  it('checks Redis when realtime shares writes through it (REDIS set, counters in memory), and warns when it is down', async () => {
    expect(await health({ REDIS: TEST_REDIS_URL })).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } },
    });
    expect((await health({ REDIS: 'redis://127.0.0.1:1' })).body).toEqual({
      status: 'warn',
      checks: { database: 'ok', migrations: 'ok', redis: 'error' },
    });
  });

  it('warns, within a short timeout, when that Redis does not answer', async () => {
    // Port 1: nothing listens there. (The login throttle is off: it fails closed without Redis, and the test
    // app signs its administrator in.)
    expect(await health({ RATE_LIMITER_STORE: 'redis', REDIS: 'redis://127.0.0.1:1', RATE_LIMITER_LOGIN_ENABLED: 'false' })).toEqual({
      status: 200,
      body: { status: 'warn', checks: { database: 'ok', migrations: 'ok', redis: 'error' } },
    });
  });
});
