import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/index.js';
import { createMemoryCounterStore } from '../../engine/rate-limit/memory-counter-store.js';
import { freePort } from '../../../tests/support/own-redis-server.js';
import { createRedisTestPrefix, deleteRedisKeys, TEST_REDIS_URL } from '../../../tests/support/redis-test-prefix.js';
import { buildTestServer } from '../../../tests/support/build-test-server.js';
import { errorHandlerPlugin } from './error-handler.js';
import { rateLimitPlugin } from './rate-limit.js';

let server: FastifyInstance | undefined;
const keyPrefix = createRedisTestPrefix();
afterAll(async () => {
  await deleteRedisKeys(keyPrefix);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('rateLimitPlugin', () => {
  it('answers 429 REQUESTS_EXCEEDED with Retry-After once the points are used', async () => {
    server = buildTestServer({ env: { RATE_LIMITER_ENABLED: 'true', RATE_LIMITER_POINTS: '2', RATE_LIMITER_DURATION: '30' } }).server;
    expect((await server.inject('/server/ping')).statusCode).toBe(200);
    expect((await server.inject('/test/data')).statusCode).toBe(200);
    const res = await server.inject('/test/data');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
    const error = res.json().errors[0];
    expect(error.message).toMatch(/^Too many requests, retry after \d+s\.$/);
    expect(Object.keys(error.extensions)).toEqual(['limit', 'reset', 'code']);
    expect(error.extensions.limit).toBe(2);
    expect(error.extensions.code).toBe('REQUESTS_EXCEEDED');
    expect(new Date(error.extensions.reset).getTime()).toBeGreaterThan(Date.now());
  });

  it('counts each client address separately', async () => {
    server = buildTestServer({ env: { RATE_LIMITER_ENABLED: 'true', RATE_LIMITER_POINTS: '1', RATE_LIMITER_DURATION: '30' } }).server;
    expect((await server.inject({ url: '/server/ping', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/server/ping', remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/server/ping', remoteAddress: '10.0.0.1' })).statusCode).toBe(429);
  });

  it('does not limit when RATE_LIMITER_ENABLED is false', async () => {
    server = buildTestServer({ env: { RATE_LIMITER_POINTS: '1' } }).server;
    for (let i = 0; i < 5; i++) expect((await server.inject('/server/ping')).statusCode).toBe(200);
  });

  it('restores the points when the window ends (fake clock)', async () => {
    let now = 1_000_000;
    const config = loadConfig(
      { RATE_LIMITER_ENABLED: 'true', RATE_LIMITER_POINTS: '1', RATE_LIMITER_DURATION: '60' },
      { readDotEnv: false },
    ).rateLimiter;
    server = Fastify();
    await server.register(errorHandlerPlugin);
    await server.register(rateLimitPlugin, { config, keyOf: () => 'client', store: createMemoryCounterStore({ now: () => now }) });
    server.get('/x', async () => 'ok');
    expect((await server.inject('/x')).statusCode).toBe(200);
    now += 30_000;
    const limited = await server.inject('/x');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
    expect(limited.json().errors[0].extensions.reset).toBe(new Date(1_060_000).toISOString());
    now += 30_000;
    expect((await server.inject('/x')).statusCode).toBe(200);
  });

  it('shares its counts through Redis with RATE_LIMITER_STORE=redis (two servers, one budget)', async () => {
    // A fresh budget per run: the client address is unique, the counters live in the real Redis.
    const env = {
      RATE_LIMITER_ENABLED: 'true',
      RATE_LIMITER_POINTS: '2',
      RATE_LIMITER_DURATION: '30',
      RATE_LIMITER_STORE: 'redis',
      REDIS: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
    };
    const remoteAddress = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;
    const other = buildTestServer({ env }).server;
    server = buildTestServer({ env }).server;
    try {
      expect((await server.inject({ url: '/server/ping', remoteAddress })).statusCode).toBe(200);
      expect((await other.inject({ url: '/server/ping', remoteAddress })).statusCode).toBe(200);
      const limited = await server.inject({ url: '/server/ping', remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await other.inject({ url: '/server/ping', remoteAddress: `${remoteAddress}1` })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('keeps limiting, in this process, when the Redis store cannot be reached (decision 0019)', async () => {
    server = buildTestServer({
      env: {
        RATE_LIMITER_ENABLED: 'true',
        RATE_LIMITER_POINTS: '2',
        RATE_LIMITER_STORE: 'redis',
        REDIS: `redis://127.0.0.1:${await freePort()}`,
      },
    }).server;
    expect((await server.inject('/server/ping')).statusCode).toBe(200);
    expect((await server.inject('/server/ping')).statusCode).toBe(200);
    const limited = await server.inject('/server/ping');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].extensions.code).toBe('REQUESTS_EXCEEDED');
  });

  it('refuses RATE_LIMITER_STORE=redis without REDIS, with a clear configuration error', () => {
    expect(() => loadConfig({ RATE_LIMITER_STORE: 'redis' }, { readDotEnv: false })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMITER_STORE: 'redis' }, { readDotEnv: false })).toThrow(/RATE_LIMITER_STORE=redis needs REDIS/);
  });

  it('the config keeps its defaults', () => {
    expect(loadConfig({}, { readDotEnv: false }).rateLimiter).toEqual({
      enabled: false,
      points: 50,
      duration: 1,
      store: 'memory',
      login: { enabled: true, points: 10, ipPoints: 50, accountPoints: 30, duration: 900 },
      registration: { enabled: true, points: 5, duration: 60 },
    });
  });
});
