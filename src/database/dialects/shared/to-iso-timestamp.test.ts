import { describe, expect, it } from 'vitest';
import { toIsoTimestamp } from './to-iso-timestamp.js';

describe('toIsoTimestamp', () => {
  it('keeps canonical UTC text as it is and normalises the other forms', () => {
    expect(toIsoTimestamp('2026-11-22T03:26:03.536Z')).toBe('2026-11-22T03:26:03.536Z');
    expect(toIsoTimestamp('2026-11-22 03:26:03+01')).toBe('2026-11-22T02:26:03.000Z');
    expect(toIsoTimestamp('2026-11-22T03:26:03.536')).toBe('2026-11-22T03:26:03.536Z');
    expect(toIsoTimestamp(new Date(Date.UTC(2026, 10, 22)))).toBe('2026-11-22T00:00:00.000Z');
  });

  it('refuses impossible dates even in the canonical shape, and what is no date-time', () => {
    expect(toIsoTimestamp('2026-02-30T00:00:00.000Z')).toBeUndefined();
    expect(toIsoTimestamp('2026-11-22T25:00:00.000Z')).toBeUndefined();
    expect(toIsoTimestamp('03:26')).toBeUndefined();
    expect(toIsoTimestamp('yesterday')).toBeUndefined();
    expect(toIsoTimestamp(null)).toBeUndefined();
  });

  it('takes the fast path exactly for the canonical strings that name a real instant (leap years included)', () => {
    expect(toIsoTimestamp('2024-02-29T23:59:59.999Z')).toBe('2024-02-29T23:59:59.999Z');
    expect(toIsoTimestamp('2000-02-29T00:00:00.000Z')).toBe('2000-02-29T00:00:00.000Z');
    expect(toIsoTimestamp('1900-02-29T00:00:00.000Z')).toBeUndefined();
    expect(toIsoTimestamp('2023-02-29T00:00:00.000Z')).toBeUndefined();
    expect(toIsoTimestamp('2026-04-31T00:00:00.000Z')).toBeUndefined();
    expect(toIsoTimestamp('2026-13-01T00:00:00.000Z')).toBeUndefined();
    expect(toIsoTimestamp('2026-00-10T00:00:00.000Z')).toBeUndefined();
    expect(toIsoTimestamp('2026-01-00T00:00:00.000Z')).toBeUndefined();
    expect(toIsoTimestamp('2026-01-01T00:60:00.000Z')).toBeUndefined();
    for (const value of ['2026-12-31T23:59:59.000Z', '2026-01-01T00:00:00.000Z', '2026-11-22T03:26:03.536Z']) {
      expect(toIsoTimestamp(value)).toBe(new Date(Date.parse(value)).toISOString());
    }
  });
});
