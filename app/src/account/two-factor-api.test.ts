import { describe, expect, it } from 'vitest';
import { qrCodeDataUrl } from './two-factor-api.js';

describe('qrCodeDataUrl', () => {
  it('renders the otpauth URL as an SVG data URL', () => {
    const url = qrCodeDataUrl('otpauth://totp/Stratum:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Stratum');
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });
});
