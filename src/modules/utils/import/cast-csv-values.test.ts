import { describe, expect, it } from 'vitest';
import type { CollectionOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import { castCsvValues } from './cast-csv-values.js';

const overview = {
  fields: {
    n: { type: 'integer' },
    f: { type: 'float' },
    d: { type: 'decimal' },
    b: { type: 'boolean' },
    j: { type: 'json' },
    s: { type: 'string' },
  },
} as unknown as CollectionOverview;

describe('castCsvValues', () => {
  it('casts text by field type; empty is null; what a type cannot read stays text for the write path to refuse', () => {
    expect(
      castCsvValues(overview, { n: '42', f: '1.5', d: '12345678901234567890.5', b: 'TRUE', j: '{"a":[1]}', s: '007', x: 'y' }),
    ).toEqual({
      n: 42,
      f: 1.5,
      d: '12345678901234567890.5',
      b: true,
      j: { a: [1] },
      s: '007',
      x: 'y',
    });
    expect(castCsvValues(overview, { n: 'ten', b: 'maybe', j: 'not json', s: '' })).toEqual({
      n: 'ten',
      b: 'maybe',
      j: 'not json',
      s: null,
    });
    expect(castCsvValues(overview, { b: '0', n: ' 7 ' })).toEqual({ b: false, n: 7 });
  });
});
