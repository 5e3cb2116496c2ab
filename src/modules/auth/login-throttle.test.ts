import { describe, expect, it } from 'vitest';
import { invalidCredentials, invalidOtp, isAppError, serviceUnavailable } from '../../kernel/errors/index.js';
import { createMemoryCounterStore } from '../../engine/rate-limit/memory-counter-store.js';
import { createThrottle } from './login-throttle.js';

function setup(config = { enabled: true, points: 2, duration: 60 }) {
  const clock = { at: 1_000_000 };
  const store = createMemoryCounterStore({ now: () => clock.at });
  return { clock, store, throttle: createThrottle({ store, config, scope: 'login' }) };
}

async function attempt(throttle: ReturnType<typeof setup>['throttle'], email: string, ip: string | null, outcome: 'fail' | 'ok' | 'error') {
  const a = await throttle.begin(email, ip);
  if (outcome === 'ok') await a.succeeded();
  else await a.failed(outcome === 'fail' ? invalidCredentials() : serviceUnavailable('db', 'down'));
}

async function blocked(work: Promise<unknown>) {
  try {
    await work;
    return null;
  } catch (error) {
    return isAppError(error) ? { code: error.code, extensions: error.extensions, headers: error.headers } : error;
  }
}

describe('createThrottle', () => {
  it('refuses the address once its failures are used up, with Retry-After and {limit, reset}', async () => {
    const { throttle, clock } = setup();
    await attempt(throttle, 'ada@example.com', '10.0.0.1', 'fail');
    clock.at += 10_000;
    await attempt(throttle, 'ADA@example.com ', '10.0.0.2', 'fail');
    expect(await blocked(throttle.begin('ada@example.com', '10.0.0.3'))).toEqual({
      code: 'REQUESTS_EXCEEDED',
      extensions: { limit: 2, reset: new Date(1_060_000).toISOString() },
      headers: { 'Retry-After': '50' },
    });
    expect(await blocked(throttle.begin('bob@example.com', '10.0.0.3'))).toBeNull();
  });

  it('refuses the IP once its failures are used up, whatever the address', async () => {
    const { throttle } = setup();
    await attempt(throttle, 'a@example.com', '10.0.0.9', 'fail');
    await attempt(throttle, 'b@example.com', '10.0.0.9', 'fail');
    expect((await blocked(throttle.begin('c@example.com', '10.0.0.9')) as { code: string }).code).toBe('REQUESTS_EXCEEDED');
    expect(await blocked(throttle.begin('c@example.com', '10.0.0.10'))).toBeNull();
  });

  it('gives the points back when the window ends (no lock-out)', async () => {
    const { throttle, clock } = setup();
    await attempt(throttle, 'a@example.com', null, 'fail');
    await attempt(throttle, 'a@example.com', null, 'fail');
    expect(await blocked(throttle.begin('a@example.com', null))).not.toBeNull();
    clock.at += 60_000;
    expect(await blocked(throttle.begin('a@example.com', null))).toBeNull();
  });

  it('starts the address over after a success, but not the IP', async () => {
    const { throttle } = setup({ enabled: true, points: 2, duration: 60 });
    await attempt(throttle, 'a@example.com', '10.0.0.1', 'fail');
    await attempt(throttle, 'a@example.com', '10.0.0.2', 'ok');
    await attempt(throttle, 'a@example.com', '10.0.0.3', 'fail');
    expect(await blocked(throttle.begin('a@example.com', '10.0.0.4'))).toBeNull();
  });

  it('counts a wrong one-time password as a failure and gives back attempts that failed for other reasons', async () => {
    const { throttle, store } = setup();
    const a = await throttle.begin('a@example.com', '10.0.0.1');
    await a.failed(invalidOtp());
    await attempt(throttle, 'a@example.com', '10.0.0.1', 'error');
    expect((await store.peek('login:ip:10.0.0.1'))?.count).toBe(1);
  });

  it('counts attempts as they begin, so parallel attempts cannot slip past the limit', async () => {
    const { throttle } = setup();
    const results = await Promise.all(Array.from({ length: 5 }, () => blocked(throttle.begin('a@example.com', null))));
    expect(results.filter((r) => r === null)).toHaveLength(2);
  });

  it('does nothing when disabled', async () => {
    const { throttle } = setup({ enabled: false, points: 1, duration: 60 });
    for (let i = 0; i < 5; i++) await attempt(throttle, 'a@example.com', '10.0.0.1', 'fail');
    expect(await blocked(throttle.begin('a@example.com', '10.0.0.1'))).toBeNull();
  });

  it('forgets an address on clear (after a password reset)', async () => {
    const { throttle } = setup();
    await attempt(throttle, 'a@example.com', null, 'fail');
    await attempt(throttle, 'a@example.com', null, 'fail');
    await throttle.clear('A@example.com');
    expect(await blocked(throttle.begin('a@example.com', null))).toBeNull();
  });
});
