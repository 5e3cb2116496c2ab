import { describe, expect, it } from 'vitest';
import { conflictingSpecials, reconcileSpecials, toSpecialList, typeFromSpecial } from './type-specials.js';

describe('reconcileSpecials', () => {
  it.each([
    { name: 'adds cast-json when json reads back as text', special: [], type: 'json', column: 'text', expected: ['cast-json'] },
    { name: 'adds nothing when the column reads back exactly', special: [], type: 'json', column: 'json', expected: [] },
    { name: 'adds cast-csv for csv', special: ['conceal'], type: 'csv', column: 'text', expected: ['conceal', 'cast-csv'] },
    { name: 'adds hash for hash', special: [], type: 'hash', column: 'string', expected: ['hash'] },
    {
      name: 'adds cast-timestamp when a timestamp reads as dateTime',
      special: [],
      type: 'timestamp',
      column: 'dateTime',
      expected: ['cast-timestamp'],
    },
    { name: 'keeps a flag already there', special: ['cast-boolean'], type: 'boolean', column: 'integer', expected: ['cast-boolean'] },
    { name: 'drops the flag of the old type', special: ['cast-json', 'conceal'], type: 'text', column: 'text', expected: ['conceal'] },
    { name: 'leaves types without a flag alone', special: [], type: 'string', column: 'uuid', expected: [] },
    { name: 'adds nothing for alias fields', special: ['o2m'], type: 'alias', column: null, expected: ['o2m'] },
  ] as const)('$name', ({ special, type, column, expected }) => {
    expect(reconcileSpecials([...special], type, column)).toEqual(expected);
  });
});

describe('special helpers', () => {
  it('reads arrays and CSV text', () => {
    expect(toSpecialList('cast-json, conceal')).toEqual(['cast-json', 'conceal']);
    expect(toSpecialList(['uuid'])).toEqual(['uuid']);
    expect(toSpecialList(null)).toEqual([]);
  });

  it('pins the type by the first pinning flag', () => {
    expect(typeFromSpecial(['conceal', 'cast-csv'], 'text')).toBe('csv');
    expect(typeFromSpecial(['conceal'], 'text')).toBe('text');
  });

  it('finds flags that pin another type', () => {
    expect(conflictingSpecials(['cast-json', 'conceal', 'hash'], 'hash')).toEqual(['cast-json']);
  });
});
