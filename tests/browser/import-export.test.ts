import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

/** The import and export panel of the items list: a CSV import (row errors shown), an export to the file library. */
describe.skipIf(findChromium() === null)('import and export on the items page', () => {
  const suite = useBrowserSuite({
    setUp: async (stratum) => {
      await adminData(stratum, 'POST', '/collections', {
        collection: 'books',
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'title', type: 'string', schema: { is_nullable: false } },
          { field: 'pages', type: 'integer' },
        ],
      });
      await adminData(stratum, 'POST', '/items/books', [{ title: 'Existing', pages: 10 }]);
    },
  });

  it('imports a CSV file, shows the row error of a bad one, and saves an export to the file library', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/books');
    await expect.poll(() => page.getByRole('cell', { name: 'Existing' }).isVisible()).toBe(true);
    await page.getByText('Import and export').click();
    await expectAccessible(page, 'the import and export panel');

    // A bad row: nothing is imported, and the error names the row.
    await page.getByLabel('CSV or JSON file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('title,pages\n"Good one",5\n"Bad one",many\n'),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Nothing was imported.');
    expect(await page.getByRole('alert').textContent()).toMatch(/row|record|3|2/i);
    expect(await adminData(stratum, 'GET', '/items/books?aggregate[count]=*')).toEqual([{ count: 1 }]);

    await page.getByLabel('CSV or JSON file').setInputFiles({
      name: 'books.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('title,pages\n"Imported A",5\n"Imported B",7\n'),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.getByText('Imported books.csv.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: 'Imported B' }).isVisible()).toBe(true);

    await page.getByLabel('Format').selectOption('json');
    await page.getByRole('button', { name: 'Save to the file library' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'to the file library' }).isVisible()).toBe(true);
    const files = await adminData(stratum, 'GET', '/files?filter[filename_download][_starts_with]=export-books&fields=id,type');
    expect(files).toEqual([{ id: expect.any(String), type: 'application/json' }]);
    // …and the user is told so in their inbox.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Notifications 1 unread' }).isVisible()).toBe(true);
    // The download link carries the format and the shown fields.
    const href = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
    expect(href).toMatch(/^\/items\/books\?.*export=json/);
    const download = await stratum.call('GET', href!, { token: await stratum.adminToken() });
    expect(download.status).toBe(200);
  });
});
