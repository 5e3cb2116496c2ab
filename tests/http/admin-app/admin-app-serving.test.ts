import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src/http/routes/index.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';

const INDEX =
  '<!doctype html><html lang="en"><head><script type="module" src="/admin/assets/index-abc123.js"></script></head><body><div id="app"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** A built app as scripts/build-app.ts leaves it: index.html, hashed assets, .gz beside them. */
async function fakeBuild(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'stratum-app-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), INDEX);
  await writeFile(join(root, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(root, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, '.env'), 'SECRET=never-served');
  return root;
}

describe('the admin app at /admin', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = await fakeBuild();
    t = await createTestApp({}, { adminAppRoot: root });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves index.html at /admin, never cached without asking, with a CSP that allows no inline script', async () => {
    const response = await t.request('GET', '/admin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers index.html for deep links, so a reload of /admin/content/articles/12 loads the app', async () => {
    for (const url of [
      '/admin/',
      '/admin/content/articles/12',
      '/admin/content/articles?page=2&sort=-title',
      '/admin/reset-password?token=x',
    ]) {
      const response = await t.request('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year, immutable, and compressed when the client accepts it', async () => {
    const plain = await t.request('GET', '/admin/assets/index-abc123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.body).toBe(SCRIPT);

    const gzipped = await t.request('GET', '/admin/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves the other files of the build, and the page in place of a dot file', async () => {
    const icon = await t.request('GET', '/admin/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const head = await t.request('HEAD', '/admin/assets/index-abc123.js');
    expect(head.statusCode).toBe(200);
    const dotted = await t.request('GET', '/admin/.env');
    expect(dotted.body).not.toContain('never-served');
    expect(dotted.body).toBe(INDEX);
  });

  it('answers 404, not the page, for an asset that does not exist', async () => {
    const response = await t.request('GET', '/admin/assets/index-old999.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<!doctype html>');
  });

  it('redirects / to /admin', async () => {
    const response = await t.request('GET', '/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/admin');
  });

  it('loads the app even with a stale session cookie or token (no authentication on the files)', async () => {
    const withCookie = await t.request('GET', '/admin/content', { headers: { cookie: 'service_session_token=stale.token.value' } });
    expect(withCookie.statusCode).toBe(200);
    const withToken = await t.request('GET', '/admin', { token: 'not-a-token' });
    expect(withToken.statusCode).toBe(200);
  });

  it('leaves the API where it was', async () => {
    const response = await t.request('GET', '/server/ping');
    expect(response.body).toBe('pong');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect((await t.request('GET', '/users/me', { token: t.adminToken })).statusCode).toBe(200);
  });
});

describe('the admin app without a build', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { adminAppRoot: join(tmpdir(), 'stratum-no-app-here') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with a page that says how to build it, and the API still works', async () => {
    for (const url of ['/admin', '/admin/content/articles/12']) {
      const response = await t.request('GET', url);
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('The admin app is not built');
      expect(response.body).toContain('npm run build:app');
    }
    expect((await t.request('GET', '/server/ping')).body).toBe('pong');
  });
});
