import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, signIn } from './browser-harness.js';
import { refusedUpgrade, useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

/** The id of the element that has the focus. */
const focusedId = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id);

/**
 * Sessions and sign-in limits on a server of their own: a short SESSION_COOKIE_TTL (the SDK refreshes the
 * session cookie 30 s before it expires: here after about 5 s) and a failed-login throttle of two attempts.
 */
describe.skipIf(findChromium() === null)('the session in the admin app', () => {
  // The live socket reconnects after the session is ended elsewhere; the browser logs the refused upgrade itself.
  const suite = useBrowserSuite({ env: { SESSION_COOKIE_TTL: '35s', RATE_LIMITER_LOGIN_POINTS: '2' }, ignoreProblem: refusedUpgrade });

  it('is refreshed silently before the access token expires', async () => {
    const { stratum, context, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Admin User');
    const before = (await context.cookies()).find((c) => c.name === 'service_session_token')?.value;

    const refreshed = await page.waitForResponse((r) => r.url().endsWith('/auth/refresh') && r.request().method() === 'POST', {
      timeout: 20_000,
    });
    expect(refreshed.status()).toBe(200);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'service_session_token')?.value).not.toBe(before);

    // Still signed in, without a reload: the next API calls use the new cookie.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
  });

  it('goes back to the sign-in page, saying why, when the session is ended elsewhere', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Admin User');
    // The same person, from a script: "sign out every other session".
    const token = await stratum.adminToken();
    expect((await stratum.call('DELETE', '/users/me/sessions', { token })).status).toBe(204);

    // The app notices at its next API call: this click, or one of its own in the background (the frame's reads, the
    // live socket's reconnect), which may take the page to the sign-in page first (the link is gone then).
    const activity = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' });
    await activity.click({ timeout: 5_000 }).catch(async (error: unknown) => {
      if (!(await page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible())) throw error;
    });
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
    expect(await page.getByRole('alert').textContent()).toBe('Your session has ended. Sign in again.');
  });

  it('opens signed out on the e-mail field, without asking the server for a refresh; a reload after signing in still signs in', async () => {
    const { stratum, context, page } = suite;
    // A browser that has never signed in here: no cookies, nothing stored.
    await context.clearCookies();
    await page.goto(`${stratum.url}/admin/`);
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/auth/refresh')) refreshes.push(request.url());
    });
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
    await expect.poll(() => focusedId(page)).toBe('email');
    expect(refreshes).toEqual([]);

    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Admin User');
    await page.reload();
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Admin User');
    expect(refreshes.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
    const afterSignOut = refreshes.length;
    await page.reload();
    await expect.poll(() => focusedId(page)).toBe('email');
    expect(refreshes.length).toBe(afterSignOut);
  });

  // Last in this file: the throttle also counts per IP, so later sign-ins from here would be refused too.
  it('says plainly when sign-in attempts are throttled (429)', async () => {
    const { stratum, page } = suite;
    await page.goto(`${stratum.url}/admin`);
    const alert = page.getByRole('alert');
    for (let attempt = 1; attempt <= 2; attempt++) {
      await signIn(page, stratum.url, ADMIN.email, `wrong-${attempt}`);
      await expect.poll(() => alert.textContent()).toBe('Wrong email or password.');
    }
    await signIn(page, stratum.url, ADMIN.email, 'wrong-3');
    await expect.poll(() => alert.textContent()).toBe('Too many sign-in attempts. Wait a few minutes, then try again.');
  });
});
