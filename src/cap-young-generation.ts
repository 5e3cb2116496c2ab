import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** What the cap reads and sets; the defaults are V8's own (tests pass their own). */
export type YoungGenerationHooks = {
  /** The young generation's committed size in bytes (V8's `new_space`, both semi-spaces). */
  size(): number;
  /** V8's `--semi-space-growth-factor`: 2 (V8's default) lets it double, 1 keeps it as it is. */
  setGrowthFactor(factor: 1 | 2): void;
  /** Calls `onGc` after garbage collections (V8 may resize the young generation after any); returns a stop function. */
  watch(onGc: () => void): () => void;
};

const v8Hooks: YoungGenerationHooks = {
  size: () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0,
  setGrowthFactor: (factor) => setFlagsFromString(`--semi-space-growth-factor=${factor}`),
  watch(onGc) {
    const observer = new PerformanceObserver(() => onGc());
    observer.observe({ entryTypes: ['gc'] });
    return () => observer.disconnect();
  },
};

/**
 * Keeps V8's young generation at or below `limitBytes` (decision 0034). V8 doubles it while many objects survive
 * a scavenge, up to 32 MB on a 64-bit machine, and keeps it at that size through a burst of requests. Its maximum
 * (`--max-semi-space-size`) can only be set on the command line, but the growth factor is read each time it
 * grows: after every collection (V8 resizes the young generation in a collection's epilogue) the cap lets it double (factor 2) while doubling stays within
 * the limit, and holds it (factor 1) otherwise. When V8 shrinks it again after a quiet spell, it may grow back up
 * to the limit. Returns a function that stops watching and gives V8 its default back.
 */
export function capYoungGeneration(limitBytes: number, hooks: YoungGenerationHooks = v8Hooks): () => void {
  let factor: 1 | 2 | null = null;
  const check = (): void => {
    const next = hooks.size() * 2 <= limitBytes ? 2 : 1;
    if (next === factor) return;
    factor = next;
    hooks.setGrowthFactor(next);
  };
  check();
  const stop = hooks.watch(check);
  return () => {
    stop();
    if (factor !== 2) hooks.setGrowthFactor(2);
  };
}
