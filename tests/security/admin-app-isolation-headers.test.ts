import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';

/**
 * Threats: the admin app framed by another site (clickjacking), opened by one that keeps a handle on its window
 * (cross-window attacks: window.opener, XS-Leaks), its files read cross-origin (Spectre-style reads), MIME
 * sniffing, referrers leaking paths; and a user-uploaded HTML or SVG file served from /assets running script in
 * the app's origin (stored XSS, then the session cookie's API calls are the attacker's).
 */
describe('the admin app is isolated from other sites, and uploaded files never run script in its origin', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'stratum-app-headers-'));
    await mkdir(join(root, 'assets'));
    await writeFile(
      join(root, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/admin/assets/index-a1.js"></script></head><body></body></html>',
    );
    await writeFile(join(root, 'assets', 'index-a1.js'), 'console.log(1)');
    t = await createTestApp({}, { adminAppRoot: root });
  });
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each(['/admin', '/admin/content/articles/1', '/admin/assets/index-a1.js', '/admin/assets/missing-0.js'])(
    '%s carries COOP, CORP, nosniff, Referrer-Policy, no framing and the CSP',
    async (path) => {
      const response = await t.request('GET', path);
      expect(response.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'x-frame-options': 'DENY',
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
    },
  );

  const upload = async (filename: string, type: string, content: string) => {
    const boundary = 'headersBOUNDARY';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload,
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(200);
    return String(dataOf(response).id);
  };

  it.each([
    ['page.html', 'text/html', '<!doctype html><html><body><script>fetch("/users/me")</script></body></html>'],
    ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'],
    ['disguised.png', 'image/png', '<html><body><script>alert(1)</script></body></html>'],
  ])('an uploaded %s (%s) downloads from /assets in a script-less sandbox', async (filename, type, content) => {
    const id = await upload(filename, type, content);
    const response = await t.request('GET', `/assets/${id}`, { token: t.adminToken });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/(^|; )sandbox($|;)/);
    expect(csp).not.toMatch(/script-src/);
    expect(String(response.headers['content-type'])).not.toMatch(/^image\/png/);
  });
});
