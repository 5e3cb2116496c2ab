import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../setup/totp-code.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { startIdentityProvider, type TestIdentityProvider } from '../../setup/oidc-provider.js';

const PUBLIC_URL = 'http://stratum.test:8055';
const ROLE_ID = '6f1b1f6e-2a47-4a8e-9d0e-5b1c2d3e4f50';
const callback = (provider: string) => `${PUBLIC_URL}/auth/login/${provider}/callback`;

type Tokens = { access_token: string; refresh_token: string; expires: number };

describe('single sign-on against a real OpenID Connect provider', () => {
  let idp: TestIdentityProvider;
  let t: TestApp;
  /** Moves the app's clock (not the provider's). */
  let offset = 0;

  beforeAll(async () => {
    idp = await startIdentityProvider([callback('corp'), callback('signup'), callback('plain')]);
    const client = { CLIENT_ID: idp.clientId, CLIENT_SECRET: idp.clientSecret };
    const env: Record<string, string> = { PUBLIC_URL, AUTH_PROVIDERS: 'corp,signup,plain,down' };
    const provider = (name: string, settings: Record<string, string>) => {
      for (const [key, value] of Object.entries({ ...client, ...settings })) env[`AUTH_${name.toUpperCase()}_${key}`] = value;
    };
    // openid, existing users only, session cookies after a redirect.
    provider('corp', {
      DRIVER: 'openid',
      ISSUER_URL: idp.issuer,
      LABEL: 'Corporate',
      ICON: 'account_circle',
      REDIRECT_ALLOW_LIST: 'https://app.example.com/signed-in',
    });
    // openid with registration into a default role, refresh cookie after a redirect.
    provider('signup', {
      DRIVER: 'openid',
      ISSUER_URL: idp.issuer,
      ALLOW_PUBLIC_REGISTRATION: 'true',
      DEFAULT_ROLE_ID: ROLE_ID,
      REQUIRE_VERIFIED_EMAIL: 'true',
      MODE: 'cookie',
      SYNC_USER_INFO: 'true',
    });
    // plain OAuth 2.0 with explicit endpoints; the identifier is the e-mail.
    provider('plain', {
      DRIVER: 'oauth2',
      AUTHORIZE_URL: `${idp.issuer}/auth`,
      ACCESS_URL: `${idp.issuer}/token`,
      PROFILE_URL: `${idp.issuer}/me`,
      ISSUER_URL: idp.issuer,
      SCOPE: 'openid email profile',
      CLIENT_TOKEN_ENDPOINT_AUTH_METHOD: 'client_secret_basic',
    });
    // A provider nobody answers for (a closed port).
    provider('down', { DRIVER: 'openid', ISSUER_URL: 'http://127.0.0.1:9' });
    t = await createTestApp(env, { now: () => new Date(Date.now() + offset) });
    const role = await t.request('POST', '/roles', { token: t.adminToken, body: { id: ROLE_ID, name: 'Signed up' } });
    expect(role.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  let people = 0;
  /** A person the provider knows, with a fresh login (= `sub`) and e-mail. */
  const person = (claims: Record<string, unknown> = {}) => {
    people += 1;
    const sub = `person-${people}-${Date.now()}`;
    const email = `${sub}@idp.example.com`;
    idp.accounts.set(sub, { sub, email, email_verified: true, given_name: 'Ada', family_name: `Lovelace ${people}`, ...claims });
    return { sub, email };
  };

  const createUser = async (fields: Record<string, unknown>) => {
    const response = await t.request('POST', '/users', { token: t.adminToken, body: { status: 'active', ...fields } });
    expect(response.statusCode).toBe(200);
    return String(dataOf(response).id);
  };

  const flowCookieOf = (response: LightMyRequestResponse, provider: string) => {
    const cookie = response.cookies.find((c) => c.name === `openid.${provider}` || c.name === `oauth2.${provider}`);
    expect(cookie).toBeDefined();
    return cookie!;
  };

  /** Start → sign in at the provider as `login` → the callback URL and the flow cookie to send with it. */
  const signIn = async (provider: string, login: string, query: Record<string, string> = {}) => {
    const start = await t.request('GET', `/auth/login/${provider}`, { query });
    expect(start.statusCode, start.body).toBe(302);
    const cookie = flowCookieOf(start, provider);
    const back = await idp.signIn(start.headers.location as string, login, callback(provider));
    return { url: back, cookie: `${cookie.name}=${cookie.value}` };
  };
  const finish = (flow: { url: URL; cookie: string }, url: URL = flow.url) =>
    t.request('GET', `${url.pathname}${url.search}`, { headers: { cookie: flow.cookie } });

  /** Who a token belongs to (GET /users/me), with the fields an administrator sees of that user. */
  const me = async (token: string) => {
    const response = await t.request('GET', '/users/me', { token });
    expect(response.statusCode, response.body).toBe(200);
    const id = String(dataOf(response).id);
    const full = await t.request('GET', `/users/${id}`, {
      token: t.adminToken,
      query: { fields: 'id,email,provider,external_identifier,first_name,last_name,role' },
    });
    return dataOf(full);
  };

  describe('listing providers', () => {
    it("GET /auth answers Directus's shape, label and icon only when set", async () => {
      const response = await t.request('GET', '/auth');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: [
          { name: 'corp', driver: 'openid', label: 'Corporate', icon: 'account_circle' },
          { name: 'signup', driver: 'openid' },
          { name: 'plain', driver: 'oauth2' },
          { name: 'down', driver: 'openid' },
        ],
        disableDefault: false,
      });
    });

    it('GET /auth?sessionOnly hides providers that deliver a refresh cookie', async () => {
      const names = (r: LightMyRequestResponse) => dataOf<{ name: string }[]>(r).map((p) => p.name);
      expect(names(await t.request('GET', '/auth?sessionOnly'))).toEqual(['corp', 'plain', 'down']);
      expect(names(await t.request('GET', '/auth?sessionOnly=false'))).toEqual(['corp', 'signup', 'plain', 'down']);
    });

    it("GET /auth/oauth answers the provider keys (the specification's shape)", async () => {
      const response = await t.request('GET', '/auth/oauth');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: ['corp', 'signup', 'plain', 'down'] });
    });
  });

  describe('starting a sign-in', () => {
    it('redirects to the provider with the code flow, PKCE S256, state and nonce, and sets a short-lived flow cookie', async () => {
      for (const path of ['/auth/login/corp', '/auth/oauth/corp', '/auth/login/CORP']) {
        const response = await t.request('GET', path);
        expect(response.statusCode, path).toBe(302);
        const location = new URL(response.headers.location as string);
        expect(`${location.origin}${location.pathname}`).toBe(`${idp.issuer}/auth`);
        const params = Object.fromEntries(location.searchParams);
        expect(params).toMatchObject({
          client_id: idp.clientId,
          response_type: 'code',
          redirect_uri: callback('corp'),
          scope: 'openid profile email',
          code_challenge_method: 'S256',
        });
        expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(params.state!.length).toBeGreaterThanOrEqual(32);
        expect(params.nonce!.length).toBeGreaterThanOrEqual(32);
        const cookie = response.cookies.find((c) => c.name === 'openid.corp');
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 300 });
        // The verifier and state travel encrypted: the cookie does not show them.
        expect(cookie!.value).not.toContain(params.state);
      }
    });

    it('ignores a stale token on the start and the callback (the browser may still carry an old session)', async () => {
      const stale = { authorization: 'Bearer not-a-valid-token' };
      expect((await t.request('GET', '/auth/login/corp', { headers: stale })).statusCode).toBe(302);
      expect((await t.request('GET', '/auth/oauth/corp', { headers: stale })).statusCode).toBe(302);
      expectError(await t.request('GET', '/auth/login/corp/callback?code=x&state=y', { headers: stale }), 401, 'INVALID_CREDENTIALS');
    });

    it('uses a fresh state and verifier for every start', async () => {
      const a = new URL((await t.request('GET', '/auth/login/corp')).headers.location as string);
      const b = new URL((await t.request('GET', '/auth/login/corp')).headers.location as string);
      expect(a.searchParams.get('state')).not.toBe(b.searchParams.get('state'));
      expect(a.searchParams.get('code_challenge')).not.toBe(b.searchParams.get('code_challenge'));
    });

    it('answers 503 SERVICE_UNAVAILABLE when the provider cannot be reached, and sets no flow cookie', async () => {
      const response = await t.request('GET', '/auth/login/down');
      expectError(response, 503, 'SERVICE_UNAVAILABLE');
      expect(response.cookies).toHaveLength(0);
    });

    it('answers 404 ROUTE_NOT_FOUND for a provider that is not configured, and for POST', async () => {
      expectError(await t.request('GET', '/auth/login/nope'), 404, 'ROUTE_NOT_FOUND');
      expectError(await t.request('GET', '/auth/oauth/nope'), 404, 'ROUTE_NOT_FOUND');
      expectError(await t.request('GET', '/auth/login/nope/callback'), 404, 'ROUTE_NOT_FOUND');
      expectError(await t.request('GET', '/auth/login/default'), 404, 'ROUTE_NOT_FOUND');
      expectError(await t.request('POST', '/auth/login/corp', { body: {} }), 404, 'ROUTE_NOT_FOUND');
    });
  });

  describe('open redirects', () => {
    const refused = [
      'https://evil.example.org/signed-in',
      'https://app.example.com.evil.org/signed-in',
      'https://app.example.com@evil.org/signed-in',
      'https://user:pass@app.example.com/signed-in',
      'https://app.example.com/signed-in/../admin',
      'https://app.example.com/other',
      'http://app.example.com/signed-in',
      'https://stratum.test:8055.evil.org/',
      '//evil.example.org/',
      '/\\evil.example.org/',
      '\\\\evil.example.org/',
      '/\t/evil.example.org/',
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'evil.example.org',
      `https://app.example.com/${'a'.repeat(2100)}`,
    ];

    it.each(refused)('refuses %s with 400 INVALID_PAYLOAD, before any flow starts', async (redirect) => {
      const response = await t.request('GET', '/auth/login/corp', { query: { redirect } });
      const error = expectError(response, 400, 'INVALID_PAYLOAD');
      expect(error.message).toContain("can't be used to redirect after login");
      expect(response.headers.location).toBeUndefined();
      expect(response.cookies.find((c) => c.name === 'openid.corp')).toBeUndefined();
    });

    it('refuses a redirect given twice (not a string)', async () => {
      expectError(
        await t.request('GET', '/auth/login/corp?redirect=https://app.example.com/signed-in&redirect=https://evil.example.org/'),
        400,
        'INVALID_PAYLOAD',
      );
    });

    it('accepts the allow list (query may differ), the origin of PUBLIC_URL and paths on this server', async () => {
      for (const redirect of [
        'https://app.example.com/signed-in',
        'https://app.example.com/signed-in?tab=2',
        `${PUBLIC_URL}/admin/content`,
        '/admin/content',
      ]) {
        const response = await t.request('GET', '/auth/login/corp', { query: { redirect } });
        expect(response.statusCode, redirect).toBe(302);
      }
    });

    it('the allow list of one provider does not open another', async () => {
      expectError(
        await t.request('GET', '/auth/login/plain', { query: { redirect: 'https://app.example.com/signed-in' } }),
        400,
        'INVALID_PAYLOAD',
      );
    });
  });

  describe('signing in', () => {
    it('start, sign in at the provider, callback, tokens, /users/me, refresh and the login in the activity log', async () => {
      const { sub, email } = person();
      const userId = await createUser({ email, provider: 'corp', external_identifier: sub });
      const flow = await signIn('corp', sub);
      expect(flow.url.searchParams.get('code')).toBeTruthy();

      const response = await finish(flow);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.cookies.find((c) => c.name === 'openid.corp')).toMatchObject({ value: '', maxAge: 0 });
      const tokens = dataOf<Tokens>(response);
      expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires', 'refresh_token']);
      expect(tokens.expires).toBe(900000);
      expect(await me(tokens.access_token)).toMatchObject({ id: userId, email, provider: 'corp', external_identifier: sub });

      const refreshed = await t.request('POST', '/auth/refresh', { body: { refresh_token: tokens.refresh_token } });
      expect(refreshed.statusCode).toBe(200);

      const activity = await t.request('GET', '/activity', {
        token: t.adminToken,
        query: { filter: JSON.stringify({ action: { _eq: 'login' }, user: { _eq: userId } }) },
      });
      expect(dataOf<unknown[]>(activity)).toHaveLength(1);
      // The provider's token endpoint was used with the code.
      expect(idp.requests).toContain('POST /token');
    });

    it("refuses a callback whose state was changed, without a flow cookie, or with another provider's cookie", async () => {
      const { sub, email } = person();
      await createUser({ email, provider: 'corp', external_identifier: sub });
      const flow = await signIn('corp', sub);
      const tampered = new URL(flow.url);
      tampered.searchParams.set('state', 'not-the-state');
      expectError(await finish(flow, tampered), 401, 'INVALID_CREDENTIALS');
      const noState = new URL(flow.url);
      noState.searchParams.delete('state');
      expectError(await finish(flow, noState), 401, 'INVALID_CREDENTIALS');
      expectError(await t.request('GET', `${flow.url.pathname}${flow.url.search}`), 401, 'INVALID_CREDENTIALS');
      expectError(
        await t.request('GET', `${flow.url.pathname}${flow.url.search}`, { headers: { cookie: `openid.corp=${'x'.repeat(40)}` } }),
        401,
        'INVALID_CREDENTIALS',
      );
      const other = await t.request('GET', '/auth/login/signup');
      const otherCookie = other.cookies.find((c) => c.name === 'openid.signup')!;
      expectError(
        await t.request('GET', `${flow.url.pathname}${flow.url.search}`, { headers: { cookie: `openid.corp=${otherCookie.value}` } }),
        401,
        'INVALID_CREDENTIALS',
      );
    });

    it("refuses a code used twice and a callback that carries the provider's error", async () => {
      const { sub, email } = person();
      await createUser({ email, provider: 'corp', external_identifier: sub });
      const flow = await signIn('corp', sub);
      expect((await finish(flow)).statusCode).toBe(200);
      expectError(await finish(flow), 401, 'INVALID_CREDENTIALS');

      const denied = await signIn('corp', sub);
      const url = new URL(callback('corp'));
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('state', denied.url.searchParams.get('state')!);
      url.searchParams.set('iss', idp.issuer);
      expectError(await finish(denied, url), 401, 'INVALID_CREDENTIALS');
    });

    it('a flow cookie expires after five minutes', async () => {
      const { sub, email } = person();
      await createUser({ email, provider: 'corp', external_identifier: sub });
      const start = await t.request('GET', '/auth/login/corp');
      const cookie = start.cookies.find((c) => c.name === 'openid.corp')!;
      const url = await idp.signIn(start.headers.location as string, sub, callback('corp'));
      offset = 6 * 60 * 1000;
      try {
        expectError(
          await t.request('GET', `${url.pathname}${url.search}`, { headers: { cookie: `openid.corp=${cookie.value}` } }),
          401,
          'INVALID_CREDENTIALS',
        );
      } finally {
        offset = 0;
      }
    });

    it('without registration, an unknown person is refused and no user is created', async () => {
      const { sub, email } = person();
      expectError(await finish(await signIn('corp', sub)), 401, 'INVALID_CREDENTIALS');
      const users = await t.request('GET', '/users', { token: t.adminToken, query: { filter: JSON.stringify({ email: { _eq: email } }) } });
      expect(dataOf<unknown[]>(users)).toHaveLength(0);
    });

    it('never signs in as a user of another provider, the password users included', async () => {
      const { sub, email } = person();
      await createUser({ email, password: 'Password-123', provider: 'default' });
      await createUser({ email: `other-${email}`, provider: 'plain', external_identifier: sub });
      expectError(await finish(await signIn('corp', sub)), 401, 'INVALID_CREDENTIALS');
    });

    it('binds a user created ahead of time for the provider by e-mail on the first sign-in', async () => {
      const { sub, email } = person();
      const userId = await createUser({ email, provider: 'corp' });
      const tokens = dataOf<Tokens>(await finish(await signIn('corp', sub)));
      expect(await me(tokens.access_token)).toMatchObject({ id: userId, external_identifier: sub });
      // Only while unbound: another identity with the same e-mail does not take the account over.
      const intruder = person({ email });
      expectError(await finish(await signIn('corp', intruder.sub)), 401, 'INVALID_CREDENTIALS');
    });

    it('does not bind by an e-mail the provider calls unverified', async () => {
      const { sub, email } = person({ email_verified: false });
      await createUser({ email, provider: 'corp' });
      expectError(await finish(await signIn('corp', sub)), 401, 'INVALID_CREDENTIALS');
    });

    it('asks a user with two-factor on for the code given at the start (?otp=), as a password login does', async () => {
      const { sub, email } = person();
      const userId = await createUser({ email, provider: 'corp', external_identifier: sub });
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      await t.app.knex('service_users').where({ id: userId }).update({ tfa_secret: secret });

      expectError(await finish(await signIn('corp', sub)), 401, 'INVALID_OTP');
      expectError(
        await finish(await signIn('corp', sub, { otp: '000000' === totpCode(secret, new Date()) ? '111111' : '000000' })),
        401,
        'INVALID_OTP',
      );
      const sessions = await t.app.knex('service_sessions').where({ user: userId });
      expect(sessions).toHaveLength(0);
      const failed = await t.app.knex('service_activity').where({ action: 'login_failed', user: userId });
      expect(failed).toHaveLength(2);

      const response = await finish(await signIn('corp', sub, { otp: totpCode(secret, new Date()) }));
      expect(response.statusCode, response.body).toBe(200);
      expect(await me(dataOf<Tokens>(response).access_token)).toMatchObject({ id: userId });
    });

    it('refuses users who are not active', async () => {
      const { sub, email } = person();
      await createUser({ email, provider: 'corp', external_identifier: sub, status: 'suspended' });
      expectError(await finish(await signIn('corp', sub)), 401, 'INVALID_CREDENTIALS');
    });

    it('a password login is refused for a user of a provider', async () => {
      const { sub, email } = person();
      await createUser({ email, provider: 'corp', external_identifier: sub, password: 'Password-123' });
      expectError(await t.request('POST', '/auth/login', { body: { email, password: 'Password-123' } }), 401, 'INVALID_CREDENTIALS');
    });
  });

  describe('registration', () => {
    it('creates an active user of the provider in the default role, then signs the same user in again', async () => {
      const { sub, email } = person();
      const first = dataOf<Tokens>(await finish(await signIn('signup', sub)));
      const user = await me(first.access_token);
      expect(user).toMatchObject({ email, provider: 'signup', external_identifier: sub, first_name: 'Ada', role: ROLE_ID });

      idp.accounts.set(sub, { ...idp.accounts.get(sub)!, given_name: 'Augusta' });
      const second = dataOf<Tokens>(await finish(await signIn('signup', sub)));
      expect(await me(second.access_token)).toMatchObject({ id: user.id, first_name: 'Augusta' });
      const users = await t.request('GET', '/users', {
        token: t.adminToken,
        query: { filter: JSON.stringify({ external_identifier: { _eq: sub } }) },
      });
      expect(dataOf<unknown[]>(users)).toHaveLength(1);
    });

    it('refuses an e-mail held by another account (403 INVALID_PROVIDER) and leaves that account alone', async () => {
      const { sub, email } = person();
      const passwordUser = await createUser({ email, password: 'Password-123' });
      expectError(await finish(await signIn('signup', sub)), 403, 'INVALID_PROVIDER');
      const login = await t.request('POST', '/auth/login', { body: { email, password: 'Password-123' } });
      expect(await me(dataOf<Tokens>(login).access_token)).toMatchObject({
        id: passwordUser,
        provider: 'default',
        external_identifier: null,
      });
    });

    it('refuses registration without a verified e-mail when REQUIRE_VERIFIED_EMAIL is set', async () => {
      const { sub } = person({ email_verified: false });
      expectError(await finish(await signIn('signup', sub)), 401, 'INVALID_CREDENTIALS');
    });
  });

  describe('sessions delivered with a redirect', () => {
    it('session mode: session and refresh cookies, then 302 to the allowed redirect', async () => {
      const { sub, email } = person();
      const userId = await createUser({ email, provider: 'corp', external_identifier: sub });
      const response = await finish(await signIn('corp', sub, { redirect: 'https://app.example.com/signed-in?tab=2' }));
      expect(response.statusCode, response.body).toBe(302);
      expect(response.headers.location).toBe('https://app.example.com/signed-in?tab=2');
      const session = response.cookies.find((c) => c.name === 'service_session_token')!;
      expect(session).toMatchObject({ httpOnly: true, path: '/' });
      expect(response.cookies.find((c) => c.name === 'service_refresh_token')).toBeDefined();
      const whoami = await t.request('GET', '/users/me', { headers: { cookie: `service_session_token=${session.value}` } });
      expect(dataOf(whoami).id).toBe(userId);
    });

    it('cookie mode: the refresh cookie only, which /auth/refresh accepts', async () => {
      const { sub } = person();
      const response = await finish(await signIn('signup', sub, { redirect: '/admin/content' }));
      expect(response.statusCode, response.body).toBe(302);
      expect(response.headers.location).toBe(`${PUBLIC_URL}/admin/content`);
      expect(response.cookies.find((c) => c.name === 'service_session_token')).toBeUndefined();
      const refresh = response.cookies.find((c) => c.name === 'service_refresh_token')!;
      const viaCookie = await t.request('POST', '/auth/refresh', { headers: { cookie: `service_refresh_token=${refresh.value}` } });
      expect(viaCookie.statusCode, viaCookie.body).toBe(200);
      expect((await me(dataOf<Tokens>(viaCookie).access_token)).external_identifier).toBe(sub);
    });

    it('`mode` chooses the delivery as on POST /auth/login: cookie or session, with or without a redirect', async () => {
      const { sub, email } = person();
      const userId = await createUser({ email, provider: 'corp', external_identifier: sub });

      const cookieMode = await finish(await signIn('corp', sub, { mode: 'cookie' }));
      expect(cookieMode.statusCode, cookieMode.body).toBe(200);
      expect(Object.keys(dataOf(cookieMode)).sort()).toEqual(['access_token', 'expires']);
      expect(cookieMode.cookies.find((c) => c.name === 'service_refresh_token')?.value).toBeTruthy();

      const sessionMode = await finish(await signIn('corp', sub, { mode: 'session' }));
      expect(sessionMode.statusCode, sessionMode.body).toBe(200);
      expect(Object.keys(dataOf(sessionMode))).toEqual(['expires']);
      const session = sessionMode.cookies.find((c) => c.name === 'service_session_token')!;
      expect(dataOf(await t.request('GET', '/users/me', { headers: { cookie: `service_session_token=${session.value}` } })).id).toBe(
        userId,
      );

      const redirected = await finish(await signIn('corp', sub, { redirect: '/admin', mode: 'cookie' }));
      expect(redirected.statusCode).toBe(302);
      expect(redirected.cookies.find((c) => c.name === 'service_session_token')).toBeUndefined();
      expect(redirected.cookies.find((c) => c.name === 'service_refresh_token')).toBeDefined();
    });

    it('refuses an unknown mode, and json with a redirect (tokens never travel in a redirect)', async () => {
      expectError(await t.request('GET', '/auth/login/corp', { query: { mode: 'jwt' } }), 400, 'INVALID_PAYLOAD');
      expectError(await t.request('GET', '/auth/login/corp', { query: { mode: 'json', redirect: '/admin' } }), 400, 'INVALID_PAYLOAD');
    });

    it('a failed sign-in goes back to the redirect with the reason, and sets no session', async () => {
      const { sub } = person();
      const response = await finish(await signIn('corp', sub, { redirect: 'https://app.example.com/signed-in?tab=2' }));
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://app.example.com/signed-in?reason=INVALID_CREDENTIALS');
      expect(response.cookies.find((c) => c.name === 'service_session_token')).toBeUndefined();
      expect(response.cookies.find((c) => c.name === 'service_refresh_token')).toBeUndefined();
    });
  });

  describe('the oauth2 driver', () => {
    it('signs in through the configured endpoints and the profile URL, matching the e-mail as identifier', async () => {
      const { sub, email } = person();
      const userId = await createUser({ email, provider: 'plain', external_identifier: email });
      const start = await t.request('GET', '/auth/login/plain');
      const params = new URL(start.headers.location as string).searchParams;
      expect(params.get('nonce')).toBeNull();
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(start.cookies.find((c) => c.name === 'oauth2.plain')).toBeDefined();
      const tokens = dataOf<Tokens>(await finish(await signIn('plain', sub)));
      expect(await me(tokens.access_token)).toMatchObject({ id: userId, provider: 'plain' });
    });
  });
});
