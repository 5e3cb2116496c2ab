import { describe, expect, it } from 'vitest';
import { isStorableText } from './is-storable-text.js';

describe('isStorableText', () => {
  it('accepts ordinary text, emoji and surrogate pairs', () => {
    for (const text of ['', 'hello', 'é', '😀', 'a😀b', '\u{10FFFF}']) expect(isStorableText(text)).toBe(true);
  });

  it('refuses NUL and lone surrogates', () => {
    for (const text of ['\u0000', 'a\u0000b', '\uD800', 'a\uDC00', '\uDC00\uD800', '😀\uD83D']) expect(isStorableText(text)).toBe(false);
  });
});
