import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, launchChromium, openPage, saveScreenshot, signIn, startStratum, type StratumProcess } from './browser-harness.js';
import { findChromium } from './find-chromium.js';

/** The SDK refreshes the session cookie shortly (30 s) before it expires (SESSION_COOKIE_TTL): here after about 5 s. */
describe.skipIf(findChromium() === null)('the session in the admin app', () => {
  let stratum: StratumProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    [stratum, browser] = await Promise.all([startStratum({ SESSION_COOKIE_TTL: '35s' }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stratum?.stop();
  });
  beforeEach(async () => {
    ({ context, page, problems } = await openPage(browser));
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const path = await saveScreenshot(page, task.name).catch(() => null);
      if (path) console.log(`screenshot of the failed test: ${path}`);
    }
    expect(problems, 'errors in the page').toEqual([]);
    await context.close();
  });

  it('is refreshed silently before the access token expires', async () => {
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Admin User');
    const before = (await context.cookies()).find((c) => c.name === 'service_session_token')?.value;

    const refreshed = await page.waitForResponse((r) => r.url().endsWith('/auth/refresh') && r.request().method() === 'POST', { timeout: 20_000 });
    expect(refreshed.status()).toBe(200);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'service_session_token')?.value).not.toBe(before);

    // Still signed in, without a reload: the next API calls use the new cookie.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
  });
});
