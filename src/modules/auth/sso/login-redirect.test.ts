import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../kernel/errors/index.js';
import { assertLoginRedirect, failureRedirect, resolveLoginRedirect } from './login-redirect.js';

const PUBLIC_URL = 'https://api.example.com/';
const LIST = ['https://app.example.com/signed-in', 'http://localhost:3000/callback'];

describe('resolveLoginRedirect', () => {
  const cases: { url: string; resolved: string | null }[] = [
    { url: 'https://app.example.com/signed-in', resolved: 'https://app.example.com/signed-in' },
    { url: 'https://app.example.com/signed-in?tab=2', resolved: 'https://app.example.com/signed-in?tab=2' },
    { url: 'http://localhost:3000/callback', resolved: 'http://localhost:3000/callback' },
    { url: 'https://api.example.com/admin/content', resolved: 'https://api.example.com/admin/content' },
    { url: '/admin/content?x=1', resolved: 'https://api.example.com/admin/content?x=1' },
    { url: '/', resolved: 'https://api.example.com/' },
    { url: 'https://app.example.com/other', resolved: null },
    { url: 'https://app.example.com/signed-in/', resolved: null },
    { url: 'https://app.example.com.evil.org/signed-in', resolved: null },
    { url: 'https://app.example.com@evil.org/signed-in', resolved: null },
    { url: 'https://api.example.com@evil.org/', resolved: null },
    { url: 'https://user:pw@api.example.com/', resolved: null },
    { url: 'https://api.example.com.evil.org/', resolved: null },
    { url: 'http://api.example.com/', resolved: null },
    { url: 'https://api.example.com:8443/', resolved: null },
    { url: '//evil.org/', resolved: null },
    { url: '/\\evil.org/', resolved: null },
    { url: '\\/evil.org/', resolved: null },
    { url: '/\t/evil.org', resolved: null },
    { url: '/\n/evil.org', resolved: null },
    { url: 'javascript:alert(1)', resolved: null },
    { url: 'JAVASCRIPT:alert(1)//https://app.example.com/signed-in', resolved: null },
    { url: 'data:text/html,hi', resolved: null },
    { url: 'evil.org', resolved: null },
    { url: '', resolved: null },
    { url: `/${'a'.repeat(3000)}`, resolved: null },
  ];
  it.each(cases)('$url → $resolved', ({ url, resolved }) => {
    expect(resolveLoginRedirect(url, LIST, PUBLIC_URL)).toBe(resolved);
  });

  it('refuses everything when PUBLIC_URL is not absolute', () => {
    expect(resolveLoginRedirect('/admin', LIST, '/')).toBeNull();
  });
});

describe('assertLoginRedirect', () => {
  it("throws 400 INVALID_PAYLOAD with Directus's message", () => {
    try {
      assertLoginRedirect('https://evil.org/x', LIST, PUBLIC_URL);
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.code).toBe('INVALID_PAYLOAD');
      expect((error as Error).message).toBe('Invalid payload. URL "https://evil.org/x" can\'t be used to redirect after login.');
    }
  });
});

describe('failureRedirect', () => {
  it('replaces the query and fragment with the reason', () => {
    expect(failureRedirect('https://app.example.com/signed-in?tab=2#top', 'INVALID_CREDENTIALS')).toBe(
      'https://app.example.com/signed-in?reason=INVALID_CREDENTIALS',
    );
  });
});
