import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectError } from '../setup/expect-error.js';
import { gql, gqlData, validationMessages, type GraphqlBody } from './graphql-request.js';

type Tokens = { access_token: string | null; expires: string | null; refresh_token: string | null };

const LOGIN = (mode?: string, password = 'AdminPass123!') =>
  `mutation { auth_login(email: "admin@example.com", password: "${password}"${mode ? `, mode: ${mode}` : ''}) { access_token expires refresh_token } }`;

function cookiesOf(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
}

function cookieValue(cookies: string[], name: string): string | null {
  const cookie = cookies.find((c) => c.startsWith(`${name}=`));
  return cookie ? decodeURIComponent(cookie.slice(name.length + 1).split(';')[0]!) : null;
}

describe('GraphQL auth mutations (/graphql/system)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs in in json mode (public caller) with expires as a string', async () => {
    const response = await gql(t, LOGIN());
    expect(response.statusCode).toBe(200);
    const tokens = (response.json() as { data: { auth_login: Tokens } }).data.auth_login;
    expect(tokens.expires).toBe('900000');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(cookiesOf(response.headers)).toEqual([]);
    const me = await gqlData<{ users_me: { email: string } }>(t, '{ users_me { email } }', { token: tokens.access_token });
    expect(me.users_me.email).toBe('admin@example.com');
  });

  it('answers a wrong password with data null and INVALID_CREDENTIALS', async () => {
    const response = await gql(t, LOGIN(undefined, 'wrong'));
    expect(response.statusCode).toBe(200);
    const body = response.json() as GraphqlBody;
    expect(body.data).toEqual({ auth_login: null });
    expect(body.errors).toEqual([
      {
        message: 'Invalid user credentials.',
        extensions: { code: 'INVALID_CREDENTIALS' },
        locations: [{ line: 1, column: 12 }],
        path: ['auth_login'],
      },
    ]);
  });

  it('logs in in cookie mode: the refresh token is only in an httpOnly cookie', async () => {
    const response = await gql(t, LOGIN('cookie'));
    const tokens = (response.json() as { data: { auth_login: Tokens } }).data.auth_login;
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.refresh_token).toBeNull();
    const cookies = cookiesOf(response.headers);
    const refresh = cookies.find((c) => c.startsWith('service_refresh_token='));
    expect(refresh).toMatch(/HttpOnly/i);
    expect(refresh).toMatch(/Max-Age=604800/);
  });

  it('logs in in session mode: only expires in the body, both cookies set', async () => {
    const response = await gql(t, LOGIN('session'));
    const tokens = (response.json() as { data: { auth_login: Tokens } }).data.auth_login;
    expect(tokens).toEqual({ access_token: null, expires: expect.any(String), refresh_token: null });
    const cookies = cookiesOf(response.headers);
    expect(cookieValue(cookies, 'service_refresh_token')).toEqual(expect.any(String));
    const session = cookieValue(cookies, 'service_session_token')!;
    const me = await t.request('POST', '/graphql/system', {
      headers: { cookie: `service_session_token=${session}` },
      body: { query: '{ users_me { email } }' },
    });
    expect(me.json()).toEqual({ data: { users_me: { email: 'admin@example.com' } } });
  });

  it('refreshes in json mode with the token as an argument, rotating it', async () => {
    const login = await gqlData<{ auth_login: Tokens }>(t, LOGIN());
    const refreshed = await gqlData<{ auth_refresh: Tokens }>(
      t,
      'mutation ($token: String) { auth_refresh(refresh_token: $token) { access_token expires refresh_token } }',
      { variables: { token: login.auth_login.refresh_token } },
    );
    expect(refreshed.auth_refresh.refresh_token).toEqual(expect.any(String));
    expect(refreshed.auth_refresh.refresh_token).not.toBe(login.auth_login.refresh_token);
    expect(refreshed.auth_refresh.access_token).toEqual(expect.any(String));
  });

  it('refreshes in cookie mode with the token from the cookie', async () => {
    const login = await gql(t, LOGIN('cookie'));
    const token = cookieValue(cookiesOf(login.headers), 'service_refresh_token')!;
    const response = await gql(t, 'mutation { auth_refresh(mode: cookie) { access_token refresh_token } }', {
      headers: { cookie: `service_refresh_token=${encodeURIComponent(token)}` },
    });
    const body = response.json() as { data: { auth_refresh: Tokens } };
    expect(body.data.auth_refresh).toEqual({ access_token: expect.any(String), refresh_token: null });
    const next = cookieValue(cookiesOf(response.headers), 'service_refresh_token');
    expect(next).toEqual(expect.any(String));
    expect(next).not.toBe(token);
  });

  it('answers an unknown refresh token with INVALID_CREDENTIALS, and a missing one with INVALID_PAYLOAD', async () => {
    const unknown = (await gql(t, 'mutation { auth_refresh(refresh_token: "nope") { access_token } }')).json() as GraphqlBody;
    expect(unknown.data).toEqual({ auth_refresh: null });
    expect(unknown.errors![0]!.extensions!.code).toBe('INVALID_CREDENTIALS');
    const missing = (await gql(t, 'mutation { auth_refresh { access_token } }')).json() as GraphqlBody;
    expect(missing.errors![0]!.extensions).toMatchObject({ code: 'INVALID_PAYLOAD' });
  });

  it('logs out: returns true, clears the cookies and ends the session', async () => {
    const login = await gqlData<{ auth_login: Tokens }>(t, LOGIN());
    const token = login.auth_login.refresh_token!;
    const response = await gql(t, 'mutation ($token: String) { auth_logout(refresh_token: $token) }', { variables: { token } });
    expect(response.json()).toEqual({ data: { auth_logout: true } });
    const cleared = cookiesOf(response.headers);
    expect(cleared.find((c) => c.startsWith('service_refresh_token='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    const again = (
      await gql(t, 'mutation ($token: String) { auth_refresh(refresh_token: $token) { access_token } }', { variables: { token } })
    ).json() as GraphqlBody;
    expect(again.errors![0]!.extensions!.code).toBe('INVALID_CREDENTIALS');
  });

  it('logs out in cookie mode with the token from the cookie', async () => {
    const login = await gql(t, LOGIN('cookie'));
    const token = cookieValue(cookiesOf(login.headers), 'service_refresh_token')!;
    const cookie = { cookie: `service_refresh_token=${encodeURIComponent(token)}` };
    expect((await gql(t, 'mutation { auth_logout(mode: cookie) }', { headers: cookie })).json()).toEqual({ data: { auth_logout: true } });
    const again = (await gql(t, 'mutation { auth_refresh(mode: cookie) { access_token } }', { headers: cookie })).json() as GraphqlBody;
    expect(again.errors![0]!.extensions!.code).toBe('INVALID_CREDENTIALS');
  });

  it('allows a single-use mutation only once per document, aliases counted', async () => {
    const twice = await gql(
      t,
      `mutation { a: auth_login(email: "a@example.com", password: "x") { expires } b: auth_login(email: "b@example.com", password: "y") { expires } }`,
    );
    expectError(twice, 400, 'GRAPHQL_VALIDATION');
    expect(validationMessages(twice)).toEqual(['"auth_login" can only be used once per request']);
    const viaFragment = await gql(
      t,
      'mutation { ...F auth_refresh(refresh_token: "x") { expires } } fragment F on Mutation { auth_refresh(refresh_token: "y") { expires } }',
    );
    expect(validationMessages(viaFragment)).toContain('"auth_refresh" can only be used once per request');
    const both = await gql(t, 'mutation { auth_login(email: "a@example.com", password: "x") { expires } auth_logout(refresh_token: "y") }');
    expect(both.statusCode).toBe(200);
  });
});
