import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';
import { v8Flags } from './v8-flags.js';

const flagsOf = (env: Record<string, string>) => v8Flags(loadConfig(env, { readDotEnv: false }).server);

describe('v8Flags', () => {
  it("gives the defaults' flags: the heap grows by 25 %, the young generation is two semi-spaces of 8 MB, no pretenuring", () => {
    expect(flagsOf({})).toEqual(['--heap-growing-percent=25', '--max-semi-space-size=8', '--no-allocation-site-pretenuring']);
  });

  it('follows HEAP_GROWING_PERCENT and HEAP_YOUNG_GENERATION_MB, an odd number of MB rounded down, at least 1 MB a semi-space', () => {
    expect(flagsOf({ HEAP_GROWING_PERCENT: '40', HEAP_YOUNG_GENERATION_MB: '9' })).toEqual([
      '--heap-growing-percent=40',
      '--max-semi-space-size=4',
      '--no-allocation-site-pretenuring',
    ]);
    expect(flagsOf({ HEAP_YOUNG_GENERATION_MB: '1' })).toEqual([
      '--heap-growing-percent=25',
      '--max-semi-space-size=1',
      '--no-allocation-site-pretenuring',
    ]);
    expect(flagsOf({ HEAP_YOUNG_GENERATION_MB: '0' })).toEqual(['--heap-growing-percent=25']);
  });

  it("adds no flag for a setting of 0 (V8's own choice)", () => {
    expect(flagsOf({ HEAP_GROWING_PERCENT: '0', HEAP_YOUNG_GENERATION_MB: '0' })).toEqual([]);
  });

  it('refuses a negative or non-numeric setting (the configuration does)', () => {
    expect(() => flagsOf({ HEAP_GROWING_PERCENT: '-5' })).toThrow(/HEAP_GROWING_PERCENT/);
    expect(() => flagsOf({ HEAP_YOUNG_GENERATION_MB: 'lots' })).toThrow(/HEAP_YOUNG_GENERATION_MB/);
  });
});
