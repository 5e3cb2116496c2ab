import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';

/**
 * Threat: a page on another site makes the victim's browser send a write that the session (or refresh) cookie
 * authenticates: an HTML form (urlencoded, multipart or text/plain, no preflight) or a no-cors fetch. SameSite=Lax
 * is not enough (same-site subdomains, older browsers, SameSite=None deployments). A write carried by a cookie
 * must be JSON or multipart, and a cross-site Origin / Sec-Fetch-Site is refused unless CORS allows the origin.
 */
describe.each([
  ['CORS off', {}],
  ['CORS allowing https://app.example', { CORS_ENABLED: 'true', CORS_ORIGIN: 'https://app.example' }],
])('cookie-authenticated writes from another site (%s)', (_name, env: Record<string, string>) => {
  let t: TestApp;
  let sessionCookie = '';
  let refreshCookie = '';
  const corsOn = env['CORS_ENABLED'] === 'true';

  beforeAll(async () => {
    t = await createTestApp(env);
    const created = await t.request('POST', '/collections', {
      token: t.adminToken,
      body: {
        collection: 'csrf_notes',
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'title', type: 'string' },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    const session = await t.request('POST', '/auth/login', {
      body: { email: 'admin@example.com', password: 'AdminPass123!', mode: 'session' },
    });
    expect(session.statusCode).toBe(200);
    const sessionSet = session.cookies.find((c) => c.name === t.app.config.auth.sessionCookie.name);
    sessionCookie = `${sessionSet!.name}=${sessionSet!.value}`;
    const cookieLogin = await t.request('POST', '/auth/login', {
      body: { email: 'admin@example.com', password: 'AdminPass123!', mode: 'cookie' },
    });
    const refreshSet = cookieLogin.cookies.find((c) => c.name === t.app.config.auth.refreshCookie.name);
    refreshCookie = `${refreshSet!.name}=${refreshSet!.value}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const titles = async () => {
    const response = await t.request('GET', '/items/csrf_notes', { token: t.adminToken, query: { fields: 'title', limit: '-1' } });
    return dataOf<{ title: string }[]>(response).map((row) => row.title);
  };
  const post = (payload: string, headers: Record<string, string>) =>
    t.app.server.inject({ method: 'POST', url: '/items/csrf_notes', payload, headers });

  it('refuses an urlencoded form post carrying the session cookie from https://evil.example (403), creating nothing', async () => {
    const response = await post('title=forged', {
      cookie: sessionCookie,
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://evil.example',
    });
    expectError(response, 403, 'FORBIDDEN');
    expect(await titles()).not.toContain('forged');
  });

  it('refuses an urlencoded body carrying the session cookie even without an Origin (415)', async () => {
    const response = await post('title=forged-no-origin', { cookie: sessionCookie, 'content-type': 'application/x-www-form-urlencoded' });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await titles()).not.toContain('forged-no-origin');
  });

  it('refuses a cross-site JSON or multipart write by Origin, by Sec-Fetch-Site, and an opaque Origin "null"', async () => {
    const json = { cookie: sessionCookie, 'content-type': 'application/json' };
    expectError(await post('{"title":"x1"}', { ...json, origin: 'https://evil.example' }), 403, 'FORBIDDEN');
    expectError(await post('{"title":"x2"}', { ...json, 'sec-fetch-site': 'cross-site' }), 403, 'FORBIDDEN');
    expectError(
      await post('{"title":"x3"}', { ...json, 'sec-fetch-site': 'same-site', origin: 'https://sub.localhost' }),
      403,
      'FORBIDDEN',
    );
    expectError(await post('{"title":"x4"}', { ...json, origin: 'null' }), 403, 'FORBIDDEN');
    const boundary = 'xBOUNDARYx';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const upload = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload: multipart,
      headers: { cookie: sessionCookie, 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://evil.example' },
    });
    expectError(upload, 403, 'FORBIDDEN');
    const remove = await t.app.server.inject({
      method: 'DELETE',
      url: '/items/csrf_notes/1',
      headers: { cookie: sessionCookie, origin: 'https://evil.example' },
    });
    expectError(remove, 403, 'FORBIDDEN');
    expect(await titles()).toEqual(expect.not.arrayContaining(['x1', 'x2', 'x3', 'x4']));
  });

  it('refuses cross-site /auth/refresh and /auth/logout carried by the refresh cookie', async () => {
    const headers = { cookie: refreshCookie, 'content-type': 'application/json', origin: 'https://evil.example' };
    expectError(
      await t.app.server.inject({ method: 'POST', url: '/auth/refresh', payload: '{"mode":"cookie"}', headers }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await t.app.server.inject({ method: 'POST', url: '/auth/logout', payload: '{"mode":"cookie"}', headers }),
      403,
      'FORBIDDEN',
    );
  });

  it('accepts same-origin JSON and multipart writes with the session cookie (the admin app, the SDK in session mode)', async () => {
    const sameOrigin = await post('{"title":"same-origin"}', {
      cookie: sessionCookie,
      'content-type': 'application/json',
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
    const noOrigin = await post('{"title":"no-origin"}', { cookie: sessionCookie, 'content-type': 'application/json' });
    expect(noOrigin.statusCode).toBe(200);
    const boundary = 'xBOUNDARYx';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const upload = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload: multipart,
      headers: {
        cookie: sessionCookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        origin: 'http://localhost:80',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(upload.statusCode).toBe(200);
    expect(await titles()).toEqual(expect.arrayContaining(['same-origin', 'no-origin']));
  });

  it(`${corsOn ? 'accepts' : 'refuses'} a cookie write from https://app.example, which CORS ${corsOn ? 'allows' : 'does not allow'}`, async () => {
    const response = await post('{"title":"from-app"}', {
      cookie: sessionCookie,
      'content-type': 'application/json',
      origin: 'https://app.example',
      'sec-fetch-site': 'cross-site',
    });
    if (corsOn) expect(response.statusCode).toBe(200);
    else expectError(response, 403, 'FORBIDDEN');
  });

  it('leaves bearer-token and ?access_token= writes alone, and cookie reads', async () => {
    const bearer = await post('title=by-bearer', {
      authorization: `Bearer ${t.adminToken}`,
      cookie: sessionCookie,
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://evil.example',
    });
    expect(bearer.statusCode).toBe(200);
    const query = await t.app.server.inject({
      method: 'POST',
      url: `/items/csrf_notes?access_token=${t.adminToken}`,
      payload: '{"title":"by-query"}',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(query.statusCode).toBe(200);
    const read = await t.app.server.inject({
      method: 'GET',
      url: '/users/me',
      headers: { cookie: sessionCookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(await titles()).toEqual(expect.arrayContaining(['by-bearer', 'by-query']));
  });
});
