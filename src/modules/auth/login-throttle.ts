import { createHash } from 'node:crypto';
import type { Config } from '../../config/index.js';
import type { CounterStore, CounterWindow } from '../../engine/rate-limit/create-counter-store.js';
import { requestsExceeded } from '../../kernel/errors/index.js';

/** Errors that mean "a wrong guess": they use up an attempt; anything else gives it back. */
const FAILED_LOGIN_CODES = new Set(['INVALID_CREDENTIALS', 'INVALID_OTP']);

/** How long an address where an account signed in stays known to it (from its latest sign-in there). */
export const KNOWN_ADDRESS_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type ThrottledAttempt = {
  /**
   * The attempt proved who the user is: it gives back what it counted, the account's count from this IP starts
   * over, and the IP becomes known to the account (exempt from the account-wide budget).
   */
  succeeded(): Promise<void>;
  /**
   * The attempt ended with `error`: a wrong guess (INVALID_CREDENTIALS, INVALID_OTP) keeps its count; any other
   * failure, or `null` (e.g. the right password sent without the second factor it needs), gives it back.
   */
  failed(error: unknown): Promise<void>;
};

export type Throttle = {
  /**
   * Counts an attempt (atomically, so parallel attempts cannot slip past the check) against three budgets in
   * windows of `duration`: the account from this IP (`points`), the IP over all accounts (`ipPoints`), and,
   * unless the account signed in from this IP before, the account from everywhere (`accountPoints`). Throws 429
   * REQUESTS_EXCEEDED once one is used up, before any password is looked at, and then counts nothing.
   */
  begin(account: string, ip: string | null): Promise<ThrottledAttempt>;
  /**
   * Forgets the account's counts from everywhere and from `ip` (its owner proved who they are another way there,
   * e.g. a password reset).
   */
  clear(account: string, ip?: string | null): Promise<void>;
};

const NO_OP: ThrottledAttempt = { succeeded: async () => undefined, failed: async () => undefined };

type Budget = { key: string; points: number };

/**
 * The failed-login throttle (`RATE_LIMITER_LOGIN_*`, decision 0043) over the shared counter store, or another
 * throttle with the same budgets under its own `scope` (password requests). Accounts are stored hashed.
 */
export function createThrottle(options: { store: CounterStore; config: Config['rateLimiter']['login']; scope: string }): Throttle {
  const { store, config, scope } = options;
  const durationMs = config.duration * 1000;
  const accountOf = (account: string) => createHash('sha256').update(account.trim().toLowerCase()).digest('base64url');
  const accountKey = (hash: string) => `${scope}:account:${hash}`;
  const accountIpKey = (hash: string, ip: string | null) => `${scope}:account-ip:${hash}:${ip ?? '-'}`;
  const ipKey = (ip: string) => `${scope}:ip:${ip}`;
  const knownKey = (hash: string, ip: string) => `${scope}:known:${hash}:${ip}`;

  const giveBack = (budgets: Budget[]) => Promise.all(budgets.map((b) => store.decrement(b.key)));

  return {
    async begin(account, ip) {
      if (!config.enabled) return NO_OP;
      const hash = accountOf(account);
      const known = ip !== null && (await store.peek(knownKey(hash, ip))) !== null;
      const budgets: Budget[] = [
        { key: accountIpKey(hash, ip), points: config.points },
        ...(ip !== null ? [{ key: ipKey(ip), points: config.ipPoints }] : []),
        ...(known ? [] : [{ key: accountKey(hash), points: config.accountPoints }]),
      ];
      const windows = await Promise.all(budgets.map((b) => store.increment(b.key, durationMs)));
      const exhausted = budgets.map((b, i) => ({ ...b, window: windows[i]! })).filter((b) => b.window.count > b.points);
      if (exhausted.length > 0) {
        // A refused attempt tested nothing: it counts nowhere (a burst of them cannot lock anybody out).
        await giveBack(budgets);
        throw exceeded(exhausted, store.now());
      }
      return {
        async succeeded() {
          await giveBack(budgets.slice(1));
          await store.reset(budgets[0]!.key);
          if (ip !== null) {
            await store.reset(knownKey(hash, ip));
            await store.increment(knownKey(hash, ip), KNOWN_ADDRESS_TTL_MS);
          }
        },
        async failed(error) {
          if (typeof error === 'object' && error !== null && FAILED_LOGIN_CODES.has(String((error as { code?: unknown }).code))) return;
          await giveBack(budgets);
        },
      };
    },
    async clear(account, ip = null) {
      if (!config.enabled) return;
      const hash = accountOf(account);
      await Promise.all([store.reset(accountKey(hash)), store.reset(accountIpKey(hash, ip))]);
    },
  };
}

/** 429 with the latest end among the exhausted windows (the moment the caller may try again) and its budget. */
function exceeded(exhausted: (Budget & { window: CounterWindow })[], now: number) {
  const last = exhausted.reduce((a, b) => (b.window.resetAt > a.window.resetAt ? b : a));
  return requestsExceeded(last.points, new Date(last.window.resetAt), last.window.resetAt - now);
}
