import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { capYoungGeneration, type YoungGenerationHooks } from './cap-young-generation.js';

const MB = 1024 * 1024;

/** Hooks over a pretend young generation: its size is set by the test, each collection is fired by it. */
function fakeV8(initialMb: number) {
  const state = { size: initialMb * MB, factors: [] as number[], watching: false, gc: () => {} };
  const hooks: YoungGenerationHooks = {
    size: () => state.size,
    setGrowthFactor: (factor) => state.factors.push(factor),
    watch(onGc) {
      state.watching = true;
      state.gc = onGc;
      return () => (state.watching = false);
    },
  };
  const collect = (sizeMb: number) => {
    state.size = sizeMb * MB;
    state.gc();
  };
  return { state, hooks, collect };
}

describe('capYoungGeneration', () => {
  it('lets V8 double the young generation while the double fits the limit, then holds it there', () => {
    const v8 = fakeV8(2);
    capYoungGeneration(16 * MB, v8.hooks);
    expect(v8.state.factors).toEqual([2]);
    v8.collect(4);
    v8.collect(8);
    expect(v8.state.factors).toEqual([2]);
    v8.collect(16);
    expect(v8.state.factors).toEqual([2, 1]);
    v8.collect(16);
    expect(v8.state.factors).toEqual([2, 1]);
  });

  it('lets it grow back to the limit after V8 shrank it in a quiet spell', () => {
    const v8 = fakeV8(16);
    capYoungGeneration(16 * MB, v8.hooks);
    expect(v8.state.factors).toEqual([1]);
    v8.collect(2);
    expect(v8.state.factors).toEqual([1, 2]);
    v8.collect(16);
    expect(v8.state.factors).toEqual([1, 2, 1]);
  });

  it('treats a limit between two sizes as a maximum: it stops below it', () => {
    const v8 = fakeV8(8);
    capYoungGeneration(10 * MB, v8.hooks);
    expect(v8.state.factors).toEqual([1]);
  });

  it('stops watching and gives V8 its default growth back when stopped', () => {
    const v8 = fakeV8(16);
    const stop = capYoungGeneration(16 * MB, v8.hooks);
    stop();
    expect(v8.state.watching).toBe(false);
    expect(v8.state.factors).toEqual([1, 2]);
  });

  it("keeps a real V8's young generation at the limit under an allocation load that grows it to 32 MB without the cap", () => {
    // Objects that survive a scavenge or two, allocated in small slices with turns of the event loop between them,
    // as requests are: V8 grows the young generation while they survive. (The cap hears of a collection on a later
    // turn: one long synchronous run of allocations could grow it twice before that, see decision 0034.)
    const script = `
      import { getHeapSpaceStatistics } from 'node:v8';
      import { capYoungGeneration } from './src/cap-young-generation.ts';
      const limit = Number(process.argv[1]);
      if (limit > 0) capYoungGeneration(limit * 1024 * 1024);
      const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
      let largest = 0;
      let kept = [];
      for (let slice = 0; slice < 3000; slice++) {
        for (let i = 0; i < 1000; i++) {
          kept.push({ n: i, text: 'item ' + i, list: [i, i + 1] });
          if (kept.length > 60000) kept = [];
        }
        largest = Math.max(largest, newSpace());
        await new Promise((resolve) => setImmediate(resolve));
      }
      console.log(Math.round(largest / 1048576));
    `;
    const run = (limitMb: number) => {
      const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, String(limitMb)], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status, result.stderr).toBe(0);
      return Number(result.stdout.trim());
    };
    expect(run(0)).toBe(32);
    expect(run(8)).toBeLessThanOrEqual(8);
  });
});
