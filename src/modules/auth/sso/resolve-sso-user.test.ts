import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/index.js';
import { readProfile } from './resolve-sso-user.js';

const providers = loadConfig(
  {
    PUBLIC_URL: 'https://api.example.com',
    AUTH_PROVIDERS: 'corp,github',
    AUTH_CORP_DRIVER: 'openid',
    AUTH_CORP_CLIENT_ID: 'id',
    AUTH_CORP_CLIENT_SECRET: 's',
    AUTH_CORP_ISSUER_URL: 'https://idp.example.com',
    AUTH_GITHUB_DRIVER: 'oauth2',
    AUTH_GITHUB_CLIENT_ID: 'id',
    AUTH_GITHUB_CLIENT_SECRET: 's',
    AUTH_GITHUB_AUTHORIZE_URL: 'https://github.com/login/oauth/authorize',
    AUTH_GITHUB_ACCESS_URL: 'https://github.com/login/oauth/access_token',
    AUTH_GITHUB_PROFILE_URL: 'https://api.github.com/user',
  },
  { readDotEnv: false },
).auth.providers;
const [corp, github] = [providers[0]!, providers[1]!];

describe('readProfile', () => {
  it('openid: `sub` is the identifier, names from given_name/family_name, e-mail lower-cased', () => {
    expect(
      readProfile(corp, { sub: 'AbC-1', email: ' Ada@Example.COM ', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' }),
    ).toEqual({
      identifier: 'AbC-1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailVerified: true,
    });
  });

  it('oauth2 without IDENTIFIER_KEY: the e-mail is the identifier; no e-mail, no identifier', () => {
    expect(readProfile(github, { id: 42, email: 'Dev@Example.com' }).identifier).toBe('dev@example.com');
    expect(readProfile(github, { id: 42, email: null }).identifier).toBeNull();
  });

  it('takes numbers as text, ignores objects and empty strings, and says nothing of unknown verification', () => {
    const withId = { ...github, identifierKey: 'id' };
    expect(readProfile(withId, { id: 42 }).identifier).toBe('42');
    expect(readProfile(withId, { id: { nested: 1 } }).identifier).toBeNull();
    expect(readProfile(corp, { sub: '  ' }).identifier).toBeNull();
    expect(readProfile(corp, { sub: 'x', email_verified: 'true' }).emailVerified).toBeNull();
  });
});
