import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADMIN, expectAccessible, signIn } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

/** A Stratum snapshot made on PostgreSQL: the browser tests run on another vendor unless TEST_DB=postgres. */
const POSTGRES_SNAPSHOT = fileURLToPath(new URL('../fixtures/schema/stratum-postgres.json', import.meta.url));
const SQLITE_SNAPSHOT = fileURLToPath(new URL('../fixtures/schema/stratum-sqlite.json', import.meta.url));
/** An export of the reference Directus on PostgreSQL (its own version key). */
const DIRECTUS_SNAPSHOT = fileURLToPath(new URL('../fixtures/schema/directus/directus-11-postgres-reference.json', import.meta.url));

describe.skipIf(findChromium() === null)('schema as code', () => {
  const suite = useBrowserSuite();

  const vendor = process.env.TEST_DB === 'postgres' ? 'postgres' : process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite';

  it('downloads the snapshot, reads the diff of a snapshot from another vendor, refuses a stale hash, applies it and finds the collection', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/schema');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Schema as code');
    await expectAccessible(page, 'the schema page');

    // The download links answer the snapshot with the session cookie.
    const yaml = await page.request.get((await page.getByRole('link', { name: 'Download snapshot as YAML' }).getAttribute('href')) ?? '');
    expect(yaml.status()).toBe(200);
    expect(await yaml.text()).toMatch(/^version: 1$/m);
    const json = await page.request.get((await page.getByRole('link', { name: 'Download snapshot as JSON' }).getAttribute('href')) ?? '');
    expect((await json.json()) as unknown).toMatchObject({ version: 1, vendor });

    const snapshot = vendor === 'postgres' ? SQLITE_SNAPSHOT : POSTGRES_SNAPSHOT;
    await page.getByLabel('Snapshot file (JSON or YAML)').setInputFiles(snapshot);
    await page.getByRole('button', { name: 'Compare with this instance' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain("does not match the current instance's vendor");
    await expectAccessible(page, 'the vendor confirmation');
    await dialog.getByRole('button', { name: 'Compare anyway' }).click();

    const tree = page.getByRole('list', { name: 'Differences' });
    await expect.poll(() => tree.textContent()).toContain('collection articles');
    expect(await page.getByRole('status').textContent()).toMatch(/^\d+ collections added, \d+ fields added, \d+ relations added\.$/);
    const articles = tree.getByRole('listitem').filter({ hasText: /^added collection articles/ });
    expect(await articles.getByRole('listitem').filter({ hasText: 'field title' }).first().textContent()).toBe(
      'added field title (string)',
    );
    await expect.poll(() => page.getByRole('list', { name: 'Steps' }).textContent()).toContain('create collection articles');
    expect((await page.getByRole('list', { name: 'Steps' }).locator('pre').first().textContent())?.toLowerCase()).toContain('create table');
    await expectAccessible(page, 'the diff and the SQL plan');
    // Nothing was changed by the dry run.
    expect((await stratum.call('GET', '/collections/articles', { token: await stratum.adminToken() })).status).toBe(403);

    // Someone changes the schema meanwhile: the hash is stale.
    const other = await stratum.call('POST', '/collections', {
      token: await stratum.adminToken(),
      body: {
        collection: 'elsewhere',
        fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
      },
    });
    expect(other.status).toBe(200);
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('compare the snapshot again');
    await expectAccessible(page, 'a stale hash');

    await page.getByRole('button', { name: 'Compare with this instance' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Compare anyway' }).click();
    // The new diff also removes the collection made meanwhile.
    await expect.poll(() => tree.textContent()).toContain('removed collection elsewhere');
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Applied: the schema now matches the snapshot.');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Collections' }).getByRole('link').allTextContents()).toContain('Articles');
    await page.getByRole('main').getByRole('link', { name: 'Articles' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/content/articles');
  });

  it('says when the snapshot matches the instance', async () => {
    const { stratum, page } = suite;
    const current = await stratum.call('GET', '/schema/snapshot', { token: await stratum.adminToken() });
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/schema');
    await page
      .getByLabel('Snapshot file (JSON or YAML)')
      .setInputFiles({ name: 'current.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(current.json)) });
    await page.getByRole('button', { name: 'Compare with this instance' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('The snapshot matches this instance: there is nothing to apply.');
  });

  it('reads the diff of a Directus export after confirming its other version, and applies it', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/schema');
    await page.getByLabel('Snapshot file (JSON or YAML)').setInputFiles(DIRECTUS_SNAPSHOT);
    await page.getByRole('button', { name: 'Compare with this instance' }).click();
    await expect.poll(() => page.getByRole('alertdialog').textContent()).toContain('does not match the current instance');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Compare anyway' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Differences' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('list', { name: 'Steps' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'the diff of a Directus export');
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Applied: the schema now matches the snapshot.');
    const again = await stratum.call('GET', '/collections/ref_articles', { token: await stratum.adminToken() });
    expect(again.status).toBe(200);
  });
});
