/** A fixed window of one counter: how many hits it holds and when (ms since the epoch) it ends. */
export type CounterWindow = { count: number; resetAt: number };

/**
 * Fixed-window counters shared by the request rate limiter and the login throttle. A window starts with the
 * first hit on a key and lasts `durationMs`; when it has ended, the key starts over. Time comes from the
 * store's clock (`now`), so tests move a fake clock instead of sleeping. Implementations: memory (one
 * process) and Redis (several instances share the counts).
 */
export interface CounterStore {
  /**
   * Adds one hit to the key's live window (starting a window of `durationMs` when there is none). With
   * `requireShared`, a shared store that can't be reached throws 503 instead of counting in this process.
   */
  increment(key: string, durationMs: number, options?: { requireShared?: boolean }): Promise<CounterWindow>;
  /** Takes one hit back from a live window (a counted attempt that turned out not to count). */
  decrement(key: string): Promise<void>;
  /** The key's live window, or null when it has none. */
  peek(key: string): Promise<CounterWindow | null>;
  /** Forgets the key's window. */
  reset(key: string): Promise<void>;
  /** Resolves when the store can be reached (health checks); throws otherwise. */
  ping(): Promise<void>;
  /** The store's clock, in milliseconds since the epoch. */
  now(): number;
  /** Releases the store's resources (the Redis connection). */
  close(): Promise<void>;
}
