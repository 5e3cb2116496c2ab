import { describe, expect, it } from 'vitest';
import { IMAGE_ATTRIBUTES, isAllowedAddress, isAllowedImageSource, SANITIZE_CONFIG } from './sanitize-config.js';

describe('the sanitising configuration', () => {
  it('allows web, mail and phone addresses and relative ones', () => {
    for (const address of ['https://example.com/a?b=1', 'http://x', 'mailto:a@b.c', 'tel:+4930', '/admin', '#part', 'page.html', 'a/b:c']) {
      expect(isAllowedAddress(address), address).toBe(true);
    }
  });

  it('refuses script, data and other schemes, however they are spelt', () => {
    for (const address of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' java\tscript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>',
      'file:///etc/passwd',
    ]) {
      expect(isAllowedAddress(address), address).toBe(false);
    }
  });

  it('forbids inline styles, forms, frames and embedded objects', () => {
    expect(SANITIZE_CONFIG.FORBID_ATTR).toContain('style');
    for (const tag of ['style', 'form', 'input', 'iframe', 'object', 'embed', 'base']) expect(SANITIZE_CONFIG.FORBID_TAGS).toContain(tag);
    expect(SANITIZE_CONFIG.ALLOW_DATA_ATTR).toBe(false);
  });
});

describe('the images cleaned HTML keeps', () => {
  it('keeps only src and alt', () => {
    expect([...IMAGE_ATTRIBUTES].sort()).toEqual(['alt', 'src']);
  });

  it('keeps a library file or a web address as the source, nothing else', () => {
    for (const src of [
      '/assets/0b8c2f3e-1d2a-4c5b-9e8f-123456789abc',
      '/assets/42',
      'https://example.com/a.png',
      'http://x.org/b.jpg?c=1',
    ]) {
      expect(isAllowedImageSource(src), src).toBe(true);
    }
    for (const src of [
      'nothing.png',
      '/assets/abc/../../admin',
      '/assets/abc?width=10',
      '/admin/logo.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '//evil.example/x.png',
      'https://x.org/a b.png',
      'blob:https://x.org/1',
    ]) {
      expect(isAllowedImageSource(src), src).toBe(false);
    }
  });
});
