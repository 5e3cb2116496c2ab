import { describe, expect, it } from 'vitest';
import { isAppError } from '../../kernel/errors/index.js';
import { assertResetUrl, buildResetLink, isResetUrlAllowed } from './reset-url.js';

const LIST = ['https://app.example.com/reset', 'https://other.example.com/auth/reset?source=mail'];

describe('isResetUrlAllowed', () => {
  const cases: { name: string; url: string; allowed: boolean }[] = [
    { name: 'a listed URL', url: 'https://app.example.com/reset', allowed: true },
    { name: 'a listed URL with a query of its own', url: 'https://app.example.com/reset?lang=fr', allowed: true },
    { name: 'a listed URL written exactly, with its query', url: 'https://other.example.com/auth/reset?source=mail', allowed: true },
    { name: 'the same origin and path with another query', url: 'https://other.example.com/auth/reset', allowed: true },
    { name: 'an upper-case host (the same origin)', url: 'https://APP.example.com/reset', allowed: true },
    { name: 'the default port written out', url: 'https://app.example.com:443/reset', allowed: true },
    { name: 'another host', url: 'https://evil.example.org/reset', allowed: false },
    { name: 'a look-alike host that starts with the listed one', url: 'https://app.example.com.evil.org/reset', allowed: false },
    { name: 'the listed host as user info', url: 'https://app.example.com@evil.org/reset', allowed: false },
    { name: 'credentials on the listed host', url: 'https://user:secret@app.example.com/reset', allowed: false },
    { name: 'a backslash trick', url: 'https://app.example.com\\@evil.org/reset', allowed: false },
    { name: 'another scheme', url: 'http://app.example.com/reset', allowed: false },
    { name: 'another port', url: 'https://app.example.com:8443/reset', allowed: false },
    { name: 'another path', url: 'https://app.example.com/reset/extra', allowed: false },
    { name: 'a path that climbs out', url: 'https://app.example.com/reset/../admin', allowed: false },
    { name: 'a path in another case', url: 'https://app.example.com/Reset', allowed: false },
    { name: 'a trailing slash', url: 'https://app.example.com/reset/', allowed: false },
    { name: 'a protocol-relative URL', url: '//app.example.com/reset', allowed: false },
    { name: 'a relative path', url: '/reset', allowed: false },
    { name: 'a javascript: URL', url: 'javascript:alert(1)//https://app.example.com/reset', allowed: false },
    { name: 'a data: URL', url: 'data:text/html,https://app.example.com/reset', allowed: false },
    { name: 'an empty string', url: '', allowed: false },
  ];
  for (const c of cases) {
    it(`${c.allowed ? 'allows' : 'refuses'} ${c.name}`, () => {
      expect(isResetUrlAllowed(c.url, LIST)).toBe(c.allowed);
    });
  }

  it('allows nothing with an empty list', () => {
    expect(isResetUrlAllowed('https://app.example.com/reset', [])).toBe(false);
  });

  it('ignores entries of the list that are not http(s) URLs', () => {
    expect(isResetUrlAllowed('https://app.example.com/reset', ['app.example.com/reset', 'javascript:x'])).toBe(false);
  });
});

describe('assertResetUrl', () => {
  it('answers 400 INVALID_PAYLOAD naming the URL', () => {
    try {
      assertResetUrl('https://evil.example.org/reset', LIST);
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.code).toBe('INVALID_PAYLOAD');
      expect((error as Error).message).toBe('Invalid payload. URL "https://evil.example.org/reset" can\'t be used to reset passwords.');
    }
  });

  it('refuses a URL longer than 2048 characters even if it would match', () => {
    expect(() => assertResetUrl(`https://app.example.com/reset?pad=${'x'.repeat(2100)}`, LIST)).toThrow(/can't be used/);
  });
});

describe('buildResetLink', () => {
  it('adds the token to the reset URL and keeps its query', () => {
    expect(buildResetLink('https://api.example.com', 'https://app.example.com/reset?lang=fr', 'a.b.c')).toBe(
      'https://app.example.com/reset?lang=fr&token=a.b.c',
    );
  });

  it('replaces a token parameter the URL already had', () => {
    expect(buildResetLink('https://api.example.com', 'https://app.example.com/reset?token=old', 'new')).toBe(
      'https://app.example.com/reset?token=new',
    );
  });

  it('leads to the admin app under PUBLIC_URL without a reset URL', () => {
    expect(buildResetLink('https://api.example.com/', null, 'a.b.c')).toBe('https://api.example.com/admin/reset-password?token=a.b.c');
    expect(buildResetLink('https://example.com/stratum', null, 'a.b.c')).toBe(
      'https://example.com/stratum/admin/reset-password?token=a.b.c',
    );
  });

  it('keeps a relative PUBLIC_URL relative', () => {
    expect(buildResetLink('/', null, 'a.b+c')).toBe('/admin/reset-password?token=a.b%2Bc');
  });
});
