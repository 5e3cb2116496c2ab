import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigError, type Config } from '../../config/index.js';
import { requestsExceeded } from '../../kernel/errors/index.js';

export type RateLimitOptions = {
  config: Config['rateLimiter'];
  /** The key a request is counted under (the client IP). */
  keyOf: (request: FastifyRequest) => string;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
};

type Window = { count: number; resetAt: number };

/**
 * Per-IP fixed-window limiter kept in memory (RATE_LIMITER_POINTS requests per RATE_LIMITER_DURATION seconds).
 * Every route counts, /server/ping included, successful or not (Directus). Over the limit: 429 REQUESTS_EXCEEDED
 * with `Retry-After` in seconds and extensions `{limit, reset}`.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (server: FastifyInstance, options: RateLimitOptions) => {
    const { config, keyOf } = options;
    if (config.store === 'redis') {
      // TODO: a Redis-backed store shared by several instances.
      throw new ConfigError(['RATE_LIMITER_STORE=redis is not supported yet; use RATE_LIMITER_STORE=memory']);
    }
    const limiter = createFixedWindowLimiter({ points: config.points, durationMs: config.duration * 1000, now: options.now });

    server.addHook('onRequest', async (request, reply) => {
      const result = limiter.hit(keyOf(request));
      if (result.allowed) return;
      const retryAfterMs = Math.max(result.resetAt - limiter.now(), 0);
      reply.header('Retry-After', String(Math.max(Math.ceil(retryAfterMs / 1000), 1)));
      throw requestsExceeded(config.points, new Date(result.resetAt), retryAfterMs);
    });
  },
  { name: 'stratum-rate-limit', fastify: '5.x' },
);

export type FixedWindowLimiter = {
  hit(key: string): { allowed: boolean; remaining: number; resetAt: number };
  now(): number;
  size(): number;
};

/** A fixed-window counter per key in a Map; expired windows are dropped lazily. */
export function createFixedWindowLimiter(options: { points: number; durationMs: number; now?: () => number }): FixedWindowLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  let nextSweep = now() + options.durationMs;

  const sweep = (at: number): void => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    nextSweep = at + options.durationMs;
  };

  return {
    hit(key) {
      const at = now();
      if (at >= nextSweep) sweep(at); // at most once per window: the Map holds the clients of about two windows
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= at) {
        window = { count: 0, resetAt: at + options.durationMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= options.points, remaining: Math.max(options.points - window.count, 0), resetAt: window.resetAt };
    },
    now,
    size: () => windows.size,
  };
}
