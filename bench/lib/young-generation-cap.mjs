// A preload (`node --import`) that holds V8's young generation at 16 MB the way round eight did after start-up
// (its src/cap-young-generation.ts, decision 0034, removed by decision 0053): `--semi-space-growth-factor` 2 while
// doubling stays within the limit, 1 after, checked after every collection. For measuring that setting against
// 0053's command-line flags (`npm run bench:gc -- --tree-args`, `npm run bench -- --node-args=--import=…`); the
// server itself no longer does this.
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

const LIMIT = Number(process.env.YOUNG_GENERATION_CAP_MB ?? 16) * 1024 * 1024;
let factor = null;
const check = () => {
  const size = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
  const next = size * 2 <= LIMIT ? 2 : 1;
  if (next === factor) return;
  factor = next;
  setFlagsFromString(`--semi-space-growth-factor=${next}`);
};
check();
new PerformanceObserver(check).observe({ entryTypes: ['gc'] });
