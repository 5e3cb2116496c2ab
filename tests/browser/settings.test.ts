import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

describe.skipIf(findChromium() === null)('the settings page', () => {
  const suite = useBrowserSuite();

  it('shows validation errors on their field, then saves the settings and the asset presets', async () => {
    const { stratum, page } = suite;
    const folder = await adminData(stratum, 'POST', '/folders', { name: 'Uploads' });
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByLabel('Project name').inputValue()).toBe('Stratum');
    await expectAccessible(page, 'the settings page');

    // Checked in the browser: the colour.
    await page.getByLabel('Project colour').fill('purple');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => page.locator('#setting-project_color-error').textContent())
      .toBe('Enter a colour as #RRGGBB (for example #6644FF).');
    expect(await page.getByLabel('Project colour').getAttribute('aria-describedby')).toContain('setting-project_color-error');
    expect(await page.getByLabel('Project colour').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'a refused colour');

    // Checked by the API: a name longer than its column.
    await page.getByLabel('Project colour').fill('#225588');
    await page.getByLabel('Project name').fill('N'.repeat(101));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.locator('#setting-project_name-error').count()).toBe(1);
    expect(await page.locator('#setting-project_name-error').textContent()).toContain('too long');
    expect(await page.getByRole('alert').textContent()).not.toBe('');

    await page.getByLabel('Project name').fill('Atlas');
    await page.getByLabel('Login attempts').fill('5');
    await page.getByLabel('Image transformations').selectOption('presets');
    await page.getByRole('button', { name: 'Add preset' }).click();
    await page.getByLabel('Key of preset 1').fill('thumb');
    await page.getByLabel('Width of preset 1').fill('200');
    await page.getByLabel('Height of preset 1').fill('0');
    await page.getByLabel('Format of preset 1').selectOption('webp');
    await page.getByLabel('Quality of preset 1').fill('80');
    await page.getByLabel('Default folder for uploads').selectOption({ label: 'Uploads' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.locator('#preset-0-height-error').textContent()).toBe('Enter a whole number of pixels, at least 1.');
    await page.getByLabel('Height of preset 1').fill('150');
    await expectAccessible(page, 'the preset editor');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Settings saved.');

    expect(await adminData(stratum, 'GET', '/settings')).toMatchObject({
      project_name: 'Atlas',
      project_color: '#225588',
      auth_login_attempts: 5,
      storage_asset_transform: 'presets',
      storage_asset_presets: [{ key: 'thumb', width: 200, height: 150, fit: 'cover', format: 'webp', quality: 80 }],
      storage_default_folder: folder.id,
    });
    await page.reload();
    await expect.poll(() => page.getByLabel('Key of preset 1').inputValue()).toBe('thumb');
  });

  it('shows the administrator sections only to administrators', async () => {
    const { stratum, page } = suite;
    const role = await adminData(stratum, 'POST', '/roles', { name: 'Writers' });
    const policy = await adminData(stratum, 'POST', '/policies', { name: 'Writers', app_access: true, admin_access: false });
    await adminData(stratum, 'POST', '/access', { role: role.id, policy: policy.id });
    await adminData(stratum, 'POST', '/users', { email: 'writer@example.com', password: 'UserPass123!', status: 'active', role: role.id });
    await signIn(page, stratum.url, 'writer@example.com', 'UserPass123!');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link').allTextContents()).toContain('Account');
    expect(await nav.getByRole('link').allTextContents()).not.toContain('Data model');
    expect(await nav.getByRole('link').allTextContents()).not.toContain('Settings');
  });
});
