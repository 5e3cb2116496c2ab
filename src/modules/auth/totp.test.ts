import { describe, expect, it } from 'vitest';
import { createTotpSecret, isIssuedTotpSecret, matchTotp, otpauthUrl, totpAt } from './totp.js';

/** RFC 6238 appendix B, SHA-1 key "12345678901234567890", the last six of the eight digits. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: { seconds: number; code: string }[] = [
  { seconds: 59, code: '287082' },
  { seconds: 1111111109, code: '081804' },
  { seconds: 1111111111, code: '050471' },
  { seconds: 1234567890, code: '005924' },
  { seconds: 2000000000, code: '279037' },
  { seconds: 20000000000, code: '353130' },
];
const SERVER_SECRET = 'a-server-secret-of-enough-length-0123';
const USER = '6f1c1e0a-1b2c-4d3e-8f40-5a6b7c8d9e0f';

describe('matchTotp', () => {
  it.each(RFC_VECTORS)('accepts the RFC 6238 code at $seconds s and names its step', ({ seconds, code }) => {
    expect(totpAt(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
    expect(matchTotp(RFC_SECRET, code, new Date(seconds * 1000))).toBe(Math.floor(seconds / 30));
  });

  it('accepts one step either side of now and nothing further', () => {
    const at = new Date(1234567890 * 1000);
    const step = Math.floor(1234567890 / 30);
    const codeAt = (offsetSteps: number) => totpAt(RFC_SECRET, new Date(at.getTime() + offsetSteps * 30_000));
    expect(matchTotp(RFC_SECRET, codeAt(-1), at)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, codeAt(1), at)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, codeAt(-2), at)).toBeNull();
    expect(matchTotp(RFC_SECRET, codeAt(2), at)).toBeNull();
  });

  it('is no match for malformed codes or secrets', () => {
    const at = new Date(59_000);
    for (const otp of ['', '28708', '2870821', '28708a', ' 287082x', '287 082']) expect(matchTotp(RFC_SECRET, otp, at)).toBeNull();
    expect(matchTotp('not base32!', '287082', at)).toBeNull();
  });
});

describe('createTotpSecret / isIssuedTotpSecret', () => {
  it('makes a 32-character base32 secret that is accepted for its user only', () => {
    const secret = createTotpSecret(SERVER_SECRET, USER);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret(SERVER_SECRET, USER)).not.toBe(secret);
    expect(isIssuedTotpSecret(SERVER_SECRET, USER, secret)).toBe(true);
    expect(isIssuedTotpSecret(SERVER_SECRET, '00000000-0000-4000-8000-000000000000', secret)).toBe(false);
    expect(isIssuedTotpSecret('another-server-secret-0123456789abc', USER, secret)).toBe(false);
  });

  it('refuses secrets it did not make: foreign, altered, malformed', () => {
    const secret = createTotpSecret(SERVER_SECRET, USER);
    const altered = secret.slice(0, 5) + (secret[5] === 'A' ? 'B' : 'A') + secret.slice(6);
    expect(isIssuedTotpSecret(SERVER_SECRET, USER, altered)).toBe(false);
    expect(isIssuedTotpSecret(SERVER_SECRET, USER, RFC_SECRET)).toBe(false);
    expect(isIssuedTotpSecret(SERVER_SECRET, USER, secret.toLowerCase())).toBe(false);
    expect(isIssuedTotpSecret(SERVER_SECRET, USER, `${secret}AAAA`)).toBe(false);
    expect(isIssuedTotpSecret(SERVER_SECRET, USER, '')).toBe(false);
  });
});

describe('otpauthUrl', () => {
  it('names issuer and account and carries the parameters authenticator apps read', () => {
    const url = new URL(otpauthUrl(RFC_SECRET, 'My Project', 'ada@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/My Project:ada@example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'My Project',
      secret: RFC_SECRET,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
