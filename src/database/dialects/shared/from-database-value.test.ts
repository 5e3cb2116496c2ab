import { describe, expect, it } from 'vitest';
import { fromDatabaseValue } from './from-database-value.js';

describe('fromDatabaseValue', () => {
  it.each([
    { type: 'timestamp', raw: '2026-11-22 03:26:03.536', value: '2026-11-22T03:26:03.536Z' },
    { type: 'timestamp', raw: new Date('2026-11-22T03:26:03.536Z'), value: '2026-11-22T03:26:03.536Z' },
    { type: 'dateTime', raw: '2026-11-22 03:26:03', value: '2026-11-22T03:26:03' },
    { type: 'date', raw: '2026-11-22', value: '2026-11-22' },
    { type: 'time', raw: '03:26:03.000000', value: '03:26:03' },
    { type: 'boolean', raw: 1, value: true },
    { type: 'boolean', raw: false, value: false },
    { type: 'json', raw: '{"a":[1,2]}', value: { a: [1, 2] } },
    { type: 'json', raw: '"text"', value: 'text' },
    { type: 'json', raw: 42, value: 42 },
    { type: 'json', raw: 'not json', value: 'not json' },
    { type: 'csv', raw: 'a,b', value: ['a', 'b'] },
    { type: 'csv', raw: '', value: [] },
    { type: 'bigInteger', raw: '42', value: 42 },
    { type: 'decimal', raw: '12.50000', value: 12.5 },
    { type: 'string', raw: '42', value: '42' },
    { type: 'timestamp', raw: 'garbage', value: 'garbage' },
    { type: 'integer', raw: null, value: null },
  ] as const)('$type: $raw', ({ type, raw, value }) => {
    expect(fromDatabaseValue(type, raw)).toEqual(value);
  });
});
