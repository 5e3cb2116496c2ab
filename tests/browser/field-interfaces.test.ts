import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminData, type Row } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess, typeWhenEditable } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { USER_PASSWORD, userWith } from './user-with.js';

const CHOICES = [
  { text: 'Red', value: 'red' },
  { text: 'Green', value: 'green' },
  { text: 'Blue', value: 'blue' },
];

/** A collection with one field per basic interface (and its display in lists), and one item. */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'gadgets',
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      {
        field: 'shade',
        type: 'string',
        meta: {
          interface: 'select-radio',
          options: { choices: CHOICES },
          display: 'labels',
          display_options: { choices: [{ text: 'Red', value: 'red', foreground: '#FFFFFF', background: '#FFCCCC' }] },
        },
      },
      {
        field: 'active',
        type: 'boolean',
        meta: {
          interface: 'boolean',
          options: { label: 'Enabled' },
          display: 'boolean',
          display_options: { labelOn: 'Live', labelOff: 'Off' },
        },
      },
      { field: 'level', type: 'integer', meta: { interface: 'slider', options: { minValue: 0, maxValue: 10, stepInterval: 2 } } },
      {
        field: 'due',
        type: 'dateTime',
        meta: { interface: 'datetime', options: { includeSeconds: false }, display: 'datetime', display_options: { relative: true } },
      },
      {
        field: 'tint',
        type: 'string',
        meta: { interface: 'select-color', options: { presets: [{ name: 'Purple', color: '#6644FF' }] }, display: 'color' },
      },
      {
        field: 'price',
        type: 'float',
        meta: { display: 'formatted-value', display_options: { prefix: '€ ', format: true } },
      },
      { field: 'name', type: 'string' },
      { field: 'extras', type: 'json', meta: { interface: 'select-multiple-checkbox', options: { choices: CHOICES } } },
      { field: 'sizes', type: 'json', meta: { interface: 'select-multiple-dropdown', options: { choices: CHOICES } } },
      { field: 'keywords', type: 'json', meta: { interface: 'tags', options: { presets: ['fast', 'cheap'] } } },
      { field: 'labels', type: 'csv', meta: { interface: 'tags' } },
      { field: 'locked', type: 'json', meta: { interface: 'tags', readonly: true } },
      {
        field: 'flavour',
        type: 'string',
        meta: { interface: 'select-dropdown', options: { choices: CHOICES, allowOther: true, allowNone: true } },
      },
      { field: 'launch', type: 'dateTime', meta: { interface: 'datetime', options: { use24: false, includeSeconds: true } } },
    ],
  });
  await adminData(stratum, 'POST', '/fields/gadgets', {
    field: 'cover',
    type: 'uuid',
    meta: { interface: 'file-image', special: ['file'] },
  });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'gadgets',
    field: 'cover',
    related_collection: 'service_files',
    schema: { on_delete: 'SET NULL' },
  });
  await adminData(stratum, 'POST', '/items/gadgets', {
    name: 'Widget',
    shade: 'red',
    active: false,
    price: 1234.5,
    locked: ['fixed', 'kept'],
    flavour: 'purple',
  });
}

const stored = async (stratum: StratumProcess): Promise<Row> => {
  const rows = (await adminData(stratum, 'GET', '/items/gadgets?fields=*')) as unknown as Row[];
  return rows[0]!;
};

/** A many-to-any `parts` on gadgets: a sorted junction naming headings or texts (as Directus's builder field). */
async function seedManyToAny(stratum: StratumProcess): Promise<void> {
  const pk = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } };
  await adminData(stratum, 'POST', '/collections', { collection: 'headings', fields: [pk, { field: 'title', type: 'string' }] });
  await adminData(stratum, 'POST', '/collections', { collection: 'texts', fields: [pk, { field: 'body', type: 'text' }] });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'gadgets_parts',
    meta: { hidden: true },
    fields: [
      pk,
      { field: 'gadgets_id', type: 'integer' },
      { field: 'item', type: 'string' },
      { field: 'collection', type: 'string' },
      { field: 'sort', type: 'integer' },
    ],
  });
  await adminData(stratum, 'POST', '/fields/gadgets', { field: 'parts', type: 'alias', meta: { special: ['m2a'], interface: 'list-m2a' } });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'gadgets_parts',
    field: 'item',
    related_collection: null,
    meta: { one_allowed_collections: ['headings', 'texts'], one_collection_field: 'collection', junction_field: 'gadgets_id' },
    schema: null,
  });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'gadgets_parts',
    field: 'gadgets_id',
    related_collection: 'gadgets',
    meta: { one_field: 'parts', junction_field: 'item', sort_field: 'sort' },
    schema: { on_delete: 'CASCADE' },
  });
  await adminData(stratum, 'POST', '/items/headings', [{ title: 'Welcome' }, { title: 'Goodbye' }]);
  await adminData(stratum, 'POST', '/items/texts', [{ body: 'Hello there' }]);
}

describe.skipIf(findChromium() === null)('the basic field interfaces and list displays', () => {
  const suite = useBrowserSuite({
    setUp: async (stratum) => {
      await seed(stratum);
      await seedManyToAny(stratum);
    },
  });

  it('edits and saves each interface by keyboard and mouse, and shows the displays in the list', async () => {
    const { stratum, page } = suite;
    const { id } = await stored(stratum);
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, `/admin/content/gadgets/${String(id)}`);
    const shade = page.getByRole('radiogroup', { name: 'Shade' });
    await expect.poll(() => shade.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('switch', { name: 'Active' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the item form with the basic interfaces');
    // A read-only field shows its value in a read-only box, still focusable, with no control to change it.
    const locked = page.getByLabel(/^Locked/);
    await expect.poll(() => locked.inputValue()).toBe('fixed, kept');
    expect(await locked.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Remove fixed' }).count()).toBe(0);

    // Choices: a radio by arrow key, check boxes, a multiple list box.
    await shade.getByRole('radio', { name: 'Red' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => shade.getByRole('radio', { name: 'Green' }).isChecked()).toBe(true);
    const extras = page.getByRole('group', { name: 'Extras' });
    await extras.getByRole('checkbox', { name: 'Blue' }).check();
    await extras.getByRole('checkbox', { name: 'Red' }).check();
    await page.getByLabel('Sizes').selectOption(['green', 'blue']);

    // Tags by keyboard: Enter and a comma add, "Remove <tag>" removes.
    const keywords = page.getByLabel('Keywords', { exact: true });
    await keywords.fill('shiny');
    await keywords.press('Enter');
    await keywords.pressSequentially('small,');
    await keywords.pressSequentially('fast');
    await keywords.press('Enter');
    await page.getByRole('button', { name: 'Remove small' }).click();
    const labels = page.getByLabel('Labels', { exact: true });
    await labels.pressSequentially('one,two,');

    // The switch, the slider by arrow keys, the date's Now, the colour by text.
    await page.getByRole('switch', { name: 'Active' }).press('Space');
    const level = page.getByRole('slider', { name: 'Level' });
    await level.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => level.inputValue()).toBe('6');
    await page.getByRole('button', { name: 'Now for Due' }).click();
    await expect.poll(() => page.getByLabel('Due', { exact: true }).inputValue()).toMatch(/^\d{4}-\d\d-\d\d$/);
    await expect.poll(() => page.getByLabel('Due: hour').inputValue()).toMatch(/^\d{1,2}$/);
    // The 24-hour clock by default (no AM/PM, hours up to 23), no seconds without includeSeconds.
    expect(await page.getByLabel('Due: hour').getAttribute('max')).toBe('23');
    expect(await page.getByLabel('Due: second').count()).toBe(0);
    // use24: false and includeSeconds: an hour of 1–12 with AM/PM, and seconds.
    await page.getByLabel('Launch', { exact: true }).fill('2024-05-01');
    expect(await page.getByLabel('Launch: hour').getAttribute('max')).toBe('12');
    await page.getByLabel('Launch: hour').fill('2');
    await page.getByLabel('Launch: minute').fill('30');
    await page.getByLabel('Launch: second').fill('15');
    await page.getByLabel('Launch: AM or PM').selectOption({ label: 'PM' });
    await expect.poll(() => page.getByLabel('Launch: hour').inputValue()).toBe('2');

    // A drop-down with allowOther: a stored value that is not a choice shows as "Other…" with its text box.
    const flavour = page.getByLabel('Flavour', { exact: true });
    const otherFlavour = page.getByLabel('Other value for Flavour');
    expect(await flavour.locator('option:checked').textContent()).toBe('Other…');
    expect(await otherFlavour.inputValue()).toBe('purple');
    expect(await flavour.locator('option').allTextContents()).toEqual(['None', 'Red', 'Green', 'Blue', 'Other…']);
    await flavour.selectOption('red');
    await expect.poll(() => otherFlavour.count()).toBe(0);
    await flavour.selectOption({ label: 'Other…' });
    await expect.poll(() => otherFlavour.inputValue()).toBe('');
    await otherFlavour.fill('teal');
    const tint = page.getByRole('textbox', { name: 'Tint', exact: true });
    await tint.fill('not a colour');
    await expect.poll(() => page.getByText('Enter a colour as #rrggbb').isVisible()).toBe(true);
    await tint.fill('#12ab34');
    await tint.blur();
    await expect.poll(() => tint.inputValue()).toBe('#12AB34');
    await expectAccessible(page, 'the item form with the basic interfaces edited');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => stored(stratum))
      .toMatchObject({
        shade: 'green',
        extras: ['red', 'blue'],
        sizes: ['green', 'blue'],
        keywords: ['shiny', 'fast'],
        active: true,
        level: 6,
        tint: '#12AB34',
        flavour: 'teal',
      });
    expect(String((await stored(stratum))['launch'])).toMatch(/^2024-05-01T14:30:15/);
    const saved = await stored(stratum);
    expect([saved['labels']].flat().join(',')).toBe('one,two');
    expect(String(saved['due'])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00/);

    // A preset swatch sets the colour (once the form holds the saved item again).
    await expect.poll(() => page.getByText('Saved.', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Purple' }).click();
    await expect.poll(() => tint.inputValue()).toBe('#6644FF');

    // The list: badges with their text, the boolean's label, a relative date, a swatch with its value, a formatted number.
    await page.goto(`${stratum.url}/admin/content/gadgets`);
    const table = page.getByRole('table');
    await expect.poll(() => table.getByText('Green', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => table.getByText('Live', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        table
          .getByText(/ago|now|in \d/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => table.getByText('#12AB34').isVisible()).toBe(true);
    await expect.poll(() => table.getByText('€ 1,234.5').isVisible()).toBe(true);
    await expectAccessible(page, 'the list with displays');
  });

  it('takes an image dropped onto the file field with its progress, and saves its focal point by keyboard', async () => {
    const { stratum, page } = suite;
    const { id } = await stored(stratum);
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, `/admin/content/gadgets/${String(id)}`);
    const cover = page.getByRole('group', { name: 'Cover' });
    await expect.poll(() => cover.getByText('No file.').isVisible()).toBe(true);
    // Dropping is offered once the user's file access is known (with the upload button).
    await expect.poll(() => cover.getByLabel('Upload a file for Cover').isVisible()).toBe(true);
    const bytes = [
      ...(await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer()),
    ];
    // A drop as the browser raises it: a DataTransfer holding the file.
    type Browser = {
      DataTransfer: new () => { items: { add(file: unknown): void } };
      File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
    };
    const transfer = await page.evaluateHandle((data) => {
      const browser = globalThis as unknown as Browser;
      const dt = new browser.DataTransfer();
      dt.items.add(new browser.File([new Uint8Array(data)], 'sky.png', { type: 'image/png' }));
      return dt;
    }, bytes);
    await cover.dispatchEvent('dragover', { dataTransfer: transfer });
    await cover.dispatchEvent('drop', { dataTransfer: transfer });
    await expect.poll(() => cover.getByRole('progressbar', { name: 'Uploaded' }).getAttribute('value')).toBe('100');
    await expect.poll(() => cover.getByRole('img', { name: 'Sky' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await adminData(stratum, 'GET', `/items/gadgets/${String(id)}?fields=cover.filename_download`))['cover'])
      .toEqual({ filename_download: 'sky.png' });

    // The focal point: from the centre, two steps right and one up by arrow keys, then saved on the file.
    await cover.getByRole('button', { name: 'Focal point of the image of Cover' }).click();
    const focal = page.getByRole('group', { name: 'Focal point of Sky' });
    await focal.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.getByText('Focal point: 120, 45 of 200 × 100 pixels (not saved).').isVisible()).toBe(true);
    await expectAccessible(page, 'the file field with its focal point');
    await page.getByRole('button', { name: 'Save focal point' }).click();
    await expect.poll(() => page.getByText('Focal point saved.').isVisible()).toBe(true);
    const file = (await adminData(stratum, 'GET', `/items/gadgets/${String(id)}?fields=cover.focal_point_x,cover.focal_point_y`))['cover'];
    expect(file).toEqual({ focal_point_x: 120, focal_point_y: 45 });
  });

  it('adds items of several collections to a many-to-any, reorders and removes them, saved through the junction', async () => {
    const { stratum, page } = suite;
    const { id } = await stored(stratum);
    const parts = async () =>
      (
        (await adminData(
          stratum,
          'GET',
          `/items/gadgets_parts?fields=collection,item,sort&sort=sort&filter[gadgets_id][_eq]=${String(id)}`,
        )) as unknown as Row[]
      ).map((row) => `${String(row['collection'])}:${String(row['sort'])}`);
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, `/admin/content/gadgets/${String(id)}`);
    const list = page.getByRole('list', { name: 'Parts' });
    await expect.poll(() => page.getByText('None.').isVisible()).toBe(true);

    await page.getByLabel('Add to Parts from').selectOption('headings');
    await typeWhenEditable(page.getByRole('combobox', { name: 'Add an item of Headings' }), 'Wel');
    await page.getByRole('option', { name: 'Welcome' }).click();
    await page.getByLabel('Add to Parts from').selectOption('texts');
    await typeWhenEditable(page.getByRole('combobox', { name: 'Add an item of Texts' }), 'Hello');
    await page.getByRole('option', { name: 'Hello there' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await expectAccessible(page, 'the many-to-any list');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(parts).toEqual(['headings:1', 'texts:2']);
    // The list is read again after the save: no entry is still marked as added.
    await expect.poll(() => list.getByText('(added; saved with the item)').count()).toBe(0);

    // Reorder by keyboard (the text up), then remove the heading, each saved.
    await expect.poll(() => list.getByRole('button', { name: 'Move up Hello there (Texts)' }).isVisible()).toBe(true);
    await list.getByRole('button', { name: 'Move up Hello there (Texts)' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'moved up' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(parts).toEqual(['texts:1', 'headings:2']);
    // Read again after the save: the announcement is cleared and the buttons are back.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'moved up' }).count()).toBe(0);
    await list.getByRole('button', { name: 'Remove Welcome (Headings)' }).click();
    await expect.poll(() => page.getByText('1 link will be removed when you save').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(parts).toEqual(['texts:1']);
  });

  it('shows a user who may change only the name every interface read-only: no focal point, no list changes', async () => {
    const { stratum, page } = suite;
    const { id } = await stored(stratum);
    const read = (collection: string) => ({ collection, action: 'read', fields: ['*'], permissions: {} });
    await userWith(stratum, 'namer@example.com', [
      read('gadgets'),
      { collection: 'gadgets', action: 'update', fields: ['name'], permissions: {} },
      read('gadgets_parts'),
      read('headings'),
      read('texts'),
      read('service_files'),
    ]);
    await signIn(page, stratum.url, 'namer@example.com', USER_PASSWORD, `/admin/content/gadgets/${String(id)}`);
    await expect.poll(() => page.getByRole('textbox', { name: /^Shade/ }).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: /^Shade/ }).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('radiogroup').count()).toBe(0);
    expect(await page.getByRole('switch', { name: /^Active/ }).getAttribute('aria-readonly')).toBe('true');
    // A drop-down's value and a date and time on its own clock, read-only.
    expect(await page.getByRole('textbox', { name: /^Flavour/ }).inputValue()).toBe('teal');
    expect(await page.getByRole('textbox', { name: /^Launch/ }).inputValue()).toMatch(/^May 1, 2024, 2:30:15\sPM$/);
    const cover = page.getByRole('group', { name: 'Cover' });
    await expect.poll(() => cover.getByRole('img', { name: 'Sky' }).count()).toBe(1);
    expect(await cover.getByRole('button', { name: /Focal point/ }).count()).toBe(0);
    const list = page.getByRole('list', { name: 'Parts' });
    await expect.poll(() => list.getByText('Hello there').isVisible()).toBe(true);
    expect(await list.getByRole('button').count()).toBe(0);
    expect(await page.getByLabel('Add to Parts from').count()).toBe(0);
    await expectAccessible(page, 'the basic interfaces read-only');
  });
});
