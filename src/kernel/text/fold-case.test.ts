import { describe, expect, it } from 'vitest';
import { foldCase } from './fold-case.js';

describe('foldCase', () => {
  it('lowers letters beyond ASCII: French, German, Danish and Norwegian', () => {
    expect(foldCase('ÉCOLE Été ÇA')).toBe('école été ça');
    expect(foldCase('ÖL ÄRGER ÜBER')).toBe('öl ärger über');
    expect(foldCase('ÆØÅ')).toBe('æøå');
    expect(foldCase('STRAẞE')).toBe('straße');
  });

  it('keeps accents and the sharp s as they are, and does not depend on the locale (Turkish dotted I)', () => {
    expect(foldCase('Ecole')).toBe('ecole');
    expect(foldCase('STRASSE')).toBe('strasse');
    expect(foldCase('Straße')).toBe('straße');
    expect(foldCase('I')).toBe('i');
  });

  it('leaves LIKE wildcards and the escape character alone', () => {
    expect(foldCase('100%_OFF!')).toBe('100%_off!');
  });
});
