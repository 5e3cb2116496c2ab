import { describe, expect, it } from 'vitest';
import { adminData, type Row } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

/** One article to share. */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles',
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
    ],
  });
  await adminData(stratum, 'POST', '/items/articles', { title: 'Shared thoughts' });
}

describe.skipIf(!findChromium())('shares in the admin app', () => {
  const suite = useBrowserSuite({ setUp: seed });

  it('creates a share with a password in the item dialog, and a visitor opens it on the public page', async () => {
    const { page, stratum, context } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles/1');
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this item' });
    await expect.poll(() => dialog.getByText('No shares yet.').isVisible()).toBe(true);
    await dialog.getByLabel('Name').fill('For the board');
    await dialog.getByLabel('Password (optional)').fill('board secret');
    await dialog.getByLabel('Most uses').fill('5');
    await expectAccessible(page, 'the share dialog');
    await dialog.getByRole('button', { name: 'Create share' }).click();
    await expect.poll(() => dialog.getByText('Share created.').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole('list', { name: 'Existing shares' }).textContent()).toContain('For the board');
    const [share] = (await adminData(stratum, 'GET', '/shares?fields=id,name,max_uses')) as unknown as Row[];
    expect(share).toMatchObject({ name: 'For the board', max_uses: 5 });

    // The visitor (signed out, a fresh page) is asked for the password, then sees the item read-only.
    const visitor = await context.browser()!.newContext();
    try {
      const tab = await visitor.newPage();
      await tab.goto(`${stratum.url}/admin/shared/${String(share!.id)}`);
      await expect.poll(() => tab.getByLabel('Password').isVisible()).toBe(true);
      await expectAccessible(tab, 'the share password form');
      await tab.getByLabel('Password').fill('wrong');
      await tab.getByRole('button', { name: 'Open' }).click();
      await expect.poll(() => tab.getByRole('alert').textContent()).toContain('Wrong password');
      await tab.getByLabel('Password').fill('board secret');
      await tab.getByRole('button', { name: 'Open' }).click();
      await expect.poll(() => tab.getByText('Shared thoughts').isVisible()).toBe(true);
      await expectAccessible(tab, 'the shared item');
      expect(await tab.getByRole('textbox').count()).toBe(0);
    } finally {
      await visitor.close();
    }

    // Deleting the share from the dialog.
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialog.getByText('No shares yet.').isVisible()).toBe(true);
    expect(await adminData(stratum, 'GET', '/shares')).toEqual([]);
  });
});
