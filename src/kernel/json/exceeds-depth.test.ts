import { describe, expect, it } from 'vitest';
import { exceedsDepth } from './exceeds-depth.js';

describe('exceedsDepth', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(exceedsDepth(1, 0)).toBe(false);
    expect(exceedsDepth({}, 0)).toBe(true);
    expect(exceedsDepth({}, 1)).toBe(false);
    expect(exceedsDepth({ a: [1, { b: null }] }, 3)).toBe(false);
    expect(exceedsDepth({ a: [1, { b: {} }] }, 3)).toBe(true);
  });

  it('walks 200,000 levels without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown;
    expect(exceedsDepth(deep, 1000)).toBe(true);
    expect(exceedsDepth(deep, 200_000)).toBe(false);
  });
});
