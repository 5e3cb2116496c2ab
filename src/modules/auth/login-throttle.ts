import { createHash } from 'node:crypto';
import type { Config } from '../../config/index.js';
import type { CounterStore, CounterWindow } from '../../engine/rate-limit/create-counter-store.js';
import { requestsExceeded } from '../../kernel/errors/index.js';

/** Errors that mean "a wrong guess": they use up an attempt; anything else gives it back. */
const FAILED_LOGIN_CODES = new Set(['INVALID_CREDENTIALS', 'INVALID_OTP']);

export type ThrottledAttempt = {
  /** The attempt proved who the user is: the address's count starts over; the IP gets its attempt back. */
  succeeded(): Promise<void>;
  /** The attempt ended with `error`: a wrong guess keeps its count, any other failure gives it back. */
  failed(error: unknown): Promise<void>;
};

export type Throttle = {
  /**
   * Counts an attempt for the e-mail address and for the IP, each in its own window (atomically, so parallel
   * attempts cannot slip past the check), and throws 429 REQUESTS_EXCEEDED once either has used up its points
   * (before any password is looked at). Points come back when the window ends: there is no lock-out.
   */
  begin(email: string, ip: string | null): Promise<ThrottledAttempt>;
  /** Forgets the address's count (its owner proved who they are another way, e.g. a password reset). */
  clear(email: string): Promise<void>;
};

const NO_OP: ThrottledAttempt = { succeeded: async () => undefined, failed: async () => undefined };

/**
 * The failed-login throttle (`RATE_LIMITER_LOGIN_*`) over the shared counter store, or another throttle with
 * the same budget under its own `scope` (password requests). Addresses are stored hashed.
 */
export function createThrottle(options: { store: CounterStore; config: Config['rateLimiter']['login']; scope: string }): Throttle {
  const { store, config, scope } = options;
  const durationMs = config.duration * 1000;
  const addressKey = (email: string) => `${scope}:email:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
  const ipKey = (ip: string) => `${scope}:ip:${ip}`;

  return {
    async begin(email, ip) {
      if (!config.enabled) return NO_OP;
      const keys = [addressKey(email), ...(ip ? [ipKey(ip)] : [])];
      const windows = await Promise.all(keys.map((key) => store.increment(key, durationMs)));
      const exhausted = windows.filter((w) => w.count > config.points);
      if (exhausted.length > 0) throw exceeded(exhausted, config.points, store.now());
      return {
        async succeeded() {
          await store.reset(keys[0]!);
          if (keys[1]) await store.decrement(keys[1]);
        },
        async failed(error) {
          if (typeof error === 'object' && error !== null && FAILED_LOGIN_CODES.has(String((error as { code?: unknown }).code))) return;
          await Promise.all(keys.map((key) => store.decrement(key)));
        },
      };
    },
    async clear(email) {
      if (config.enabled) await store.reset(addressKey(email));
    },
  };
}

/** 429 with the latest end among the exhausted windows (the moment the caller may try again). */
function exceeded(windows: CounterWindow[], points: number, now: number) {
  const resetAt = Math.max(...windows.map((w) => w.resetAt));
  return requestsExceeded(points, new Date(resetAt), resetAt - now);
}
