import type { CounterStore, CounterWindow } from './counter-store.js';

/**
 * Counters in a Map of this process. Ended windows are dropped lazily: at most once per shortest window
 * seen, the whole Map is swept, so it holds the keys of about two windows.
 */
export function createMemoryCounterStore(options: { now?: () => number } = {}): CounterStore & { size(): number } {
  const now = options.now ?? Date.now;
  const windows = new Map<string, CounterWindow>();
  let sweepEvery = Number.POSITIVE_INFINITY;
  let nextSweep = Number.POSITIVE_INFINITY;

  const sweep = (at: number): void => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    nextSweep = at + sweepEvery;
  };
  const live = (key: string, at: number): CounterWindow | null => {
    const window = windows.get(key);
    return window !== undefined && window.resetAt > at ? window : null;
  };

  return {
    async increment(key, durationMs) {
      const at = now();
      if (durationMs < sweepEvery) {
        sweepEvery = durationMs;
        nextSweep = Math.min(nextSweep, at + durationMs);
      }
      if (at >= nextSweep) sweep(at);
      let window = live(key, at);
      if (window === null) {
        window = { count: 0, resetAt: at + durationMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { ...window };
    },
    async decrement(key) {
      const window = live(key, now());
      if (window !== null && window.count > 0) window.count -= 1;
    },
    async peek(key) {
      const window = live(key, now());
      return window === null ? null : { ...window };
    },
    async reset(key) {
      windows.delete(key);
    },
    ping: async () => undefined,
    now,
    async close() {
      windows.clear();
    },
    /** How many keys are held (ended windows included until the next sweep). */
    size: () => windows.size,
  };
}
