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
});
