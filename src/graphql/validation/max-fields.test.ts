import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { countFieldSelections, countRootResponseNames } from './max-fields.js';

describe('countFieldSelections', () => {
  it('counts aliases, repeats, inline fragments and every use of a fragment', () => {
    expect(countFieldSelections(parse('{ a b: a a c { d e } }'))).toBe(6);
    expect(countFieldSelections(parse('{ ...F ...F x { ...F } } fragment F on Query { a b }'))).toBe(7);
    expect(countFieldSelections(parse('{ ... on Query { a } }'))).toBe(1);
  });

  it('multiplies nested spreads in linear time, and stops counting past the limit', () => {
    const levels = 30;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === levels - 1 ? `fragment F${i} on Q { a }` : `fragment F${i} on Q { ...F${i + 1} ...F${i + 1} }`,
    ).join(' ');
    expect(countFieldSelections(parse(`{ ...F0 } ${fragments}`))).toBe(2 ** 29);
    expect(countFieldSelections(parse(`{ ...F0 } ${fragments}`), 1000)).toBeGreaterThan(1000);
  });

  it('counts a fragment cycle as nothing (validation reports it)', () => {
    expect(countFieldSelections(parse('{ ...A } fragment A on Q { a ...B } fragment B on Q { b ...A }'))).toBe(2);
  });
});

describe('countRootResponseNames', () => {
  it('counts distinct top-level response names through fragments', () => {
    expect(countRootResponseNames(parse('{ a a b: a ...F ... on Q { c } } fragment F on Q { d a }'))).toBe(4);
  });
});
