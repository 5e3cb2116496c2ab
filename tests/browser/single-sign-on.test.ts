import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startIdentityProvider, type TestIdentityProvider } from '../setup/oidc-provider.js';
import { expectAccessible, freePort, launchChromium, openPage, saveScreenshot, startStratum, type StratumProcess } from './browser-harness.js';
import { findChromium } from './find-chromium.js';

/** Single sign-on from the sign-in page's provider button, through a real OpenID Connect provider. */
describe.skipIf(findChromium() === null)('single sign-on in the admin app', () => {
  let idp: TestIdentityProvider;
  let stratum: StratumProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    // The provider must know the callback, so the server's address is chosen first.
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    idp = await startIdentityProvider([`${publicUrl}/auth/login/corp/callback`]);
    [stratum, browser] = await Promise.all([
      startStratum({
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        AUTH_PROVIDERS: 'corp',
        AUTH_CORP_DRIVER: 'openid',
        AUTH_CORP_ISSUER_URL: idp.issuer,
        AUTH_CORP_CLIENT_ID: idp.clientId,
        AUTH_CORP_CLIENT_SECRET: idp.clientSecret,
        AUTH_CORP_LABEL: 'Corporate login',
      }),
      launchChromium(),
    ]);
    // An account made ahead of time for the person, with app access; the provider vouches for the address.
    const token = await stratum.adminToken();
    const created = async (path: string, body: unknown) => {
      const response = await stratum.call('POST', path, { token, body });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.json)}`);
      return (response.json as { data: { id: string } }).data;
    };
    const role = await created('/roles', { name: 'Staff' });
    const policy = await created('/policies', { name: 'Staff app', app_access: true, admin_access: false });
    await created('/access', { role: role.id, policy: policy.id });
    await created('/users', { email: 'sam@example.com', provider: 'corp', role: role.id, status: 'active', first_name: 'Sam', last_name: 'Single' });
    idp.accounts.set('sam', { sub: 'sam', email: 'sam@example.com', email_verified: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stratum?.stop();
    await idp?.stop();
  });

  beforeEach(async () => {
    ({ context, page, problems } = await openPage(browser));
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const path = await saveScreenshot(page, task.name).catch(() => null);
      if (path) console.log(`screenshot of the failed test: ${path}`);
    }
    expect(problems.filter((p) => !p.includes(idp.issuer)), 'errors in the app').toEqual([]);
    await context.close();
  });

  it('shows one button per provider and signs in through it', async () => {
    await page.goto(`${stratum.url}/admin/content`);
    const button = page.getByRole('button', { name: 'Corporate login' });
    await expect.poll(() => button.isVisible()).toBe(true);
    await expectAccessible(page, 'the sign-in page with a provider');
    await button.click();

    // The provider's own (development) login and consent pages.
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await page.locator('input[name=login]').fill('sam');
    await page.locator('input[name=password]').fill('any');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((u) => u.href.startsWith(idp.issuer) && u.pathname.includes('interaction'));
    await page.locator('button[type=submit]').click();

    // Back in the app, at the page asked for, signed in by the session cookie.
    await page.waitForURL((u) => u.href.startsWith(stratum.url));
    await expect.poll(() => page.locator('.user-name').textContent(), { timeout: 10_000 }).toBe('Sam Single');
    expect(new URL(page.url()).pathname).toBe('/admin/content');
  });
});
