import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

/** Languages, articles, and their translations junction as Directus models it (interface `translations`). */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'languages',
    fields: [
      { field: 'code', type: 'string', schema: { is_primary_key: true } },
      { field: 'name', type: 'string' },
    ],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles',
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
    ],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles_translations',
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'articles_id', type: 'integer' },
      { field: 'languages_code', type: 'string' },
      { field: 'headline', type: 'string' },
    ],
  });
  await adminData(stratum, 'POST', '/fields/articles', {
    field: 'translations',
    type: 'alias',
    meta: { interface: 'translations', special: ['translations'] },
  });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'articles_translations',
    field: 'articles_id',
    related_collection: 'articles',
    meta: { one_field: 'translations', junction_field: 'languages_code', one_deselect_action: 'delete' },
    schema: { on_delete: 'CASCADE' },
  });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'articles_translations',
    field: 'languages_code',
    related_collection: 'languages',
    meta: { one_field: null, junction_field: 'articles_id' },
  });
  await adminData(stratum, 'POST', '/items/languages', [
    { code: 'en-US', name: 'English' },
    { code: 'de-DE', name: 'German' },
  ]);
  await adminData(stratum, 'POST', '/items/articles', {
    title: 'Hello',
    translations: [{ languages_code: 'en-US', headline: 'Hello world' }],
  });
}

describe.skipIf(findChromium() === null)('the translations interface in the item form', () => {
  const suite = useBrowserSuite({ setUp: seed });

  const stored = (stratum: StratumProcess) =>
    adminData(stratum, 'GET', '/items/articles_translations?fields=languages_code,headline&sort=languages_code');

  it('shows a tab per language with the junction fields, and creates, updates and deletes translations on save', async () => {
    const { stratum, page } = suite;
    const [article] = (await adminData(stratum, 'GET', '/items/articles?fields=id')) as unknown as { id: number }[];
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, `/admin/content/articles/${article!.id}`);
    const tabs = page.getByRole('tablist', { name: 'Translations languages' });
    await expect.poll(() => tabs.isVisible()).toBe(true);
    const english = tabs.getByRole('tab', { name: /English/ });
    const german = tabs.getByRole('tab', { name: /German/ });
    await english.click();
    await expect.poll(() => english.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByLabel('Headline').inputValue()).toBe('Hello world');
    await expectAccessible(page, 'the translations interface');

    // A new translation in German, typed in its tab (reached with the arrow keys) and saved with the item.
    await english.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => german.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByLabel('Headline').inputValue()).toBe('');
    await page.getByLabel('Headline').fill('Hallo Welt');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => stored(stratum))
      .toEqual([
        { languages_code: 'de-DE', headline: 'Hallo Welt' },
        { languages_code: 'en-US', headline: 'Hello world' },
      ]);

    // An update in English and the German one deleted, in one save.
    await english.click();
    await expect.poll(() => page.getByLabel('Headline').inputValue()).toBe('Hello world');
    await page.getByLabel('Headline').fill('Hello there');
    await german.click();
    await page.getByRole('button', { name: 'Delete the German translation' }).click();
    await expect.poll(() => page.getByText('The German translation will be deleted when you save.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => stored(stratum)).toEqual([{ languages_code: 'en-US', headline: 'Hello there' }]);
    await expectAccessible(page, 'the translations interface after saving');
  });
});
