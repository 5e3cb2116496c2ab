import { describe, expect, it } from 'vitest';
import { addToList, colorPresets, formatList, normaliseColor, nowText, parseList, sliderRange, stringPresets } from './interface-values.js';

describe('list values', () => {
  it('reads a JSON array, a comma string and nothing', () => {
    expect(parseList('["a", "b c"]')).toEqual(['a', 'b c']);
    expect(parseList('[\n  "x"\n]')).toEqual(['x']);
    expect(parseList('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(parseList('')).toEqual([]);
    expect(parseList('[1, 2]')).toEqual(['1', '2']);
  });
  it('writes a comma string for csv, a JSON array otherwise, and nothing as the empty text', () => {
    expect(formatList(['a', 'b'], 'csv')).toBe('a,b');
    expect(formatList(['a', 'b'], 'json')).toBe('["a","b"]');
    expect(formatList([], 'json')).toBe('');
  });
  it('adds each new entry once, cutting at commas', () => {
    expect(addToList(['a'], ' b ')).toEqual(['a', 'b']);
    expect(addToList(['a'], 'a')).toEqual(['a']);
    expect(addToList([], 'x, y,')).toEqual(['x', 'y']);
    expect(addToList(['a'], '   ')).toEqual(['a']);
  });
});

describe('slider, colour and presets', () => {
  it('takes the slider options, numbers as text too, with defaults', () => {
    expect(sliderRange({ minValue: 10, maxValue: '50', stepInterval: 5 })).toEqual({ min: 10, max: 50, step: 5 });
    expect(sliderRange({})).toEqual({ min: 0, max: 100, step: 1 });
    expect(sliderRange({ minValue: 5, maxValue: 1, stepInterval: 0 })).toEqual({ min: 5, max: 5, step: 1 });
  });
  it('normalises colours and refuses what is not one', () => {
    expect(normaliseColor('#6644ff')).toBe('#6644FF');
    expect(normaliseColor('abc')).toBe('#AABBCC');
    expect(normaliseColor('red')).toBeNull();
    expect(normaliseColor('#12345')).toBeNull();
  });
  it('keeps the presets that are usable', () => {
    expect(colorPresets({ presets: [{ name: 'Purple', color: '#6644FF' }, { color: '#000' }, { name: 'Bad', color: 'nope' }] })).toEqual([
      { name: 'Purple', color: '#6644FF' },
      { name: '#000000', color: '#000000' },
    ]);
    expect(stringPresets({ presets: ['a', 3, ''] })).toEqual(['a']);
    expect(stringPresets({})).toEqual([]);
  });
});

describe('now', () => {
  const now = new Date(2026, 10, 28, 9, 5, 7);
  it('writes the local date, time or both, seconds when asked', () => {
    expect(nowText('date', now, true)).toBe('2026-11-28');
    expect(nowText('time', now, true)).toBe('09:05:07');
    expect(nowText('dateTime', now, false)).toBe('2026-11-28T09:05:00');
  });
});
