import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { startIdentityProvider, type TestIdentityProvider } from '../setup/oidc-provider.js';
import { totpCode } from '../setup/totp-code.js';

/**
 * Threats at single sign-on (a real OpenID Connect provider): (1) the two-factor code given at the start
 * (`?otp=`) guessed without the limit a password login has; (2) user enumeration: the callback telling apart an
 * identity nobody has, one whose e-mail belongs to a password account, and a suspended account; (3) an open
 * redirect: `?redirect=` sending the browser (with fresh tokens in cookies) anywhere but the allow-list.
 */
const PUBLIC_URL = 'http://stratum.test:8055';
const callback = `${PUBLIC_URL}/auth/login/corp/callback`;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('single sign-on abuse', () => {
  let idp: TestIdentityProvider;
  let t: TestApp;
  let people = 0;

  beforeAll(async () => {
    idp = await startIdentityProvider([callback]);
    t = await createTestApp({
      PUBLIC_URL,
      AUTH_PROVIDERS: 'corp',
      AUTH_CORP_DRIVER: 'openid',
      AUTH_CORP_CLIENT_ID: idp.clientId,
      AUTH_CORP_CLIENT_SECRET: idp.clientSecret,
      AUTH_CORP_ISSUER_URL: idp.issuer,
      AUTH_CORP_REDIRECT_ALLOW_LIST: 'https://app.example.com/signed-in',
      RATE_LIMITER_LOGIN_POINTS: '3',
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  const person = () => {
    people++;
    const sub = `abuse-${people}-${Date.now()}`;
    const email = `${sub}@idp.example.com`;
    idp.accounts.set(sub, { sub, email, email_verified: true });
    return { sub, email };
  };
  const createUser = async (fields: Record<string, unknown>) => {
    const response = await t.request('POST', '/users', { token: t.adminToken, body: { status: 'active', ...fields } });
    expect(response.statusCode).toBe(200);
    return String(dataOf(response).id);
  };
  const start = (query: Record<string, string> = {}) => t.request('GET', '/auth/login/corp', { query });
  /** Start → sign in at the provider as `login` → the callback's answer. */
  const signIn = async (login: string, query: Record<string, string> = {}): Promise<LightMyRequestResponse> => {
    const started = await start(query);
    expect(started.statusCode, started.body).toBe(302);
    const cookie = started.cookies.find((c) => c.name === 'openid.corp')!;
    const back = await idp.signIn(started.headers.location as string, login, callback);
    return t.request('GET', `${back.pathname}${back.search}`, { headers: { cookie: `${cookie.name}=${cookie.value}` } });
  };

  it('throttles guesses of the two-factor code at single sign-on like a password login', async () => {
    const { sub, email } = person();
    const userId = await createUser({ email, provider: 'corp', external_identifier: sub });
    await t.app.knex('service_users').where({ id: userId }).update({ tfa_secret: SECRET });
    const wrong = totpCode(SECRET, new Date()) === '000000' ? '111111' : '000000';
    // No code at all is no guess: it does not count.
    for (let i = 0; i < 4; i++) expectError(await signIn(sub), 401, 'INVALID_OTP');
    for (let i = 0; i < 3; i++) expectError(await signIn(sub, { otp: wrong }), 401, 'INVALID_OTP');
    expectError(await signIn(sub, { otp: totpCode(SECRET, new Date()) }), 429, 'REQUESTS_EXCEEDED');
  }, 120_000);

  it('answers the same for an unknown identity, a password account with its e-mail, and a suspended account', async () => {
    const unknown = person();
    const shadowed = person();
    await createUser({ email: shadowed.email, password: 'Password-123!' });
    const suspended = person();
    await createUser({ email: suspended.email, provider: 'corp', external_identifier: suspended.sub, status: 'suspended' });
    const answers = [await signIn(unknown.sub), await signIn(shadowed.sub), await signIn(suspended.sub)];
    for (const answer of answers) expectError(answer, 401, 'INVALID_CREDENTIALS');
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  }, 120_000);

  it('refuses a redirect off the allow-list before the flow starts (400), whatever its disguise', async () => {
    const disguises = [
      'https://evil.example/signed-in',
      '//evil.example/signed-in',
      '/\\evil.example/signed-in',
      'https://app.example.com.evil.example/signed-in',
      'https://app.example.com@evil.example/signed-in',
      'https://app.example.com/other-path',
      'javascript:alert(1)//https://app.example.com/signed-in',
      'http://app.example.com/signed-in',
    ];
    for (const redirect of disguises) {
      const answer = await start({ redirect });
      expectError(answer, 400, 'INVALID_PAYLOAD');
      expect(answer.headers.location).toBeUndefined();
    }
    // The listed URL (its query may differ) and a path on this server are accepted.
    expect((await start({ redirect: 'https://app.example.com/signed-in?next=1' })).statusCode).toBe(302);
    expect((await start({ redirect: '/admin/content' })).statusCode).toBe(302);
  });

  it('sends a failed sign-in back only to the allowed redirect, with the reason', async () => {
    const unknown = person();
    const answer = await signIn(unknown.sub, { redirect: 'https://app.example.com/signed-in' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('https://app.example.com/signed-in?reason=INVALID_CREDENTIALS');
  }, 60_000);
});
