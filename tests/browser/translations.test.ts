import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

/** `$t:` keys in names and notes, resolved through /translations for the user's language after sign-in. */
describe.skipIf(findChromium() === null)('translation strings in the app', () => {
  const suite = useBrowserSuite({
    setUp: async (stratum) => {
      await adminData(stratum, 'POST', '/translations', [
        { language: 'de-DE', key: 'public_label', value: 'Öffentlich' },
        { language: 'de-DE', key: 'team_label', value: 'Redaktion' },
        { language: 'en-US', key: 'team_label', value: 'Newsroom' },
        { language: 'en-US', key: 'team_note', value: 'The people who write' },
      ]);
      await adminData(stratum, 'POST', '/roles', { name: '$t:team_label', description: '$t:team_note' });
      await adminData(stratum, 'PATCH', '/users/me', { language: 'de-DE' });
    },
  });

  it("shows names in the user's language, falls back to en-US, then to built-in English, never the raw key", async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/roles');
    await expect.poll(() => page.getByRole('link', { name: 'Redaktion' }).isVisible()).toBe(true);
    // No de-DE text for the note: the en-US one.
    expect(await page.getByRole('row', { name: /Redaktion/ }).textContent()).toContain('The people who write');
    expect(await page.locator('main').textContent()).not.toContain('$t:');
    await expectAccessible(page, 'the roles page with translated names');

    // The app speaks the user's language too (de-DE): the main navigation is "Hauptnavigation", its Policies link "Richtlinien".
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Richtlinien' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Öffentlich' }).isVisible()).toBe(true);
    expect(await page.locator('main').textContent()).not.toContain('$t:');

    // In en-US the project's en-US strings, and Directus's built-in English for the public policy.
    await adminData(stratum, 'PATCH', '/users/me', { language: 'en-US' });
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'Public' }).isVisible()).toBe(true);
    await page.goto(`${stratum.url}/admin/roles`);
    await expect.poll(() => page.getByRole('link', { name: 'Newsroom' }).isVisible()).toBe(true);
  });
});
