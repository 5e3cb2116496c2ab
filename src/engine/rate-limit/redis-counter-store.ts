import type { Redis as RedisClient } from 'ioredis';
import { serviceUnavailable } from '../../kernel/errors/index.js';
import type { Logger } from '../../kernel/logger.js';
import type { CounterStore, CounterWindow } from './counter-store.js';

/**
 * One hit, atomically: a hash `{c: count, r: resetAt}` per key. The window's end is decided by the caller's
 * clock (ARGV[1]), so every instance and a test's fake clock agree on it; Redis's own expiry only clears
 * the key away once the window is over.
 */
const INCREMENT = `
local now = tonumber(ARGV[1])
local duration = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r'))
if reset == nil or reset <= now then
  reset = now + duration
  redis.call('HSET', KEYS[1], 'c', 1, 'r', reset)
  redis.call('PEXPIRE', KEYS[1], duration)
  return {1, reset}
end
return {redis.call('HINCRBY', KEYS[1], 'c', 1), reset}
`;

/** Takes one hit back from a live window, never below zero. */
const DECREMENT = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'r'))
if reset ~= nil and reset > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'c')) > 0 then
  redis.call('HINCRBY', KEYS[1], 'c', -1)
end
return 0
`;

export type RedisCounterStoreOptions = {
  url: string;
  /** `REDIS_KEY_PREFIX`: the counters live under `<keyPrefix>rate:`. */
  keyPrefix: string;
  logger: Logger;
  now?: () => number;
};

/**
 * Counters in Redis (`REDIS`), shared by every instance. The connection opens with the first command; an
 * unreachable server fails the command within a few seconds with 503 SERVICE_UNAVAILABLE (as Directus does)
 * rather than letting requests through uncounted.
 */
export async function createRedisCounterStore(options: RedisCounterStoreOptions): Promise<CounterStore> {
  // Loaded only when configured: most installations never need a Redis client.
  const { Redis } = await import('ioredis');
  const now = options.now ?? Date.now;
  const KEY_PREFIX = `${options.keyPrefix}rate:`;
  const client: RedisClient = new Redis(options.url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
  });
  let lastLogged = 0;
  client.on('error', (error: Error) => {
    // A down server raises an error per reconnection attempt: one line every 30 s is enough.
    if (Date.now() - lastLogged < 30_000) return;
    lastLogged = Date.now();
    options.logger.warn({ err: error }, 'rate limiter: Redis connection failed');
  });

  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw serviceUnavailable('rate-limiter', "The rate limiter's Redis store can't be reached", error);
    }
  };
  const asWindow = (value: unknown): CounterWindow => {
    const [count, resetAt] = value as [number | string, number | string];
    return { count: Number(count), resetAt: Number(resetAt) };
  };

  return {
    increment: (key, durationMs) =>
      run(async () => asWindow(await client.eval(INCREMENT, 1, KEY_PREFIX + key, now(), Math.max(Math.ceil(durationMs), 1)))),
    decrement: (key) =>
      run(async () => {
        await client.eval(DECREMENT, 1, KEY_PREFIX + key, now());
      }),
    peek: (key) =>
      run(async () => {
        const [count, resetAt] = await client.hmget(KEY_PREFIX + key, 'c', 'r');
        if (count === null || resetAt === null || Number(resetAt) <= now()) return null;
        return { count: Number(count), resetAt: Number(resetAt) };
      }),
    reset: (key) =>
      run(async () => {
        await client.del(KEY_PREFIX + key);
      }),
    ping: () =>
      run(async () => {
        await client.ping();
      }),
    now,
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
