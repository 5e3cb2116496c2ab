import { describe, expect, it } from 'vitest';
import { createKeyLookup, uniqueKeys } from './key-lookup.js';

describe('createKeyLookup', () => {
  it('finds number keys as numbers', () => {
    const lookup = createKeyLookup<string>();
    lookup.set(1, 'one');
    lookup.set(2, 'two');
    expect([lookup.get(1), lookup.get(2), lookup.get(3), lookup.get(null)]).toEqual(['one', 'two', undefined, undefined]);
  });

  it('matches keys as text across types (a foreign key read as text, a key read as a number, and back)', () => {
    const numbers = createKeyLookup<string>();
    numbers.set(5, 'five');
    expect(numbers.get('5')).toBe('five');
    const texts = createKeyLookup<string>();
    texts.set('5', 'five');
    texts.set('a1b2', 'uuid-ish');
    expect([texts.get(5), texts.get('a1b2'), texts.get(6)]).toEqual(['five', 'uuid-ish', undefined]);
    // Mixed keys: a number key still finds a text one, and a bigint finds its number.
    const mixed = createKeyLookup<string>();
    mixed.set(7, 'seven');
    mixed.set('8', 'eight');
    expect([mixed.get(7), mixed.get(8), mixed.get('7'), mixed.get(7n)]).toEqual(['seven', 'eight', 'seven', 'seven']);
  });
});

describe('uniqueKeys', () => {
  it('drops null, undefined and repeats, keeping the first-seen order', () => {
    expect(uniqueKeys([3, 1, null, 3, undefined, 2, 1])).toEqual([3, 1, 2]);
    expect(uniqueKeys(['b', 'a', 'b', null])).toEqual(['b', 'a']);
  });

  it('tells repeats as text does: 1 and "1" are one key', () => {
    expect(uniqueKeys([1, '1', 2])).toHaveLength(2);
    expect(uniqueKeys([0, -0])).toHaveLength(1);
  });
});
