import type { Config } from './load-config.js';

/**
 * The V8 flags the configuration asks for, as they go on node's command line, before the script (decisions 0031
 * and 0034). V8 reads both when it sets the heap up, so they are given when the process starts, never afterwards:
 * `npm start` and the image carry the defaults' flags, and `stratum start` relaunches itself with these when its
 * own command line does not carry them (src/cli/relaunch-with-v8-flags.ts).
 * - HEAP_GROWING_PERCENT → `--heap-growing-percent`;
 * - HEAP_YOUNG_GENERATION_MB → `--max-semi-space-size`, half of it: the young generation is two semi-spaces
 *   (an odd number of MB is rounded down, to at least 1 MB a semi-space), and `--no-allocation-site-pretenuring`:
 *   a young generation at its maximum is when V8 starts allocating the objects of sites whose objects often
 *   survive a scavenge straight into the old generation; under writes (knex's per-transaction objects) that filled
 *   the old generation eight times as fast and tripled the collector's time (decision 0190).
 * A setting of 0 adds no flag: V8 keeps its own choice.
 */
export function v8Flags(server: Pick<Config['server'], 'heapGrowingPercent' | 'heapYoungGenerationMb'>): string[] {
  const flags: string[] = [];
  if (server.heapGrowingPercent > 0) flags.push(`--heap-growing-percent=${server.heapGrowingPercent}`);
  if (server.heapYoungGenerationMb > 0) {
    flags.push(`--max-semi-space-size=${Math.max(1, Math.floor(server.heapYoungGenerationMb / 2))}`, '--no-allocation-site-pretenuring');
  }
  return flags;
}
