import { describe, expect, it } from 'vitest';
import { invalidCredentials, invalidOtp, isAppError, serviceUnavailable } from '../../kernel/errors/index.js';
import { createMemoryCounterStore } from '../../engine/rate-limit/memory-counter-store.js';
import { createThrottle, KNOWN_ADDRESS_TTL_MS } from './login-throttle.js';

const BUDGETS = { enabled: true, points: 2, ipPoints: 4, accountPoints: 3, duration: 60 };

function setup(config = BUDGETS) {
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
const code = async (work: Promise<unknown>) => ((await blocked(work)) as { code?: string } | null)?.code ?? null;

describe('createThrottle', () => {
  it('refuses an account from one IP once its failures there are used up, with Retry-After and {limit, reset}', async () => {
    const { throttle, clock } = setup();
    await attempt(throttle, 'ada@example.com', '10.0.0.1', 'fail');
    clock.at += 10_000;
    await attempt(throttle, 'ADA@example.com ', '10.0.0.1', 'fail');
    expect(await blocked(throttle.begin('ada@example.com', '10.0.0.1'))).toEqual({
      code: 'REQUESTS_EXCEEDED',
      extensions: { limit: 2, reset: new Date(1_060_000).toISOString() },
      headers: { 'Retry-After': '50' },
    });
    // Another account from that IP, and that account from another IP, go on.
    expect(await blocked(throttle.begin('bob@example.com', '10.0.0.1'))).toBeNull();
    expect(await blocked(throttle.begin('ada@example.com', '10.0.0.2'))).toBeNull();
  });

  it('refuses an IP once its failures over all accounts are used up', async () => {
    const { throttle } = setup();
    for (const who of ['a', 'b', 'c', 'd']) await attempt(throttle, `${who}@example.com`, '10.0.0.9', 'fail');
    expect(await blocked(throttle.begin('e@example.com', '10.0.0.9'))).toMatchObject({
      code: 'REQUESTS_EXCEEDED',
      extensions: { limit: 4 },
    });
    expect(await blocked(throttle.begin('e@example.com', '10.0.0.10'))).toBeNull();
  });

  it('refuses an account from new IPs once guesses spread over many IPs are used up, but not from an IP where it signed in', async () => {
    const { throttle } = setup();
    await attempt(throttle, 'owner@example.com', '192.0.2.1', 'ok');
    for (let i = 0; i < 3; i++) await attempt(throttle, 'owner@example.com', `10.1.0.${i}`, 'fail');
    expect(await blocked(throttle.begin('owner@example.com', '10.1.0.99'))).toMatchObject({
      code: 'REQUESTS_EXCEEDED',
      extensions: { limit: 3 },
    });
    // The owner, from their usual address, is not locked out by somebody else's guesses.
    expect(await blocked(throttle.begin('owner@example.com', '192.0.2.1'))).toBeNull();
  });

  it('forgets a known IP after 30 days without a sign-in there', async () => {
    const { throttle, clock } = setup();
    await attempt(throttle, 'owner@example.com', '192.0.2.1', 'ok');
    clock.at += KNOWN_ADDRESS_TTL_MS;
    for (let i = 0; i < 3; i++) await attempt(throttle, 'owner@example.com', `10.1.0.${i}`, 'fail');
    expect(await code(throttle.begin('owner@example.com', '192.0.2.1'))).toBe('REQUESTS_EXCEEDED');
  });

  it('never counts a correct login: many at once from one IP all pass and leave nothing behind', async () => {
    const { throttle, store } = setup();
    const attempts = await Promise.all(Array.from({ length: 4 }, (_, i) => throttle.begin(`user${i}@example.com`, '10.0.0.1')));
    await Promise.all(attempts.map((a) => a.succeeded()));
    expect((await store.peek('login:ip:10.0.0.1'))?.count ?? 0).toBe(0);
    for (let i = 0; i < 4; i++) await attempt(throttle, `user${i}@example.com`, '10.0.0.1', 'ok');
    expect(await blocked(throttle.begin('user9@example.com', '10.0.0.1'))).toBeNull();
  });

  it('counts nothing for a refused attempt: a burst beyond the budget does not lock the IP out', async () => {
    const { throttle, store } = setup();
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => throttle.begin(`u${i}@example.com`, '10.0.0.1')));
    const admitted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(admitted).toHaveLength(4);
    // Only the four admitted (in flight) are counted; once they end well the IP is free again.
    expect((await store.peek('login:ip:10.0.0.1'))?.count).toBe(4);
    await Promise.all(admitted.map((a) => a.succeeded()));
    expect((await store.peek('login:ip:10.0.0.1'))?.count).toBe(0);
    expect(await blocked(throttle.begin('u0@example.com', '10.0.0.1'))).toBeNull();
  });

  it('counts attempts as they begin, so parallel guesses cannot slip past the limit', async () => {
    const { throttle } = setup();
    const results = await Promise.all(Array.from({ length: 5 }, () => blocked(throttle.begin('a@example.com', '10.0.0.1'))));
    expect(results.filter((r) => r === null)).toHaveLength(2);
  });

  it('starts the account over from that IP after a success', async () => {
    const { throttle } = setup();
    await attempt(throttle, 'a@example.com', '10.0.0.1', 'fail');
    await attempt(throttle, 'a@example.com', '10.0.0.1', 'ok');
    await attempt(throttle, 'a@example.com', '10.0.0.1', 'fail');
    expect(await blocked(throttle.begin('a@example.com', '10.0.0.1'))).toBeNull();
  });

  it('counts a wrong one-time password, and gives back a missing one (null) and failures for other reasons', async () => {
    const { throttle, store } = setup();
    const wrong = await throttle.begin('a@example.com', '10.0.0.1');
    await wrong.failed(invalidOtp());
    const missing = await throttle.begin('a@example.com', '10.0.0.1');
    await missing.failed(null);
    await attempt(throttle, 'a@example.com', '10.0.0.1', 'error');
    expect((await store.peek('login:ip:10.0.0.1'))?.count).toBe(1);
  });

  it('gives the points back when the window ends (no lock-out)', async () => {
    const { throttle, clock } = setup();
    await attempt(throttle, 'a@example.com', null, 'fail');
    await attempt(throttle, 'a@example.com', null, 'fail');
    expect(await blocked(throttle.begin('a@example.com', null))).not.toBeNull();
    clock.at += 60_000;
    expect(await blocked(throttle.begin('a@example.com', null))).toBeNull();
  });

  it('does nothing when disabled', async () => {
    const { throttle } = setup({ ...BUDGETS, enabled: false, points: 1 });
    for (let i = 0; i < 5; i++) await attempt(throttle, 'a@example.com', '10.0.0.1', 'fail');
    expect(await blocked(throttle.begin('a@example.com', '10.0.0.1'))).toBeNull();
  });

  it('forgets the account from everywhere and from the IP on clear (after a password reset)', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 3; i++) await attempt(throttle, 'a@example.com', `10.2.0.${i}`, 'fail');
    expect(await code(throttle.begin('a@example.com', '10.2.0.0'))).toBe('REQUESTS_EXCEEDED');
    await throttle.clear('A@example.com', '10.2.0.0');
    expect(await blocked(throttle.begin('a@example.com', '10.2.0.0'))).toBeNull();
  });
});
