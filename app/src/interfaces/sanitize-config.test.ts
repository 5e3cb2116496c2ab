import { describe, expect, it } from 'vitest';
import { isAllowedAddress, SANITIZE_CONFIG } from './sanitize-config.js';

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
