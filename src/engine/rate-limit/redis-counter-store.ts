import type { Redis as RedisClient } from 'ioredis';
import { serviceUnavailable } from '../../kernel/errors/index.js';
import type { Logger } from '../../kernel/logger.js';
import type { CounterStore, CounterWindow } from './counter-store.js';
import { createMemoryCounterStore } from './memory-counter-store.js';

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
  /** How long a connection attempt and a command may take before Redis counts as unreachable (ms). */
  timeoutMs?: number;
};

/**
 * Counters in Redis (`REDIS`), shared by every instance. When Redis can't be reached (decision 0019):
 * - the counters fall back to this process's memory at once (no request waits on a dead connection): the
 *   rate limits and the login throttle still hold, per instance, until Redis answers again;
 * - an increment that asks for `requireShared` (the one-time-code replay guard) fails closed instead, with
 *   503 SERVICE_UNAVAILABLE: a code claimed on one instance must not be accepted again on another;
 * - the outage and the recovery are each logged once; ioredis reconnects by itself in the background.
 * Counts taken in memory during an outage are not carried over to Redis.
 */
export async function createRedisCounterStore(options: RedisCounterStoreOptions): Promise<CounterStore> {
  // Loaded only when configured: most installations never need a Redis client.
  const { Redis } = await import('ioredis');
  const now = options.now ?? Date.now;
  const timeout = options.timeoutMs ?? 1_000;
  const KEY_PREFIX = `${options.keyPrefix}rate:`;
  const client: RedisClient = new Redis(options.url, {
    lazyConnect: true,
    connectTimeout: timeout,
    commandTimeout: timeout,
    maxRetriesPerRequest: 0,
    // A command while the connection is down fails at once (and falls back) rather than queueing.
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  const local = createMemoryCounterStore({ now });

  let down = false;
  const markDown = (error: unknown): void => {
    if (down) return;
    down = true;
    options.logger.warn(
      { err: error },
      'Redis is unreachable: counting in this process (the one-time-code check answers 503) until it is back',
    );
  };
  const markUp = (): void => {
    if (!down) return;
    down = false;
    options.logger.info('Redis is reachable again: counting in Redis');
  };
  // ioredis emits an error per failed reconnection attempt: only the first of an outage is logged.
  client.on('error', markDown);
  client.on('ready', markUp);

  // Connect now, waiting at most `timeout`: a server that starts with Redis down serves from memory.
  await client.connect().catch(markDown);

  const unavailable = (error: unknown) => serviceUnavailable('rate-limiter', "The rate limiter's Redis store can't be reached", error);
  /** Runs `work` on Redis when it is connected, else (or when it fails) `fallback` on the local store. */
  const route = async <T>(work: () => Promise<T>, fallback: () => Promise<T>, requireShared = false): Promise<T> => {
    if (client.status === 'ready') {
      try {
        return await work();
      } catch (error) {
        markDown(error);
        if (requireShared) throw unavailable(error);
        return fallback();
      }
    }
    markDown(new Error(`Redis connection is ${client.status}`));
    if (requireShared) throw unavailable(null);
    return fallback();
  };
  const asWindow = (value: unknown): CounterWindow => {
    const [count, resetAt] = value as [number | string, number | string];
    return { count: Number(count), resetAt: Number(resetAt) };
  };

  return {
    increment: (key, durationMs, incrementOptions) =>
      route(
        async () => asWindow(await client.eval(INCREMENT, 1, KEY_PREFIX + key, now(), Math.max(Math.ceil(durationMs), 1))),
        () => local.increment(key, durationMs),
        incrementOptions?.requireShared,
      ),
    decrement: (key) =>
      route(
        async () => {
          await client.eval(DECREMENT, 1, KEY_PREFIX + key, now());
        },
        () => local.decrement(key),
      ),
    peek: (key) =>
      route(
        async () => {
          const [count, resetAt] = await client.hmget(KEY_PREFIX + key, 'c', 'r');
          if (count === null || resetAt === null || Number(resetAt) <= now()) return null;
          return { count: Number(count), resetAt: Number(resetAt) };
        },
        () => local.peek(key),
      ),
    reset: (key) =>
      route(
        async () => {
          await client.del(KEY_PREFIX + key);
        },
        () => local.reset(key),
      ),
    async ping() {
      if (client.status !== 'ready') throw unavailable(null);
      try {
        await client.ping();
      } catch (error) {
        throw unavailable(error);
      }
    },
    now,
    async close() {
      await local.close();
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
