import { describe, expect, it } from 'vitest';
import { toBoolean } from './to-boolean.js';

describe('toBoolean', () => {
  it('reads driver and client forms', () => {
    expect([true, 1, '1', 'true', 'TRUE', 1n].map(toBoolean)).toEqual([true, true, true, true, true, true]);
    expect([false, 0, '0', 'false', 0n].map(toBoolean)).toEqual([false, false, false, false, false]);
  });

  it('gives undefined for anything else', () => {
    expect([2, 'yes', null, undefined, {}].map(toBoolean)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
