import { describe, expect, it } from 'vitest';
import { parseRange } from './parse-range.js';

describe('parseRange', () => {
  it('reads a closed, an open and a suffix range, clamped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange(' BYTES = 1 - 2 ', 1000)).toEqual({ start: 1, end: 2 });
  });

  it('merges overlapping or adjacent ranges into one, and reads a suffix on an empty file as the whole file', () => {
    expect(parseRange('bytes=0-9,10-19', 1000)).toEqual({ start: 0, end: 19 });
    expect(parseRange('bytes=5-9,0-6', 1000)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-3', 0)).toBeNull();
  });

  it('sends the whole file for no header, another unit, several ranges or nonsense', () => {
    for (const header of [undefined, 'lines=1-2', 'lines=5000-', 'bytes=0-1,5-6', 'bytes=abc', 'bytes=-', 'bytes=1-x', 'bytes'])
      expect(parseRange(header, 1000)).toBeNull();
  });

  it('refuses ranges that start at or past the end, and a backwards one, with 416', () => {
    expect(() => parseRange('bytes=1000-', 1000)).toThrow(expect.objectContaining({ code: 'RANGE_NOT_SATISFIABLE', status: 416 }));
    expect(() => parseRange('bytes=-0', 1000)).toThrow(expect.objectContaining({ code: 'RANGE_NOT_SATISFIABLE' }));
    expect(() => parseRange('bytes=10-5', 1000)).toThrow(expect.objectContaining({ code: 'RANGE_NOT_SATISFIABLE' }));
    expect(() => parseRange('bytes=1000-1100,2000-', 1000)).toThrow(expect.objectContaining({ code: 'RANGE_NOT_SATISFIABLE' }));
  });
});
