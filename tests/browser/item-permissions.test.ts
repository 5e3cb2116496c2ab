import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { USER_PASSWORD, userWith } from './user-with.js';

/** Articles, one draft and one published; an editor who may update and delete drafts only (issue 31, item 1). */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles',
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
      { field: 'status', type: 'string' },
    ],
  });
  await adminData(stratum, 'POST', '/items/articles', [
    { title: 'A draft', status: 'draft' },
    { title: 'Out there', status: 'published' },
  ]);
  const drafts = { status: { _eq: 'draft' } };
  await userWith(stratum, 'editor@example.com', [
    { collection: 'articles', action: 'read', fields: ['*'] },
    { collection: 'articles', action: 'update', fields: ['title'], permissions: drafts },
    { collection: 'articles', action: 'delete', permissions: drafts },
  ]);
}

describe.skipIf(!findChromium())('the item form and per-item permissions', () => {
  const suite = useBrowserSuite({ setUp: seed });

  it('shows an item the rules leave out read-only, without Save or Delete, and the others editable', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, 'editor@example.com', USER_PASSWORD, '/admin/content/articles/2');
    await expect.poll(() => page.getByText('You may read this item but not change it.').count()).toBe(1);
    expect(await page.getByLabel(/^Title/).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await expectAccessible(page, 'an item the user may not change');

    await page.goto(`${stratum.url}/admin/content/articles/1`);
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    expect(await page.getByLabel(/^Title/).getAttribute('readonly')).toBeNull();
    await page.getByLabel(/^Title/).fill('A better draft');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Saved.').count()).toBe(1);
    expect((await adminData(stratum, 'GET', '/items/articles/1')).title).toBe('A better draft');
  });
});
