import type { Logger } from '../../kernel/logger.js';
import type { CounterStore } from './counter-store.js';
import { createMemoryCounterStore } from './memory-counter-store.js';
import { createRedisCounterStore } from './redis-counter-store.js';

export type { CounterStore, CounterWindow } from './counter-store.js';

/** The counter store `RATE_LIMITER_STORE` names: this process's memory, or Redis at `REDIS`. */
export async function createCounterStore(options: {
  kind: 'memory' | 'redis';
  redis: string | null;
  /** `REDIS_KEY_PREFIX`. */
  keyPrefix: string;
  logger: Logger;
  now?: () => number;
}): Promise<CounterStore> {
  if (options.kind === 'memory') return createMemoryCounterStore({ now: options.now });
  // loadConfig already refuses RATE_LIMITER_STORE=redis without REDIS; this guards direct callers.
  if (!options.redis) throw new Error('RATE_LIMITER_STORE=redis needs REDIS');
  return createRedisCounterStore({ url: options.redis, keyPrefix: options.keyPrefix, logger: options.logger, now: options.now });
}
