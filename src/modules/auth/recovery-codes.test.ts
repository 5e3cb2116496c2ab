import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT, storedRecoveryHashes } from './recovery-codes.js';

describe('newRecoveryCodes', () => {
  it('makes ten distinct codes of four groups of four unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
  });

  it('uses the whole alphabet evenly (no character is missing over many codes)', () => {
    const seen = new Set(
      Array.from({ length: 50 }, () => newRecoveryCodes().join(''))
        .join('')
        .replace(/-/g, ''),
    );
    expect(seen.size).toBe(31);
  });
});

describe('hashRecoveryCode', () => {
  it('hashes a code the same whatever its case, spaces or dashes, and differently from other codes', () => {
    const hash = hashRecoveryCode('abcd-efgh-jkmn-pqrs');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('ABCDEFGHJKMNPQRS')).toBe(hash);
    expect(hashRecoveryCode(' abcd efgh jkmn pqrs ')).toBe(hash);
    expect(hashRecoveryCode('abcd-efgh-jkmn-pqrt')).not.toBe(hash);
  });
});

describe('looksLikeRecoveryCode / storedRecoveryHashes', () => {
  it('tells recovery codes from six-digit codes and junk', () => {
    expect(looksLikeRecoveryCode('123456')).toBe(false);
    expect(looksLikeRecoveryCode('abcd-efgh-jkmn')).toBe(false);
    expect(looksLikeRecoveryCode('abcd-efgh-jkmn-pq!s')).toBe(false);
  });

  it('reads the stored list, ignoring anything that is not a list of strings', () => {
    expect(storedRecoveryHashes(['a', 1, null, 'b'])).toEqual(['a', 'b']);
    expect(storedRecoveryHashes(null)).toEqual([]);
    expect(storedRecoveryHashes({ a: 'b' })).toEqual([]);
  });
});
