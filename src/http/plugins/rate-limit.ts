import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import { createCounterStore, type CounterStore } from '../../engine/rate-limit/create-counter-store.js';
import { requestsExceeded } from '../../kernel/errors/index.js';
import type { Logger } from '../../kernel/logger.js';

export type RateLimitOptions = {
  config: Config['rateLimiter'];
  /** The key a request is counted under (the client IP). */
  keyOf: (request: FastifyRequest) => string;
  /** Where the counters live (shared with the login throttle). Without one the plugin makes its own from
   *  `config.store` and `redis` (`REDIS`, `REDIS_KEY_PREFIX`), and closes it with the server. */
  store?: CounterStore;
  redis?: { url: string | null; keyPrefix: string };
  /** Milliseconds since the epoch, for a store of the plugin's own; tests pass a fake clock. */
  now?: () => number;
};

/**
 * Per-IP fixed-window limiter (RATE_LIMITER_POINTS requests per RATE_LIMITER_DURATION seconds) over a counter
 * store: memory, or Redis so that several instances share the counts (RATE_LIMITER_STORE). Every route counts,
 * /server/ping included, successful or not (Directus). Over the limit: 429 REQUESTS_EXCEEDED with `Retry-After`
 * in seconds and extensions `{limit, reset}`; an unreachable Redis answers 503 SERVICE_UNAVAILABLE.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (server: FastifyInstance, options: RateLimitOptions) => {
    const { config, keyOf } = options;
    let store = options.store;
    if (!store) {
      const own = await createCounterStore({
        kind: config.store,
        redis: options.redis?.url ?? null,
        keyPrefix: options.redis?.keyPrefix ?? '',
        logger: server.log as unknown as Logger,
        now: options.now,
      });
      server.addHook('onClose', async () => own.close());
      store = own;
    }
    const counters = store;
    const durationMs = config.duration * 1000;

    server.addHook('onRequest', async (request) => {
      const window = await counters.increment(`ip:${keyOf(request)}`, durationMs);
      if (window.count <= config.points) return;
      throw requestsExceeded(config.points, new Date(window.resetAt), window.resetAt - counters.now());
    });
  },
  { name: 'stratum-rate-limit', fastify: '5.x' },
);
