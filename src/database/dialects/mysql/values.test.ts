import { describe, expect, it } from 'vitest';
import { fromDatabase, toDatabase } from './values.js';

describe('mysql toDatabase', () => {
  it.each([
    { type: 'timestamp', value: '2026-11-22T03:26:03.536Z', stored: '2026-11-22 03:26:03.536' },
    { type: 'timestamp', value: '2026-11-22T05:26:03+02:00', stored: '2026-11-22 03:26:03.000' },
    { type: 'dateTime', value: '2026-11-22T03:26:03', stored: '2026-11-22 03:26:03' },
    { type: 'date', value: '2026-11-22', stored: '2026-11-22' },
    { type: 'boolean', value: true, stored: 1 },
    { type: 'json', value: { a: 1 }, stored: '{"a":1}' },
    { type: 'string', value: new Date('2026-11-22T03:26:03.536Z'), stored: '2026-11-22 03:26:03.536' },
  ] as const)('$type $value → $stored', ({ type, value, stored }) => {
    expect(toDatabase(type, value)).toEqual(stored);
  });
});

describe('mysql fromDatabase', () => {
  it('reads DATETIME text as UTC', () => {
    expect(fromDatabase('timestamp', '2026-11-22 03:26:03.536')).toBe('2026-11-22T03:26:03.536Z');
    expect(fromDatabase('dateTime', '2026-11-22 03:26:03')).toBe('2026-11-22T03:26:03');
    expect(fromDatabase('boolean', 1)).toBe(true);
    expect(fromDatabase('bigInteger', '9223372036854775807')).toBe('9223372036854775807');
  });
});
