import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, openPage } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

const PASSWORD = 'SprachePass123!';

/** Signs in through a German form (the browser asks for German). */
async function signInGerman(page: Page, baseUrl: string, email: string, password: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

const htmlLang = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang);

/** The app's languages (issue 31): the browser's on the sign-in page, the user's own once signed in. */
describe.skipIf(findChromium() === null)('the app in German', () => {
  const suite = useBrowserSuite();

  it('follows the browser on the sign-in page and the user’s language after sign-in', async () => {
    const { stratum, browser } = suite;
    const role = (await adminData(stratum, 'GET', '/users/me?fields=role')).role as string;
    await adminData(stratum, 'POST', '/users', [
      { email: 'deutsch@example.com', password: PASSWORD, status: 'active', role, language: 'de-DE', first_name: 'Dora' },
      { email: 'english@example.com', password: PASSWORD, status: 'active', role, language: 'en-US', first_name: 'Ed' },
    ]);

    // A German browser: the sign-in page in German, lang="de", and its own messages (a wrong password) too.
    const german = await openPage(browser, { locale: 'de-DE' });
    try {
      const page = german.page;
      await page.goto(`${stratum.url}/admin`);
      await expect.poll(() => page.getByRole('heading', { name: 'Bei Stratum anmelden', level: 1 }).isVisible()).toBe(true);
      expect(await htmlLang(page)).toBe('de');
      await expect.poll(() => page.getByRole('link', { name: 'Passwort vergessen?' }).isVisible()).toBe(true);
      await expectAccessible(page, 'the German sign-in page');
      await page.getByLabel('E-Mail').fill(ADMIN.email);
      await page.getByLabel('Passwort').fill('not the password');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('E-Mail oder Passwort ist falsch.');
      await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Passwort zurücksetzen', level: 1 }).isVisible()).toBe(true);
      await expectAccessible(page, 'the German password request page');

      // A user whose language is en-US sees English, though the browser asks for German.
      await signInGerman(page, stratum.url, 'english@example.com', PASSWORD, '/admin/activity');
      await expect.poll(() => page.getByRole('heading', { name: 'Activity', level: 1 }).isVisible()).toBe(true);
      expect(await htmlLang(page)).toBe('en');
      await expect.poll(() => page.getByRole('button', { name: 'Apply filters' }).isVisible()).toBe(true);
      expect(german.problems).toEqual([]);
    } finally {
      await german.context.close();
    }

    // An English browser: the sign-in page in English; a user whose language is de-DE sees German once signed in.
    const { page } = suite;
    await page.goto(`${stratum.url}/admin/activity`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum', level: 1 }).isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('en');
    await page.getByLabel('Email').fill('deutsch@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Aktivität', level: 1 }).isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('de');
    await expect.poll(() => page.getByRole('button', { name: 'Filter anwenden' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: /Aktivität, Seite 1/ }).isVisible()).toBe(true);
    await expectAccessible(page, 'the activity page in German');
    await page.goto(`${stratum.url}/admin/notifications`);
    await expect.poll(() => page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Keine neuen Benachrichtigungen.').isVisible()).toBe(true);
    await expectAccessible(page, 'the notifications page in German');
    // The other converted sections, German and axe-clean.
    for (const [path, heading] of [
      ['/admin/settings', 'Einstellungen'],
      ['/admin/users', 'Benutzer'],
      ['/admin/why', 'Warum?'],
      ['/admin/flows', 'Flows'],
      ['/admin/insights', 'Insights'],
      ['/admin/schema', 'Schema als Code'],
    ] as const) {
      await page.goto(`${stratum.url}${path}`);
      await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible(), { message: path }).toBe(true);
      await expectAccessible(page, `${path} in German`);
    }
    await expect.poll(() => page.getByRole('link', { name: 'Snapshot als JSON herunterladen' }).isVisible()).toBe(true);
  });
});
