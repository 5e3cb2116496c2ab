import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.js';
import { buildTestServer } from '../build-test-server.js';
import { createFixedWindowLimiter } from './rate-limit.js';

let server: FastifyInstance | undefined;
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

  it('refuses to start with the redis store, with a clear configuration error', async () => {
    server = buildTestServer({ env: { RATE_LIMITER_ENABLED: 'true', RATE_LIMITER_STORE: 'redis' } }).server;
    await expect(server.ready()).rejects.toThrow(/RATE_LIMITER_STORE=redis is not supported/);
  });

  it('the config keeps its defaults', () => {
    expect(loadConfig({}, { readDotEnv: false }).rateLimiter).toEqual({ enabled: false, points: 50, duration: 1, store: 'memory', login: { enabled: true, points: 10, duration: 900 } });
  });
});

describe('createFixedWindowLimiter', () => {
  it('restores the points when the window ends and forgets expired windows', () => {
    let now = 1_000;
    const limiter = createFixedWindowLimiter({ points: 2, durationMs: 1_000, now: () => now });
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0, resetAt: 2_000 });
    expect(limiter.hit('a').allowed).toBe(false);
    limiter.hit('b');
    expect(limiter.size()).toBe(2);
    now = 2_000;
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 1, resetAt: 3_000 });
    expect(limiter.size()).toBe(1);
  });
});
