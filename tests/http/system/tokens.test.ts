import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { TEST_ENV } from '../../setup/test-config.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

type Row = Record<string, unknown>;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('presenting access tokens', () => {
  let t: TestApp;
  let adminId = '';
  beforeAll(async () => {
    t = await createTestApp();
    adminId = String((await t.app.knex('service_users').first()).id);
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (options: { url?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {}) =>
    t.app.server.inject({
      method: 'GET',
      url: options.url ?? '/users/me?fields=email',
      headers: options.headers,
      cookies: options.cookies,
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const sign = (claims: Row, options: { secret?: string; exp?: number; iss?: string } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 10)
      .setExpirationTime(options.exp ?? now + 600)
      .setIssuer(options.iss ?? 'stratum')
      .sign(new TextEncoder().encode(options.secret ?? TEST_ENV.SECRET));
  };
  const adminClaims = () => ({ id: adminId, role: null, app_access: true, admin_access: true });

  it('accepts the token as ?access_token', async () => {
    const response = await me({ url: `/users/me?fields=email&access_token=${t.adminToken}` });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({ email: 'admin@example.com' });
  });

  it('accepts the token as Authorization: Bearer (scheme in any case)', async () => {
    expect((await me({ headers: bearer(t.adminToken) })).statusCode).toBe(200);
    expect((await me({ headers: { authorization: `bearer ${t.adminToken}` } })).statusCode).toBe(200);
  });

  it('answers 400 INVALID_PAYLOAD when the query and the header both carry a token', async () => {
    const error = expectError(
      await me({ url: `/users/me?access_token=${t.adminToken}`, headers: bearer(t.adminToken) }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(error.extensions.reason).toBe('The request uses more than one method for including an access token');
  });

  it('prefers the query token over the session cookie without an error', async () => {
    const response = await me({
      url: `/users/me?fields=email&access_token=${t.adminToken}`,
      cookies: { service_session_token: 'garbage' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 403 INVALID_TOKEN for a tampered signature', async () => {
    const [header, payload, signature] = t.adminToken.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expectError(await me({ headers: bearer(`${header}.${payload}.${flipped}`) }), 403, 'INVALID_TOKEN');
  });

  it('answers 403 INVALID_TOKEN for a tampered payload (claims changed, signature kept)', async () => {
    const user = await t.userWith({});
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Row;
    const forged = `${header}.${b64({ ...claims, admin_access: true, id: adminId })}.${signature}`;
    expectError(await me({ headers: bearer(forged) }), 403, 'INVALID_TOKEN');
  });

  it('answers 403 INVALID_TOKEN for a token signed with another secret', async () => {
    expectError(
      await me({ headers: bearer(await sign(adminClaims(), { secret: 'another-secret-0123456789abcdefgh' })) }),
      403,
      'INVALID_TOKEN',
    );
  });

  it('answers 401 TOKEN_EXPIRED for an expired token', async () => {
    const expired = await sign(adminClaims(), { exp: Math.floor(Date.now() / 1000) - 60 });
    const error = expectError(await me({ headers: bearer(expired) }), 401, 'TOKEN_EXPIRED');
    expect(error.message).toBe('Token expired.');
  });

  it('refuses alg: none', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...adminClaims(), iss: 'stratum', exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    expectError(await me({ headers: bearer(none) }), 403, 'INVALID_TOKEN');
    const noneSigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...adminClaims(), iss: 'stratum', exp: Math.floor(Date.now() / 1000) + 600 })}.c2ln`;
    expectError(await me({ headers: bearer(noneSigned) }), 403, 'INVALID_TOKEN');
  });

  it('refuses another HMAC algorithm than HS256', async () => {
    const hs512 = await new SignJWT(adminClaims())
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('stratum')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(TEST_ENV.SECRET));
    expectError(await me({ headers: bearer(hs512) }), 403, 'INVALID_TOKEN');
  });

  it('answers 403 INVALID_TOKEN for a valid signature without the required claims', async () => {
    expectError(await me({ headers: bearer(await sign({ id: adminId })) }), 403, 'INVALID_TOKEN');
  });

  it('computes rights from policies, not from the claims', async () => {
    const user = await t.userWith({});
    // The user's own sign-in (`sid`), so only the boasting claims differ from a token the server issued.
    const { sid } = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };
    const boasting = await sign({ id: user.userId, role: user.roleId, app_access: true, admin_access: true, sid });
    expectError(await t.app.server.inject({ method: 'GET', url: '/users', headers: bearer(boasting) }), 403, 'FORBIDDEN');
  });

  it('treats a JWT of another issuer as a static token (401 when unknown)', async () => {
    expectError(await me({ headers: bearer(await sign(adminClaims(), { iss: 'directus' })) }), 401, 'INVALID_CREDENTIALS');
  });

  it("accepts a user's static token and refuses an unknown one", async () => {
    const token = 'static-token-abcdefghijklmnopqrstuvwxyz';
    await t.request('PATCH', `/users/${adminId}`, { token: t.adminToken, body: { token } });
    expect((await me({ headers: bearer(token) })).statusCode).toBe(200);
    expectError(await me({ headers: bearer('unknown-static-token') }), 401, 'INVALID_CREDENTIALS');
  });

  it('answers 401 INVALID_CREDENTIALS for a token of a deleted user', async () => {
    const user = await t.userWith({});
    await t.request('DELETE', `/users/${user.userId}`, { token: t.adminToken });
    expectError(await me({ headers: bearer(user.token) }), 401, 'INVALID_CREDENTIALS');
  });

  it('clears a bad session cookie', async () => {
    const response = await me({ cookies: { service_session_token: 'not-a-real-token' } });
    expectError(response, 401, 'INVALID_CREDENTIALS');
    const cleared = response.cookies.find((c) => c.name === 'service_session_token');
    expect(cleared?.value).toBe('');
  });

  it('answers 403 (not 401) for a request without a token to a protected route', async () => {
    expectError(await me({ url: '/users' }), 403, 'FORBIDDEN');
    // /users/me is the exception: no user at all is 401 INVALID_CREDENTIALS (Directus).
    expectError(await me(), 401, 'INVALID_CREDENTIALS');
  });
});

describe('access tokens and the app clock', () => {
  let t: TestApp;
  let offset = 0;
  beforeAll(async () => {
    t = await createTestApp({ ACCESS_TOKEN_TTL: '15m' }, { now: () => new Date(Date.now() + offset) });
  });
  afterAll(async () => {
    await t.close();
  });
  const me = (token: string) =>
    t.app.server.inject({ method: 'GET', url: '/users/me?fields=email', headers: { authorization: `Bearer ${token}` } });

  it('expires an access token when the clock passes its lifetime, and takes one signed at the moved time', async () => {
    const token = await t.login('admin@example.com', 'AdminPass123!');
    offset += 14 * 60_000;
    expect((await me(token)).statusCode).toBe(200);
    offset += 2 * 60_000;
    const error = expectError(await me(token), 401, 'TOKEN_EXPIRED');
    expect(error.message).toBe('Token expired.');
    // A login now signs with the moved clock and is checked against it: good for its own fifteen minutes.
    const later = await t.login('admin@example.com', 'AdminPass123!');
    expect(dataOf<Row>(await me(later)).email).toBe('admin@example.com');
    offset += 16 * 60_000;
    expectError(await me(later), 401, 'TOKEN_EXPIRED');
  });
});
