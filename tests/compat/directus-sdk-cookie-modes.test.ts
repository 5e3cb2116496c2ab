import { authentication, createDirectus, readMe, rest } from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

/**
 * A fetch with a cookie jar, as a browser (or a Node client with a jar) keeps cookies: what the server sets is
 * sent back with later requests, and a cleared cookie is forgotten.
 */
function fetchWithCookieJar() {
  const jar = new Map<string, string>();
  const jarFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const cleared = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (cleared) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return { jar, fetch: jarFetch as typeof fetch };
}

/** @directus/sdk as a real client in the cookie and session modes: login, refresh from the cookie, logout. */
describe('@directus/sdk authentication in cookie and session modes', () => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const client = (mode: 'cookie' | 'session') => {
    const { jar, fetch } = fetchWithCookieJar();
    const sdk = createDirectus(url, { globals: { fetch } })
      .with(authentication(mode, { autoRefresh: false, credentials: 'include' }))
      .with(rest({ credentials: 'include' }));
    return { sdk, jar };
  };
  const refreshCookie = (jar: Map<string, string>) => jar.get('service_refresh_token');

  it('cookie mode: the refresh token only travels in the httpOnly cookie, refresh rotates it, logout kills it', async () => {
    const { sdk, jar } = client('cookie');
    const auth = await sdk.login({ email: 'admin@example.com', password: 'AdminPass123!' });
    expect(auth.refresh_token ?? null).toBeNull();
    expect(typeof auth.access_token).toBe('string');
    const first = refreshCookie(jar);
    expect(first).toMatch(/^[\w-]{64}$/);
    expect((await sdk.request(readMe({ fields: ['email'] }))).email).toBe('admin@example.com');

    const renewed = await sdk.refresh();
    expect(typeof renewed.access_token).toBe('string');
    const second = refreshCookie(jar);
    expect(second).toMatch(/^[\w-]{64}$/);
    expect(second).not.toBe(first);
    expect((await sdk.request(readMe({ fields: ['email'] }))).email).toBe('admin@example.com');

    await sdk.logout();
    expect(refreshCookie(jar)).toBeUndefined();
    // The rotated-out token is dead too: presented again after logout, it is refused.
    const reuse = await fetch(`${url}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `service_refresh_token=${second}` },
      body: '{"mode":"cookie"}',
    });
    expect(reuse.status).toBe(401);
    expect(((await reuse.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('INVALID_CREDENTIALS');
  });

  it('session mode: the session cookie authenticates requests, refresh renews it, logout ends it', async () => {
    const { sdk, jar } = client('session');
    await sdk.login({ email: 'admin@example.com', password: 'AdminPass123!' });
    const session = jar.get('service_session_token');
    expect(session).toBeTruthy();
    expect((await sdk.request(readMe({ fields: ['email'] }))).email).toBe('admin@example.com');

    await sdk.refresh();
    expect(jar.get('service_session_token')).toBeTruthy();
    expect((await sdk.request(readMe({ fields: ['email'] }))).email).toBe('admin@example.com');

    await sdk.logout();
    expect(jar.get('service_session_token')).toBeUndefined();
    const stale = await fetch(`${url}/users/me`, { headers: { cookie: `service_session_token=${session}` } });
    expect(stale.status).toBe(401);
  });

  it('cookie mode: a refresh without the cookie is refused with a clear 400', async () => {
    const { sdk } = client('cookie');
    let caught: unknown;
    try {
      await sdk.refresh();
    } catch (error) {
      caught = error;
    }
    expect((caught as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('INVALID_PAYLOAD');
  });
});
