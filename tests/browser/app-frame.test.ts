import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { USER_PASSWORD, userWith } from './user-with.js';

const table = (collection: string, meta: Record<string, unknown>) => ({
  collection,
  meta,
  fields: [
    { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
    { field: 'title', type: 'string' },
  ],
});

async function setUp(stratum: StratumProcess) {
  // A folder (no table) holding two collections, a hidden collection and one at the top.
  await adminData(stratum, 'POST', '/collections', { collection: 'newsroom', schema: null, meta: { sort: 1, icon: 'folder' } });
  await adminData(stratum, 'POST', '/collections', table('stories', { group: 'newsroom', sort: 1, icon: 'article', color: '#2ECDA7' }));
  await adminData(stratum, 'POST', '/collections', table('authors', { group: 'newsroom', sort: 2, color: '#3F3F46' }));
  await adminData(stratum, 'POST', '/collections', table('secrets', { hidden: true }));
  await adminData(stratum, 'POST', '/collections', table('tags', {}));
  await adminData(stratum, 'POST', '/items/stories', [{ title: 'Alpha story' }, { title: 'Beta story' }]);
  const me = (await adminData(stratum, 'GET', '/users/me?fields=id')).id;
  await adminData(stratum, 'POST', '/presets', {
    user: me,
    collection: 'stories',
    bookmark: 'Beta only',
    search: 'Beta',
    layout: 'tabular',
  });
  await userWith(stratum, 'reader@example.com', [{ collection: 'stories', action: 'read', fields: ['*'] }], ['Rea', 'Der']);
}

const collectionsNav = (page: Page) => page.getByRole('navigation', { name: 'Collections' });
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents();
// Expressions run in the page (this file is type-checked without DOM types).
const background = (page: Page) => page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor');
const theme = (page: Page) => page.evaluate<string | null>("document.documentElement.getAttribute('data-theme')");
const focusedId = (page: Page) => page.evaluate<string>("document.activeElement?.id ?? ''");
const LIGHT = 'rgb(255, 255, 255)';
const DARK = 'rgb(20, 23, 29)';

/** The admin app's frame (issue 31): the navigation, the header bar, dark mode and keyboard shortcuts. */
describe.skipIf(findChromium() === null)('the admin app frame', () => {
  const suite = useBrowserSuite({ setUp });

  it('lists the collections in their folders with the bookmarks, shows breadcrumbs, themes and takes shortcuts', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content');
    const nav = collectionsNav(page);
    await nav.getByRole('link', { name: 'Stories', exact: true }).waitFor();
    // The folder first (sort 1) with its collections in their order, then the rest by name; no hidden collection.
    const links = await nav.getByRole('link').allTextContents();
    expect(links.indexOf('Stories')).toBeGreaterThanOrEqual(0);
    expect(links.indexOf('Authors')).toBeGreaterThan(links.indexOf('Stories'));
    expect(links.indexOf('Tags')).toBeGreaterThan(links.indexOf('Authors'));
    expect(links.some((l) => l.includes('Secrets'))).toBe(false);
    const folder = nav.getByRole('button', { name: 'Newsroom' });
    expect(await folder.getAttribute('aria-expanded')).toBe('true');
    await folder.click();
    expect(await folder.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Stories', exact: true }).isVisible()).toBe(false);
    await folder.click();
    await expectAccessible(page, 'the content page with the navigation (light)');

    // The bookmark opens the list with the saved view applied, and is the current page.
    await nav.getByRole('link', { name: 'Beta only' }).click();
    await expect.poll(() => page.getByText('Items 1–1 of 1').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Alpha story' }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('search')).toBe('Beta');
    expect(await nav.getByRole('link', { name: 'Beta only' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Stories', exact: true }).getAttribute('aria-current')).toBeNull();
    expect(await breadcrumbs(page)).toEqual(['Content', 'Stories']);

    // `/` goes to the search (not while typing), `?` opens the help and Esc closes it.
    await page.getByRole('heading', { name: 'Stories', level: 1 }).click();
    await page.keyboard.press('/');
    expect(await focusedId(page)).toBe('search');
    // (the search's text is selected, so typing replaces it)
    await page.keyboard.type('?');
    expect(await page.locator('#search').inputValue()).toBe('?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).isVisible()).toBe(false);
    await page.getByRole('heading', { name: 'Stories', level: 1 }).click();
    await page.keyboard.press('?');
    await expect.poll(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the keyboard shortcuts help');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    // The focus is back on the button that opened it.
    expect(await page.evaluate<string>("document.activeElement?.textContent?.trim() ?? ''")).toBe('Keyboard shortcuts');

    // The item page: breadcrumbs, and Ctrl+S saves the form.
    await page.getByRole('link', { name: 'Beta story' }).click();
    await expect.poll(() => breadcrumbs(page)).toEqual(['Content', 'Stories', '2']);
    const title = page.getByLabel('Title');
    await title.fill('Beta story, edited');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await adminData(stratum, 'GET', '/items/stories/2?fields=title')).title).toBe('Beta story, edited');
    await expectAccessible(page, 'the item page (light)');

    // Dark mode follows the system…
    expect(await background(page)).toBe(LIGHT);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background(page)).toBe(DARK);
    await expectAccessible(page, 'the item page (dark)');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content' }).click();
    await expectAccessible(page, 'the content page (dark)');

    // …unless the user chooses, on the Account page: at once, and kept across a reload.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.getByLabel('Light').check();
    await expect.poll(() => background(page)).toBe(LIGHT);
    await expect.poll(() => page.getByText('Saved.').isVisible()).toBe(true);
    expect((await adminData(stratum, 'GET', '/users/me?fields=appearance')).appearance).toBe('light');
    await page.reload();
    await expect.poll(() => theme(page)).toBe('light');
    expect(await background(page)).toBe(LIGHT);
    await expect.poll(() => page.getByLabel('Light').isChecked()).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByLabel('Dark').check();
    await expect.poll(() => background(page)).toBe(DARK);
    await expectAccessible(page, 'the account page (dark)');
    await page.getByLabel('Auto (as the system)').check();
    await expect.poll(() => background(page)).toBe(LIGHT);
    await expect.poll(async () => (await adminData(stratum, 'GET', '/users/me?fields=appearance')).appearance).toBe('auto');

    // At 800 px the navigation is behind "Menu".
    await page.setViewportSize({ width: 800, height: 800 });
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content' }).click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expectAccessible(page, 'the content page at 800 px');
  });

  it('shows a user only the collections they may read, and saves nothing they may not change', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, 'reader@example.com', USER_PASSWORD, '/admin/content/stories/1');
    const nav = collectionsNav(page);
    await nav.getByRole('link', { name: 'Stories', exact: true }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Stories']);
    expect(await nav.getByRole('button', { name: 'Newsroom' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Stories', exact: true }).getAttribute('aria-current')).toBe('page');
    // No Save button for a read-only item: Ctrl+S does nothing (and opens no browser dialog).
    await expect.poll(() => page.getByText('You may read this item but not change it.').isVisible()).toBe(true);
    await page.keyboard.press('Control+s');
    expect((await adminData(stratum, 'GET', '/items/stories/1?fields=title')).title).toBe('Alpha story');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.getByLabel('Dark').click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('You may not change your appearance.');
    expect(await theme(page)).toBeNull();
    expect(await page.getByLabel('Auto (as the system)').isChecked()).toBe(true);
  });
});
