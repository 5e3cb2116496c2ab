import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../kernel/errors/index.js';
import { freePort, ownRedisServer, type OwnRedisServer } from '../../../tests/support/own-redis-server.js';
import { createRedisTestPrefix, deleteRedisKeys, TEST_REDIS_URL } from '../../../tests/support/redis-test-prefix.js';
import { captureLogger } from '../../../tests/support/capture-logger.js';
import type { CounterStore } from './counter-store.js';
import { createCounterStore } from './create-counter-store.js';
import { createMemoryCounterStore } from './memory-counter-store.js';

const REDIS_URL = TEST_REDIS_URL;
const keyPrefix = createRedisTestPrefix();
const silent = pino({ level: 'silent' });

type Clock = { at: number };
const stores: CounterStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  await deleteRedisKeys(keyPrefix);
});

const kinds: { name: string; make: (clock: Clock) => Promise<CounterStore> }[] = [
  { name: 'memory', make: async (clock) => createMemoryCounterStore({ now: () => clock.at }) },
  {
    name: 'redis',
    make: async (clock) => createCounterStore({ kind: 'redis', redis: REDIS_URL, keyPrefix, logger: silent, now: () => clock.at }),
  },
];

describe.each(kinds)('$name counter store', ({ make }) => {
  const setup = async () => {
    const clock = { at: Date.now() };
    const store = await make(clock);
    stores.push(store);
    return { clock, store, key: `test:${randomUUID()}` };
  };

  it('counts hits in a window that starts with the first hit', async () => {
    const { clock, store, key } = await setup();
    const start = clock.at;
    expect(await store.peek(key)).toBeNull();
    expect(await store.increment(key, 60_000)).toEqual({ count: 1, resetAt: start + 60_000 });
    clock.at += 1_000;
    expect(await store.increment(key, 60_000)).toEqual({ count: 2, resetAt: start + 60_000 });
    expect(await store.peek(key)).toEqual({ count: 2, resetAt: start + 60_000 });
  });

  it('starts over once the window has ended (by the store clock, without sleeping)', async () => {
    const { clock, store, key } = await setup();
    await store.increment(key, 60_000);
    await store.increment(key, 60_000);
    clock.at += 60_000;
    expect(await store.peek(key)).toBeNull();
    expect(await store.increment(key, 60_000)).toEqual({ count: 1, resetAt: clock.at + 60_000 });
  });

  it('takes a hit back, never below zero, and forgets a key on reset', async () => {
    const { store, key } = await setup();
    await store.increment(key, 60_000);
    await store.increment(key, 60_000);
    await store.decrement(key);
    expect((await store.peek(key))?.count).toBe(1);
    await store.decrement(key);
    await store.decrement(key);
    expect((await store.peek(key))?.count).toBe(0);
    await store.reset(key);
    expect(await store.peek(key)).toBeNull();
    await store.decrement(key);
    expect(await store.peek(key)).toBeNull();
  });

  it('keeps keys apart', async () => {
    const { store, key } = await setup();
    await store.increment(`${key}:a`, 60_000);
    await store.increment(`${key}:a`, 60_000);
    expect((await store.increment(`${key}:b`, 60_000)).count).toBe(1);
  });

  it('counts concurrent hits exactly once each', async () => {
    const { store, key } = await setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => store.increment(key, 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_v, i) => i + 1));
  });
});

describe('memory counter store', () => {
  it('forgets ended windows', async () => {
    const clock = { at: 1_000 };
    const store = createMemoryCounterStore({ now: () => clock.at });
    await store.increment('a', 1_000);
    await store.increment('b', 1_000);
    expect(store.size()).toBe(2);
    clock.at = 2_000;
    await store.increment('a', 1_000);
    expect(store.size()).toBe(1);
  });
});

describe('redis counter store', () => {
  it('shares counts between two stores (two instances of the server)', async () => {
    const one = await createCounterStore({ kind: 'redis', redis: REDIS_URL, keyPrefix, logger: silent });
    const two = await createCounterStore({ kind: 'redis', redis: REDIS_URL, keyPrefix, logger: silent });
    stores.push(one, two);
    const key = `test:${randomUUID()}`;
    await one.increment(key, 60_000);
    expect((await two.increment(key, 60_000)).count).toBe(2);
  });

  it('keeps its counters under REDIS_KEY_PREFIX: stores with another prefix count apart', async () => {
    const otherPrefix = createRedisTestPrefix();
    const mine = await createCounterStore({ kind: 'redis', redis: REDIS_URL, keyPrefix, logger: silent });
    const other = await createCounterStore({ kind: 'redis', redis: REDIS_URL, keyPrefix: otherPrefix, logger: silent });
    stores.push(mine, other);
    const key = `test:${randomUUID()}`;
    for (let i = 0; i < 5; i++) await other.increment(key, 60_000);
    expect((await mine.increment(key, 60_000)).count).toBe(1);
    expect(await deleteRedisKeys(otherPrefix)).toBe(1);
    expect((await mine.peek(key))?.count).toBe(1);
  });

  it('counts in memory when Redis cannot be reached at start, and fails closed only where asked (requireShared)', async () => {
    const store = await createCounterStore({ kind: 'redis', redis: `redis://127.0.0.1:${await freePort()}`, keyPrefix, logger: silent });
    stores.push(store);
    expect((await store.increment('x', 60_000)).count).toBe(1);
    expect((await store.increment('x', 60_000)).count).toBe(2);
    expect((await store.peek('x'))?.count).toBe(2);
    const error = await store.increment('y', 1_000, { requireShared: true }).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
    expect(isAppError(error) && error.status).toBe(503);
    await expect(store.ping()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('redis counter store while its Redis goes down and comes back (a Redis of its own)', () => {
  let redis: OwnRedisServer;
  beforeAll(async () => {
    redis = await ownRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('falls back to memory at once, logs the outage and the recovery once each, and shares counts again after', async () => {
    const { logger, lines } = captureLogger();
    const one = await createCounterStore({ kind: 'redis', redis: redis.url, keyPrefix, logger });
    const two = await createCounterStore({ kind: 'redis', redis: redis.url, keyPrefix, logger: silent });
    stores.push(one, two);
    const key = `test:${randomUUID()}`;
    await one.increment(key, 60_000);
    expect((await two.increment(key, 60_000)).count).toBe(2);

    await redis.stop();
    const started = Date.now();
    // Every call answers (from this process's memory), none waits for the dead connection.
    for (let i = 1; i <= 5; i++) expect((await one.increment(key, 60_000)).count).toBe(i);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(one.increment(key, 60_000, { requireShared: true })).rejects.toMatchObject({ status: 503 });
    await expect(one.ping()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(lines.filter((line) => String(line.msg).startsWith('Redis is unreachable'))).toHaveLength(1);

    await redis.start();
    await expect
      .poll(
        async () =>
          one.ping().then(
            () => true,
            () => false,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    expect(lines.filter((line) => String(line.msg).startsWith('Redis is reachable again'))).toHaveLength(1);
    // Shared again: the restarted Redis is empty, and both stores count the same key together.
    const after = `test:${randomUUID()}`;
    await one.increment(after, 60_000);
    await expect.poll(async () => (await two.peek(after))?.count ?? 0, { timeout: 10_000, interval: 100 }).toBe(1);
    expect((await two.increment(after, 60_000)).count).toBe(2);
    expect((await one.increment(after, 60_000, { requireShared: true })).count).toBe(3);
  });
});
