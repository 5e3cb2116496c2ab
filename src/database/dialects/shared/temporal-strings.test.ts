import { describe, expect, it } from 'vitest';
import { toDateString } from './to-date-string.js';
import { toDateTimeString } from './to-date-time-string.js';
import { toIsoTimestamp } from './to-iso-timestamp.js';
import { toTimeString } from './to-time-string.js';

describe('toIsoTimestamp', () => {
  it('always gives UTC with milliseconds and Z', () => {
    expect(toIsoTimestamp('2026-11-22T03:26:03Z')).toBe('2026-11-22T03:26:03.000Z');
    expect(toIsoTimestamp(new Date(Date.UTC(2026, 10, 22)))).toBe('2026-11-22T00:00:00.000Z');
    expect(toIsoTimestamp(new Date(Date.UTC(2026, 10, 22, 3, 26, 3, 536)))).toBe('2026-11-22T03:26:03.536Z');
    // PostgreSQL's timestamptz text in a UTC session, with and without a fraction (cut to milliseconds).
    expect(toIsoTimestamp('2026-11-22 03:26:03.536+00')).toBe('2026-11-22T03:26:03.536Z');
    expect(toIsoTimestamp('2026-11-22 03:26:03.536999+00')).toBe('2026-11-22T03:26:03.536Z');
    expect(toIsoTimestamp('2026-11-22 03:26:03.5+00')).toBe('2026-11-22T03:26:03.500Z');
    expect(toIsoTimestamp('2026-11-22 03:26:03+00')).toBe('2026-11-22T03:26:03.000Z');
    expect(toIsoTimestamp('2024-02-29 23:59:59+00')).toBe('2024-02-29T23:59:59.000Z');
    expect(toIsoTimestamp('2026-11-22 03:26:03+02')).toBe('2026-11-22T01:26:03.000Z');
    expect(toIsoTimestamp('2026-02-30 03:26:03+00')).toBeUndefined();
  });

  it('gives undefined for times without a date and for non-dates', () => {
    expect(toIsoTimestamp('03:26:03')).toBeUndefined();
    expect(toIsoTimestamp('soon')).toBeUndefined();
    expect(toIsoTimestamp(new Date('soon'))).toBeUndefined();
  });
});

describe('toDateTimeString', () => {
  it('keeps the wall clock of zone-less text', () => {
    expect(toDateTimeString('2026-11-22 03:26:03.999')).toBe('2026-11-22T03:26:03');
    expect(toDateTimeString('2026-11-22')).toBe('2026-11-22T00:00:00');
  });

  it('expresses values with a zone in UTC', () => {
    expect(toDateTimeString('2026-11-22T01:00:00-03:00')).toBe('2026-11-22T04:00:00');
  });

  it('writes a space separator and milliseconds when asked', () => {
    expect(toDateTimeString('2026-11-22T03:26:03.5Z', { separator: ' ', milliseconds: true })).toBe('2026-11-22 03:26:03.500');
  });
});

describe('toDateString and toTimeString', () => {
  it('take the date or the time as written', () => {
    expect(toDateString('2026-11-22T23:30:00-05:00')).toBe('2026-11-22');
    expect(toTimeString('2026-11-22T23:30:00-05:00')).toBe('23:30:00');
    expect(toTimeString('07:05')).toBe('07:05:00');
    expect(toTimeString('07:05:09.123456')).toBe('07:05:09');
  });

  it('give undefined when the part is missing', () => {
    expect(toDateString('07:05')).toBeUndefined();
    expect(toTimeString(42n)).toBeUndefined();
  });
});
