import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

/** A collection with content versioning on, and one article. */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles',
    meta: { versioning: true },
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
    ],
  });
  await adminData(stratum, 'POST', '/items/articles', { title: 'Launch', body: 'Soon' });
}

describe.skipIf(!findChromium())('content versions on the item page', () => {
  const suite = useBrowserSuite({ setUp: seed });

  it('creates a version, saves to it, compares it with the main item and promotes it', async () => {
    const { page, stratum } = suite;
    const versionSelect = () => page.getByRole('combobox', { name: 'Version', exact: true });
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles/1');
    await expect.poll(() => page.getByRole('button', { name: 'Create version' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Create version' }).click();
    await page.getByLabel('Version name').fill('Spring copy');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => page.getByText('You are editing the version "Spring copy"').count()).toBe(1);
    expect(await versionSelect().inputValue()).not.toBe('');

    // Saving while a version is chosen keeps the change in the version; the item stays as it was.
    await page.getByLabel(/^Title/).fill('Launch day');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Saved to the version "Spring copy".').count()).toBe(1);
    expect((await adminData(stratum, 'GET', '/items/articles/1')).title).toBe('Launch');

    // Side by side: the changed field is marked.
    await page.getByRole('button', { name: 'Compare with main' }).click();
    const table = page.getByRole('table', { name: /Main item and version "Spring copy"/ });
    await expect.poll(() => table.count()).toBe(1);
    const row = table.getByRole('row', { name: /Title/ });
    expect(await row.textContent()).toContain('Launch');
    expect(await row.textContent()).toContain('Launch day');
    expect(await row.getByRole('cell', { name: 'Changed' }).count()).toBe(1);
    await expectAccessible(page, 'the item page with a version compared');

    // Main again shows the item itself.
    await versionSelect().selectOption({ label: 'Main version' });
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Launch');
    await versionSelect().selectOption({ label: 'Spring copy' });
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Launch day');

    // Promote after confirming: the item takes the change and the version is gone.
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Promote' }).click();
    await expect.poll(() => page.getByText(/^Promoted/).count()).toBe(1);
    expect(question).toContain('Promote "Spring copy"');
    expect((await adminData(stratum, 'GET', '/items/articles/1')).title).toBe('Launch day');
    expect(await adminData(stratum, 'GET', '/versions')).toEqual([]);
    expect(await versionSelect().inputValue()).toBe('');
  });
});
