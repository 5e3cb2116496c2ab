import { describe, expect, it } from 'vitest';
import { fromDatabase, toDatabase } from './values.js';

describe('postgres toDatabase', () => {
  it.each([
    { type: 'timestamp', value: new Date('2026-11-22T03:26:03.536Z'), stored: '2026-11-22T03:26:03.536Z' },
    { type: 'dateTime', value: '2026-11-22 03:26:03', stored: '2026-11-22T03:26:03' },
    { type: 'boolean', value: 1, stored: true },
    { type: 'boolean', value: false, stored: false },
    { type: 'json', value: [1, 2], stored: '[1,2]' },
    { type: 'csv', value: ['a', 'b'], stored: 'a,b' },
    { type: 'uuid', value: 'ABC', stored: 'ABC' },
  ] as const)('$type $value → $stored', ({ type, value, stored }) => {
    expect(toDatabase(type, value)).toEqual(stored);
  });
});

describe('postgres fromDatabase', () => {
  it('reads Date objects of timestamptz and text of the other date types', () => {
    expect(fromDatabase('timestamp', new Date('2026-11-22T03:26:03.536Z'))).toBe('2026-11-22T03:26:03.536Z');
    expect(fromDatabase('dateTime', '2026-11-22 03:26:03.123456')).toBe('2026-11-22T03:26:03');
    expect(fromDatabase('decimal', '10.50000')).toBe(10.5);
    expect(fromDatabase('json', '{"a":1}')).toEqual({ a: 1 });
  });
});
