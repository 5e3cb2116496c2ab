import { describe, expect, it } from 'vitest';
import { parseTemporal, temporalToDate } from './parse-temporal.js';

describe('parseTemporal', () => {
  it.each([
    { name: 'ISO with Z', input: '2026-11-22T03:26:03.536Z', iso: '2026-11-22T03:26:03.536Z' },
    { name: 'ISO with an offset', input: '2026-11-22T05:26:03.536+02:00', iso: '2026-11-22T03:26:03.536Z' },
    { name: 'PostgreSQL text', input: '2026-11-22 03:26:03.536123+00', iso: '2026-11-22T03:26:03.536Z' },
    { name: 'compact offset', input: '2026-11-22T03:26:03-0130', iso: '2026-11-22T04:56:03.000Z' },
    { name: 'no zone (read as UTC)', input: '2026-11-22 03:26:03', iso: '2026-11-22T03:26:03.000Z' },
    { name: 'date only', input: '2026-11-22', iso: '2026-11-22T00:00:00.000Z' },
    { name: 'Date object', input: new Date('2026-11-22T03:26:03.536Z'), iso: '2026-11-22T03:26:03.536Z' },
    { name: 'epoch milliseconds', input: 0, iso: '1970-01-01T00:00:00.000Z' },
  ])('reads $name', ({ input, iso }) => {
    const parts = parseTemporal(input);
    expect(parts).toBeDefined();
    expect(temporalToDate(parts!).toISOString()).toBe(iso);
  });

  it('reads a time of day without a date', () => {
    expect(parseTemporal('03:26')).toMatchObject({ hasDate: false, hasTime: true, hour: 3, minute: 26, second: 0 });
  });

  it.each(['2026-02-30', '2026-13-01', '2026-11-22T24:00:00', 'yesterday', '', '20261122', {}, null, Number.NaN])('rejects %s', (input) => {
    expect(parseTemporal(input)).toBeUndefined();
  });
});
