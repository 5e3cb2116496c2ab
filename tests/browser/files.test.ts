import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminData, uploadAsAdmin, type Row } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, typeWhenEditable } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { focusedName, tabOrder } from './tab-order.js';
import { userWith } from './user-with.js';

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Whether the image has loaded with real pixels (the /assets thumbnail answered an image). */
const loaded = (page: Page, alt: string) =>
  page
    .getByRole('img', { name: alt, exact: true })
    .first()
    .evaluate(
      (img) =>
        (img as unknown as { complete: boolean; naturalWidth: number }).complete &&
        (img as unknown as { naturalWidth: number }).naturalWidth > 0,
    );

describe.skipIf(findChromium() === null)('files in the admin app', () => {
  const suite = useBrowserSuite({
    env: { FILES_MAX_UPLOAD_SIZE: '50kb', FILES_MIME_TYPE_ALLOW_LIST: 'image/*,text/plain' },
    setUp: async (stratum) => {
      const pk = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } };
      await adminData(stratum, 'POST', '/collections', { collection: 'posts', fields: [pk, { field: 'title', type: 'string' }] });
      await adminData(stratum, 'POST', '/fields/posts', {
        field: 'cover',
        type: 'uuid',
        meta: { interface: 'file-image', special: ['file'] },
      });
      await adminData(stratum, 'POST', '/relations', {
        collection: 'posts',
        field: 'cover',
        related_collection: 'service_files',
        schema: { on_delete: 'SET NULL' },
      });
    },
  });

  it('uploads several files in the library, previews the image, edits its metadata, replaces and deletes', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Files' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Files');
    await expect.poll(() => page.getByText('0 files').isVisible()).toBe(true);
    await expectAccessible(page, 'the empty file library');

    await page.getByLabel('Upload files').setInputFiles([
      { name: 'red-square.png', mimeType: 'image/png', buffer: await png(64, 48, '#ff0000') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Some notes') },
    ]);
    await expect.poll(() => page.getByText('Uploaded 2 files.').isVisible()).toBe(true);
    const grid = page.getByRole('list', { name: 'Files' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(2);
    // The image's preview: a lazy thumbnail from /assets, named by its title.
    const thumb = grid.getByRole('img', { name: 'Red Square' });
    expect(await thumb.getAttribute('loading')).toBe('lazy');
    expect(await thumb.getAttribute('src')).toMatch(/^\/assets\/[0-9a-f-]+\?width=160&height=160&fit=cover&format=auto&modified=\d+$/);
    await expect.poll(() => loaded(page, 'Red Square')).toBe(true);
    await expectAccessible(page, 'the library with two files');

    // Filter by type.
    await page.getByLabel('Type').selectOption({ label: 'Images' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
    // The filter is in the address: a reload keeps it.
    expect(new URL(page.url()).search).toBe('?type=image');
    await page.reload();
    await expect.poll(() => grid.getByRole('img', { name: 'Red Square' }).count()).toBe(1);
    expect(await grid.getByRole('listitem').count()).toBe(1);
    expect(await page.getByLabel('Type').inputValue()).toBe('image');
    await page.getByLabel('Type').selectOption({ label: 'All types' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(2);

    // Edit the metadata.
    await grid.getByRole('button', { name: 'Edit Red Square' }).click();
    await page.getByLabel('Title').fill('Sunset over the bay');
    await page.getByLabel('Description').fill('Taken in June');
    await page.getByLabel('Tags').fill('sea, evening');
    await expectAccessible(page, 'the file editor');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => grid.getByRole('img', { name: 'Sunset over the bay' }).count()).toBe(1);
    const [file] = (await adminData(
      stratum,
      'GET',
      '/files?fields=id,title,description,tags&filter[type][_eq]=image/png',
    )) as unknown as Row[];
    expect(file).toMatchObject({ title: 'Sunset over the bay', description: 'Taken in June', tags: ['sea', 'evening'] });

    // Search.
    await page.getByLabel('Search files').fill('sunset');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);

    // Replace its bytes: the same row, a new image (a new thumbnail address, so no stale cached one).
    const before = await grid.getByRole('img', { name: 'Sunset over the bay' }).getAttribute('src');
    await page.getByLabel('Replace file').setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: await png(30, 20, '#0000ff') });
    await expect.poll(() => page.getByText(/Replaced .* with blue\.png\./).isVisible()).toBe(true);
    await expect
      .poll(async () => (await adminData(stratum, 'GET', `/files/${String(file!.id)}?fields=width,filename_download`)).width)
      .toBe(30);
    await expect.poll(() => grid.getByRole('img', { name: 'Sunset over the bay' }).getAttribute('src')).not.toBe(before);

    // Download link.
    const download = grid.getByRole('link', { name: 'Download Sunset over the bay' });
    expect(await download.getAttribute('href')).toMatch(new RegExp(`^/assets/${String(file!.id)}\\?download=true&modified=\\d+$`));

    // Delete after confirming.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete file' }).click();
    await expect.poll(() => page.getByText('Deleted Sunset over the bay.').isVisible()).toBe(true);
    expect((await stratum.call('GET', `/files/${String(file!.id)}`, { token: await stratum.adminToken() })).status).toBe(403);
  });

  it('creates, renames and deletes folders, and uploads into the chosen one', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/files');
    await page.getByLabel(/^New folder/).fill('Photos');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect.poll(() => page.getByText('Created the folder Photos.').isVisible()).toBe(true);
    await page.getByLabel('Folder', { exact: true }).selectOption({ label: 'Photos' });
    await expect.poll(() => page.getByText('No files match.').isVisible()).toBe(true);
    await page
      .getByLabel('Upload files')
      .setInputFiles({ name: 'in-folder.png', mimeType: 'image/png', buffer: await png(10, 10, '#00ff00') });
    await expect.poll(() => page.getByRole('list', { name: 'Files' }).getByRole('listitem').count()).toBe(1);
    const folder = ((await adminData(stratum, 'GET', '/folders?fields=id,name')) as unknown as Row[]).find((f) => f.name === 'Photos')!;
    const [inFolder] = (await adminData(
      stratum,
      'GET',
      '/files?fields=folder&filter[filename_download][_eq]=in-folder.png',
    )) as unknown as Row[];
    expect(inFolder!.folder).toBe(folder.id);

    await page.getByLabel('Name of this folder').fill('Pictures');
    await page.getByRole('button', { name: 'Rename folder' }).click();
    await expect.poll(() => page.getByText('Renamed the folder to Pictures.').isVisible()).toBe(true);
    await expectAccessible(page, 'a folder chosen in the library');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete folder' }).click();
    await expect.poll(() => page.getByText('Deleted the folder Pictures.').isVisible()).toBe(true);
    expect(((await adminData(stratum, 'GET', '/folders?fields=id')) as unknown as Row[]).length).toBe(0);
  });

  it("shows the server's refusal of an upload: a type not allowed, a file too large", async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/files');
    const input = page.getByLabel('Upload files');
    await input.setInputFiles({
      name: 'page.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('<!DOCTYPE html><html><body>hi</body></html>'),
    });
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^This type of file is not allowed: .*text\/html/);
    await expectAccessible(page, 'a refused upload');
    await input.setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from('x'.repeat(80_000)) });
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^The file is too large for this server\./);
  });

  it('uploads a file in an item form, saves, and shows it after a reload; chooses another from the library', async () => {
    const { stratum, page } = suite;
    await uploadAsAdmin(stratum, 'harbour.png', 'image/png', await png(40, 40, '#3366cc'));
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/posts/+');
    await page.getByLabel('Title').fill('Evening');
    const cover = page.getByRole('group', { name: 'Cover' });
    await expect.poll(() => cover.getByText('No file.').isVisible()).toBe(true);
    await expectAccessible(page, 'a new item with a file field');
    await cover
      .getByLabel('Upload a file for Cover')
      .setInputFiles({ name: 'lighthouse.png', mimeType: 'image/png', buffer: await png(20, 30, '#ffcc00') });
    await expect.poll(() => cover.getByRole('img', { name: 'Lighthouse' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/content\/posts\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const post = await adminData(stratum, 'GET', `/items/posts/${id}?fields=cover.filename_download`);
    expect(post).toEqual({ cover: { filename_download: 'lighthouse.png' } });

    await page.reload();
    await expect.poll(() => page.getByRole('group', { name: 'Cover' }).getByRole('img', { name: 'Lighthouse' }).count()).toBe(1);
    await expect.poll(() => loaded(page, 'Lighthouse')).toBe(true);
    await expectAccessible(page, 'an item with a file');

    await page.getByRole('button', { name: 'Choose from library for Cover' }).click();
    const search = page.getByRole('combobox', { name: 'Search the file library' });
    await typeWhenEditable(search, 'harb');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Harbour (harbour.png)']);
    await expectAccessible(page, 'the file library picker with its matches open');
    await page.getByRole('option', { name: 'Harbour' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Cover' }).getByRole('img', { name: 'Harbour' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await adminData(stratum, 'GET', `/items/posts/${id}?fields=cover.filename_download`)).cover)
      .toEqual({ filename_download: 'harbour.png' });
    // The page reloads the item after its save and fills the form from it: an edit made before that ends is
    // replaced, so wait for the page to say it saved (on a loaded machine the server answers well before).
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Remove the file of Cover' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await adminData(stratum, 'GET', `/items/posts/${id}?fields=cover`)).cover).toBeNull();
  });

  it('shows no Files link to a user who may not read files, a 403 to one who may not set the folder, no upload to a reader', async () => {
    const { stratum, context, page } = suite;
    await userWith(stratum, 'writer@example.com', [{ collection: 'posts', action: 'read', fields: ['*'] }]);
    await signIn(page, stratum.url, 'writer@example.com', 'UserPass123!');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Content' }).isVisible()).toBe(true);
    await expect.poll(() => nav.getByRole('link', { name: 'Activity' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Files' }).count()).toBe(0);

    // A user who may create files with a few fields only: the server writes what it learns from the bytes, so
    // an upload works; one into a folder (a field they may not set) is refused (403), and the page says so.
    await adminData(stratum, 'POST', '/folders', { name: 'Captions' });
    await userWith(stratum, 'captioner@example.com', [
      { collection: 'service_files', action: 'read', fields: ['*'] },
      { collection: 'service_folders', action: 'read', fields: ['*'] },
      { collection: 'service_files', action: 'create', fields: ['title', 'description'] },
    ]);
    await context.clearCookies();
    await signIn(page, stratum.url, 'captioner@example.com', 'UserPass123!', '/admin/files');
    await page.getByLabel('Upload files').setInputFiles({ name: 'captioned.txt', mimeType: 'text/plain', buffer: Buffer.from('allowed') });
    await expect
      .poll(
        async () =>
          ((await adminData(stratum, 'GET', '/files?fields=id&filter[filename_download][_eq]=captioned.txt')) as unknown as Row[]).length,
      )
      .toBe(1);
    await page.getByLabel('Folder', { exact: true }).selectOption({ label: 'Captions' });
    await page.getByLabel('Upload files').setInputFiles({ name: 'refused.txt', mimeType: 'text/plain', buffer: Buffer.from('refused') });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^You do not have permission to upload files here\. \(You don't have permission/);
    await expectAccessible(page, 'an upload refused with 403');

    await userWith(stratum, 'viewer@example.com', [{ collection: 'service_files', action: 'read', fields: ['*'] }]);
    await context.clearCookies();
    await signIn(page, stratum.url, 'viewer@example.com', 'UserPass123!');
    await nav.getByRole('link', { name: 'Files' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Files' }).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Upload files').count()).toBe(0);
    await page.getByRole('list', { name: 'Files' }).getByRole('button', { name: /^Edit/ }).first().click();
    expect(await page.getByLabel('Title').isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Delete file' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Crop image' }).count()).toBe(0);
    await expectAccessible(page, 'the library of a reader');
  });

  it("is usable with the keyboard alone: filters, a card's Edit, the editor", async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/files');
    const grid = page.getByRole('list', { name: 'Files' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBeGreaterThan(1);
    await page.getByLabel('Upload files').focus();
    const order = await tabOrder(page, 8);
    expect(order.slice(0, 6)).toEqual(['files-folder', 'files-type', 'files-search', 'Search', 'folder-new', 'Create folder']);
    expect(order[6]).toMatch(/^Edit /);
    expect(order[7]).toMatch(/^Download /);

    // Search with Enter, open the first card's editor with Enter, rename with Enter.
    await page.getByLabel('Search files').focus();
    await page.keyboard.type('harbour');
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
    await grid.getByRole('button', { name: /^Edit/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('file-title');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Harbour at dusk');
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.getByRole('img', { name: 'Harbour at dusk' }).count()).toBe(1);
  });

  it('crops an image drawn with the mouse, moved by keyboard and typed; the file is replaced and its focal point moved in', async () => {
    const { stratum, page } = suite;
    const wide = await uploadAsAdmin(stratum, 'wide.png', 'image/png', await png(200, 100, '#884422'));
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/files?search=wide');
    const grid = page.getByRole('list', { name: 'Files' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
    await grid.getByRole('button', { name: 'Edit Wide' }).click();
    await page.getByRole('button', { name: 'Crop image' }).click();
    const crop = page.getByRole('group', { name: 'Crop Wide' });
    await expect.poll(() => crop.getByRole('img', { name: 'Wide' }).isVisible()).toBe(true);
    await expect.poll(() => loaded(page, 'Wide')).toBe(true);
    await expectAccessible(page, 'the crop editor');

    // The mouse draws the area from a tenth to six tenths of the image (drawn again while the editor settles: on a
    // loaded machine the first drag can come before the image's box has its final place; each drag draws anew).
    const width = crop.getByLabel('Width (pixels)');
    await expect
      .poll(async () => {
        const area = (await page.locator('.crop-image').boundingBox())!;
        await page.mouse.move(area.x + area.width * 0.1, area.y + area.height * 0.1);
        await page.mouse.down();
        await page.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.6, { steps: 5 });
        await page.mouse.up();
        return Math.abs(Number(await width.inputValue()) - 100);
      })
      .toBeLessThanOrEqual(2);
    // The arrow keys move it by a twentieth of the image.
    const left = Number(await crop.getByLabel('Left (pixels)').inputValue());
    await crop.getByRole('group', { name: 'Crop area' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await crop.getByLabel('Left (pixels)').inputValue())).toBe(left + 10);
    // A fixed ratio makes the height follow the width.
    await crop.getByLabel('Aspect ratio').selectOption({ label: 'Square (1:1)' });
    await width.fill('50');
    await expect.poll(() => crop.getByLabel('Height (pixels)').inputValue()).toBe('50');
    // Typed, free again: 80 × 40 from 10, 10 (the image's centre falls outside: the focal point goes to the crop's).
    await crop.getByLabel('Aspect ratio').selectOption({ label: 'Free' });
    await crop.getByLabel('Left (pixels)').fill('10');
    await crop.getByLabel('Top (pixels)').fill('10');
    await width.fill('80');
    await crop.getByLabel('Height (pixels)').fill('40');
    await expect.poll(() => crop.getByText('Cropped to 80 × 40 pixels from 10, 10 of 200 × 100.').isVisible()).toBe(true);
    await crop.getByRole('button', { name: 'Save cropped image' }).click();
    await expect.poll(() => page.getByText('Cropped Wide to 80 × 40 pixels.').isVisible()).toBe(true);
    const row = await adminData(stratum, 'GET', `/files/${String(wide.id)}?fields=width,height,focal_point_x,focal_point_y,type`);
    expect(row).toEqual({ width: 80, height: 40, focal_point_x: 40, focal_point_y: 20, type: 'image/png' });
  });
});
