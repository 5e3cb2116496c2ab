import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer } from '../../../tests/support/build-test-server.js';
import { ignoresStaleToken } from './authenticate.js';

let server: FastifyInstance;
afterEach(async () => {
  await server?.close();
});

function build(env?: Record<string, string>) {
  const built = buildTestServer({ env });
  server = built.server;
  return built;
}

describe('authenticatePlugin', () => {
  it('resolves a request without a token to the public accountability', async () => {
    const { calls } = build();
    const res = await server.inject('/test/whoami');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user: null, admin: false });
    expect(calls[0]?.token).toBeNull();
  });

  it('reads the token from ?access_token', async () => {
    const { calls } = build();
    const res = await server.inject('/test/whoami?access_token=admin');
    expect(res.json().data).toMatchObject({ user: 'u-admin', admin: true });
    expect(calls[0]?.token).toBe('admin');
  });

  it('reads the token from Authorization: Bearer (scheme case-insensitive)', async () => {
    build();
    const res = await server.inject({ url: '/test/whoami', headers: { authorization: 'bearer user' } });
    expect(res.json().data).toMatchObject({ user: 'u-user' });
  });

  it('ignores other authorization schemes', async () => {
    const { calls } = build();
    await server.inject({ url: '/test/whoami', headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(calls[0]?.token).toBeNull();
  });

  it('reads the token from the session cookie', async () => {
    build();
    const res = await server.inject({ url: '/test/whoami', headers: { cookie: 'service_session_token=user' } });
    expect(res.json().data).toMatchObject({ user: 'u-user' });
  });

  it('honours SESSION_COOKIE_NAME', async () => {
    build({ SESSION_COOKIE_NAME: 'my_session' });
    const res = await server.inject({ url: '/test/whoami', headers: { cookie: 'my_session=admin' } });
    expect(res.json().data).toMatchObject({ user: 'u-admin' });
  });

  it('prefers the query token over the cookie', async () => {
    build();
    const res = await server.inject({ url: '/test/whoami?access_token=admin', headers: { cookie: 'service_session_token=user' } });
    expect(res.json().data).toMatchObject({ user: 'u-admin' });
  });

  it('answers 400 when the query and the header both carry a token', async () => {
    build();
    const res = await server.inject({ url: '/test/whoami?access_token=admin', headers: { authorization: 'Bearer user' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      message: 'Invalid payload. The request uses more than one method for including an access token.',
      extensions: { reason: 'The request uses more than one method for including an access token', code: 'INVALID_PAYLOAD' },
    });
  });

  it('fails a request with an expired token with 401 TOKEN_EXPIRED, even on a public route', async () => {
    build();
    const res = await server.inject({ url: '/server/health', headers: { authorization: 'Bearer expired' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].extensions.code).toBe('TOKEN_EXPIRED');
  });

  it('fails a request with a bad token with 403 INVALID_TOKEN and clears a bad session cookie', async () => {
    build();
    const res = await server.inject({ url: '/test/whoami', headers: { cookie: 'service_session_token=bad' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].extensions.code).toBe('INVALID_TOKEN');
    expect(String(res.headers['set-cookie'])).toMatch(/^service_session_token=;.*Max-Age=0/);
  });

  it('does not clear anything when the bad token came from the header', async () => {
    build();
    const res = await server.inject({ url: '/test/whoami', headers: { authorization: 'Bearer gone' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['/auth/login', 'expired'],
    ['/auth/login', 'bad'],
    ['/auth/refresh', 'gone'],
    ['/auth/password/request', 'expired'],
  ])('ignores a stale token on %s (%s) and treats the request as public', async (url, token) => {
    const { calls } = build();
    const res = await server.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { user: null } });
    expect(calls.map((c) => c.token)).toEqual([token, null]);
  });

  it('does not ignore a stale token on /auth/logout', async () => {
    build();
    const res = await server.inject({ method: 'POST', url: '/auth/logout', headers: { authorization: 'Bearer expired' } });
    expect(res.statusCode).toBe(401);
  });

  it('passes the client IP, user agent (cut at 1024) and origin', async () => {
    const { calls } = build();
    await server.inject({
      url: '/test/whoami',
      headers: { 'user-agent': 'x'.repeat(2000), origin: 'https://app.example.com' },
      remoteAddress: '::ffff:10.0.0.7',
    });
    expect(calls[0]).toMatchObject({ ip: '10.0.0.7', origin: 'https://app.example.com' });
    expect(calls[0]?.userAgent).toHaveLength(1024);
  });

  it('reads the client IP from IP_CUSTOM_HEADER', async () => {
    const { calls } = build({ IP_CUSTOM_HEADER: 'CF-Connecting-IP' });
    await server.inject({ url: '/test/whoami', headers: { 'cf-connecting-ip': '203.0.113.9' } });
    expect(calls[0]?.ip).toBe('203.0.113.9');
  });

  it('trusts X-Forwarded-For only with IP_TRUST_PROXY', async () => {
    const untrusted = build();
    await server.inject({ url: '/test/whoami', headers: { 'x-forwarded-for': '198.51.100.1' }, remoteAddress: '10.0.0.1' });
    expect(untrusted.calls[0]?.ip).toBe('10.0.0.1');
    await server.close();

    const trusted = build({ IP_TRUST_PROXY: 'true' });
    await server.inject({ url: '/test/whoami', headers: { 'x-forwarded-for': '198.51.100.1' }, remoteAddress: '10.0.0.1' });
    expect(trusted.calls[0]?.ip).toBe('198.51.100.1');
  });
});

describe('ignoresStaleToken', () => {
  it.each([
    ['/auth/login', true],
    ['/auth/login/github', true],
    ['/auth/login/github/callback', true],
    ['/auth/oauth/github', true],
    ['/auth/oauth', false],
    ['/auth/refresh', true],
    ['/auth/refresh/', true],
    ['/auth/password/reset', true],
    ['/auth/logout', false],
    ['/auth/loginx', false],
    ['/items/auth', false],
  ])('%s → %s', (path, expected) => {
    expect(ignoresStaleToken(path)).toBe(expected);
  });
});
