import { describe, expect, it } from 'vitest';
import { toNumberWhenSafe } from './to-number-when-safe.js';

describe('toNumberWhenSafe', () => {
  it.each([
    { input: '42', output: 42 },
    { input: '-7', output: -7 },
    { input: '12.50000', output: 12.5 },
    { input: '0.00100', output: 0.001 },
    { input: '9007199254740991', output: 9007199254740991 },
    { input: '9007199254740993', output: '9007199254740993' },
    { input: '12345678901234567.5', output: '12345678901234567.5' },
    { input: 10n, output: 10 },
    { input: 2n ** 64n, output: '18446744073709551616' },
    { input: 3.5, output: 3.5 },
    { input: 'abc', output: 'abc' },
    { input: null, output: null },
  ])('$input → $output', ({ input, output }) => {
    expect(toNumberWhenSafe(input)).toBe(output);
  });
});
