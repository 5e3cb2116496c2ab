import { describe, expect, it } from 'vitest';
import { escapeHtml, isPlainObject, isUuid } from './index.js';

describe('escapeHtml', () => {
  it('escapes markup and quotes, and leaves other text as it is', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
    expect(escapeHtml('plain text')).toBe('plain text');
  });
});

describe('isPlainObject', () => {
  it('accepts objects and refuses null, arrays and primitives', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject({ a: 1 })).toBe(true);
    expect(isPlainObject(null)).toBe(false);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject('{}')).toBe(false);
    expect(isPlainObject(1)).toBe(false);
    expect(isPlainObject(undefined)).toBe(false);
  });
});

describe('isUuid', () => {
  it('accepts a UUID in either case', () => {
    expect(isUuid('0b5d9a49-0c4e-4c8b-9d8e-2f3a4b5c6d7e')).toBe(true);
    expect(isUuid('0B5D9A49-0C4E-4C8B-9D8E-2F3A4B5C6D7E')).toBe(true);
  });

  it('refuses anything else: other lengths, stray characters, surrounding text, non-strings', () => {
    expect(isUuid('0b5d9a49-0c4e-4c8b-9d8e-2f3a4b5c6d7')).toBe(false);
    expect(isUuid('0b5d9a49-0c4e-4c8b-9d8e-2f3a4b5c6d7g')).toBe(false);
    expect(isUuid('0b5d9a490c4e4c8b9d8e2f3a4b5c6d7e')).toBe(false);
    expect(isUuid(' 0b5d9a49-0c4e-4c8b-9d8e-2f3a4b5c6d7e')).toBe(false);
    expect(isUuid('0b5d9a49-0c4e-4c8b-9d8e-2f3a4b5c6d7e\n')).toBe(false);
    expect(isUuid(42)).toBe(false);
    expect(isUuid(null)).toBe(false);
  });
});
