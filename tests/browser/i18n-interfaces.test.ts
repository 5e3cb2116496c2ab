import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminData, uploadAsAdmin } from './admin-data.js';
import { expectAccessible, signIn } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

const PASSWORD = 'SprachePass123!';

/** The file library and the rich editors for a user whose language is German (issue 31). */
describe.skipIf(findChromium() === null)('the file library and the editors in German', () => {
  const suite = useBrowserSuite({
    setUp: async (stratum) => {
      const role = (await adminData(stratum, 'GET', '/users/me?fields=role')).role as string;
      await adminData(stratum, 'POST', '/users', {
        email: 'dora@example.com',
        password: PASSWORD,
        status: 'active',
        role,
        language: 'de-DE',
      });
      await uploadAsAdmin(
        stratum,
        'harbour.png',
        'image/png',
        await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
          .png()
          .toBuffer(),
      );
      await adminData(stratum, 'POST', '/collections', {
        collection: 'notes',
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'body', type: 'text', meta: { interface: 'input-rich-text-md' } },
          { field: 'content', type: 'text', meta: { interface: 'input-rich-text-html' } },
          {
            field: 'size',
            type: 'string',
            meta: { interface: 'select-dropdown', options: { choices: [{ text: 'S', value: 's' }], allowOther: true } },
          },
        ],
      });
      await adminData(stratum, 'POST', '/items/notes', { body: 'Hallo', content: '<p>Hallo</p>', size: 'xl' });
    },
  });

  it('shows the file library, the file editor, the markdown and WYSIWYG toolbars and the image form in German', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, 'dora@example.com', PASSWORD, '/admin/files');
    await expect.poll(() => page.getByRole('heading', { name: 'Dateien', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('1 Datei', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Typ', { exact: true }).locator('option').allTextContents()).toEqual([
      'Alle Typen',
      'Bilder',
      'Videos',
      'Audio',
      'Dokumente',
    ]);
    await expect.poll(() => page.getByLabel('Dateien hochladen').isVisible()).toBe(true);
    await expectAccessible(page, 'the German file library');
    await page.getByRole('list', { name: 'Dateien' }).getByRole('button', { name: 'Bearbeiten Harbour' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Harbour bearbeiten' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Schlagwörter', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Bild zuschneiden' }).click();
    await expect.poll(() => page.getByLabel('Seitenverhältnis').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Zugeschnitten auf 40 × 30 Pixel ab 0, 0 von 40 × 30.').isVisible()).toBe(true);
    await expectAccessible(page, 'the German file editor with its crop');

    await page.goto(`${stratum.url}/admin/content/notes/1`);
    const markdown = page.getByRole('toolbar', { name: 'Formatierung von Body' });
    await expect.poll(() => markdown.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await markdown.getByRole('button').allTextContents()).toEqual([
      'Fett',
      'Kursiv',
      'Überschrift',
      'Link',
      'Liste',
      'Code',
      'Zitat',
    ]);
    expect(await page.getByRole('tablist', { name: 'Body: Bearbeiten oder Vorschau' }).getByRole('tab').allTextContents()).toEqual([
      'Bearbeiten',
      'Vorschau',
    ]);
    const wysiwyg = page.getByRole('toolbar', { name: 'Formatierung von Content' });
    await expect.poll(() => wysiwyg.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await wysiwyg.getByRole('button').allTextContents()).toEqual([
      'Fett',
      'Kursiv',
      'Überschrift 2',
      'Überschrift 3',
      'Aufzählung',
      'Nummerierte Liste',
      'Link',
      'Bild',
      'Zitat',
      'Code',
      'Rückgängig',
      'Wiederholen',
    ]);
    await expect.poll(() => page.getByLabel('Anderer Wert für Size').inputValue()).toBe('xl');
    await wysiwyg.getByRole('button', { name: 'Bild' }).click();
    const form = page.getByRole('group', { name: 'Bild einfügen' });
    await expect.poll(() => form.getByLabel('Alternativtext').isVisible()).toBe(true);
    await expect.poll(() => form.getByLabel('Bild aus der Dateibibliothek').isVisible()).toBe(true);
    await expectAccessible(page, 'the German editors and image form');
  });
});
