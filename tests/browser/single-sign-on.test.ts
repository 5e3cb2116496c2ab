import { describe, expect, it } from 'vitest';
import { startIdentityProvider, type TestIdentityProvider } from '../setup/oidc-provider.js';
import { adminData } from './admin-data.js';
import { expectAccessible, freePort } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

/** Single sign-on from the sign-in page's provider button, through a real OpenID Connect provider. */
describe.skipIf(findChromium() === null)('single sign-on in the admin app', () => {
  let idp: TestIdentityProvider;
  const suite = useBrowserSuite({
    env: async () => {
      // The provider must know the callback, so the server's address is chosen first.
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      idp = await startIdentityProvider([`${publicUrl}/auth/login/corp/callback`]);
      return {
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        AUTH_PROVIDERS: 'corp',
        AUTH_CORP_DRIVER: 'openid',
        AUTH_CORP_ISSUER_URL: idp.issuer,
        AUTH_CORP_CLIENT_ID: idp.clientId,
        AUTH_CORP_CLIENT_SECRET: idp.clientSecret,
        AUTH_CORP_LABEL: 'Corporate login',
      };
    },
    setUp: async (stratum) => {
      // An account made ahead of time for the person, with app access; the provider vouches for the address.
      const role = await adminData(stratum, 'POST', '/roles', { name: 'Staff' });
      const policy = await adminData(stratum, 'POST', '/policies', { name: 'Staff app', app_access: true, admin_access: false });
      await adminData(stratum, 'POST', '/access', { role: role.id, policy: policy.id });
      await adminData(stratum, 'POST', '/users', {
        email: 'sam@example.com',
        provider: 'corp',
        role: role.id,
        status: 'active',
        first_name: 'Sam',
        last_name: 'Single',
      });
      idp.accounts.set('sam', { sub: 'sam', email: 'sam@example.com', email_verified: true });
    },
    tearDown: async () => {
      await idp?.stop();
    },
    // The provider's own pages are not the app's.
    ignoreProblem: (problem) => problem.includes(idp.issuer),
  });

  it('shows one button per provider and signs in through it', async () => {
    const { stratum, page } = suite;
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
