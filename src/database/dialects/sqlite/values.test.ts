import { describe, expect, it } from 'vitest';
import { fromDatabase, toDatabase } from './values.js';

describe('sqlite toDatabase', () => {
  it.each([
    { type: 'timestamp', value: new Date('2026-11-22T03:26:03.536Z'), stored: '2026-11-22T03:26:03.536Z' },
    { type: 'timestamp', value: '2026-11-22T05:26:03+02:00', stored: '2026-11-22T03:26:03.000Z' },
    { type: 'dateTime', value: '2026-11-22 03:26:03', stored: '2026-11-22T03:26:03' },
    { type: 'date', value: new Date('2026-11-22T03:26:03.536Z'), stored: '2026-11-22' },
    { type: 'time', value: '3:26', stored: '3:26' },
    { type: 'time', value: '03:26', stored: '03:26:00' },
    { type: 'boolean', value: true, stored: 1 },
    { type: 'boolean', value: 'false', stored: 0 },
    { type: 'boolean', value: 'maybe', stored: 'maybe' },
    { type: 'json', value: { a: [1, 'b'] }, stored: '{"a":[1,"b"]}' },
    { type: 'json', value: 'text', stored: '"text"' },
    { type: 'csv', value: ['a', 'b'], stored: 'a,b' },
    { type: 'string', value: new Date('2026-11-22T03:26:03.536Z'), stored: '2026-11-22T03:26:03.536Z' },
    { type: 'integer', value: true, stored: 1 },
    { type: 'timestamp', value: 'not a date', stored: 'not a date' },
    { type: 'json', value: null, stored: null },
  ] as const)('$type $value → $stored', ({ type, value, stored }) => {
    expect(toDatabase(type, value)).toEqual(stored);
  });

  it('keeps lexical order equal to time order for timestamps', () => {
    const instants = ['2026-01-01T00:00:00.001Z', '2025-12-31T23:59:59.999+00:00', '2026-01-01T01:00:00.000+02:00'];
    const stored = instants.map((v) => toDatabase('timestamp', v) as string);
    expect([...stored].sort()).toEqual([...stored].sort((a, b) => Date.parse(a) - Date.parse(b)));
  });
});

describe('sqlite fromDatabase', () => {
  it('reads what toDatabase wrote', () => {
    expect(fromDatabase('boolean', 0)).toBe(false);
    expect(fromDatabase('json', '{"a":1}')).toEqual({ a: 1 });
    expect(fromDatabase('json', 5)).toBe(5);
    expect(fromDatabase('timestamp', '2026-11-22T03:26:03.536Z')).toBe('2026-11-22T03:26:03.536Z');
    expect(fromDatabase('timestamp', '2026-11-22 03:26:03')).toBe('2026-11-22T03:26:03.000Z');
    expect(fromDatabase('csv', 'a,b')).toEqual(['a', 'b']);
  });
});
