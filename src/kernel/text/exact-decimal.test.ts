import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal, roundDecimal, significantDigits } from './exact-decimal.js';

const text = (value: string | number, scale: number | null = null) => {
  const parsed = parseDecimal(value);
  return parsed && formatDecimal(scale === null ? parsed : roundDecimal(parsed, scale), scale);
};

describe('exact decimals', () => {
  it('parses text and numbers without a binary float in between', () => {
    expect(text('12345678901234567890.1234567891')).toBe('12345678901234567890.1234567891');
    expect(text('  -0012.5000 ')).toBe('-12.5');
    expect(text('1.5e-3')).toBe('0.0015');
    expect(text('12E+3')).toBe('12000');
    expect(text('.5')).toBe('0.5');
    expect(text('5.')).toBe('5');
    expect(text(-1e-10)).toBe('-0.0000000001');
    expect(text(1e21)).toBe('1000000000000000000000');
    expect(text('-0.000')).toBe('0');
  });

  it('refuses what is not a finite decimal', () => {
    for (const bad of ['', '.', '-', '1e', '12abc', '0x10', '1,5', 'Infinity', 'NaN', '1e1001', '1 2'])
      expect(parseDecimal(bad), bad).toBeNull();
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('rounds half away from zero to the column scale and formats as the database answers', () => {
    expect(text('2.345', 2)).toBe('2.35');
    expect(text('-2.345', 2)).toBe('-2.35');
    expect(text('2.344', 2)).toBe('2.34');
    expect(text('99.995', 2)).toBe('100.00');
    expect(text('0.004', 2)).toBe('0.00');
    expect(text('-0.004', 2)).toBe('0.00');
    expect(text('9.5', 0)).toBe('10');
    expect(text('12.5', 5)).toBe('12.50000');
  });

  it('counts significant digits', () => {
    expect(significantDigits(parseDecimal('0.00120')!)).toBe(2);
    expect(significantDigits(parseDecimal('1200')!)).toBe(4);
    expect(significantDigits(parseDecimal('12345678901234567890.1234567891')!)).toBe(30);
  });
});
