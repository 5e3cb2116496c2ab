import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { focusedName, tabOrder } from './tab-order.js';

type Json = { data: unknown };

/** Authors, and articles with a many-to-one to them and one to the users (the owner); a reader who may only read. */
async function seed(stratum: StratumProcess): Promise<void> {
  const me = await adminData(stratum, 'GET', '/users/me?fields=id');
  await adminData(stratum, 'POST', '/collections', {
    collection: 'authors',
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'name', type: 'string' },
    ],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles',
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string', schema: { max_length: 80, is_nullable: false } },
      {
        field: 'status',
        type: 'string',
        meta: {
          options: {
            choices: [
              { text: 'Draft', value: 'draft' },
              { text: 'Published', value: 'published' },
            ],
          },
        },
        schema: { max_length: 20 },
      },
      { field: 'rating', type: 'integer' },
      { field: 'author', type: 'integer' },
      { field: 'owner', type: 'uuid' },
      { field: 'published_on', type: 'dateTime' },
    ],
  });
  await adminData(stratum, 'POST', '/relations', { collection: 'articles', field: 'author', related_collection: 'authors' });
  await adminData(stratum, 'POST', '/relations', { collection: 'articles', field: 'owner', related_collection: 'service_users' });
  const authors = (await adminData(stratum, 'POST', '/items/authors', [{ name: 'Ada' }, { name: 'Bob' }, { name: 'Cleo' }])) as unknown as {
    id: number;
  }[];
  const [ada, bob, cleo] = authors.map((a) => a.id);
  const other = await adminData(stratum, 'POST', '/users', {
    email: 'other@example.com',
    password: 'OtherPass123!',
    status: 'active',
    first_name: 'Otto',
  });
  await adminData(stratum, 'POST', '/items/articles', [
    { title: 'Alpha', status: 'draft', rating: 2, author: ada, owner: other.id, published_on: '2020-01-01T10:00:00' },
    { title: 'Beta', status: 'published', rating: 9, author: bob, owner: me.id, published_on: '2021-05-01T10:00:00' },
    { title: 'Gamma', status: 'published', rating: 5, author: cleo, owner: me.id, published_on: '2099-01-01T10:00:00' },
    { title: 'Delta', status: 'published', rating: 8, author: ada, owner: other.id, published_on: '2022-01-01T10:00:00' },
    { title: 'Epsilon', status: 'draft', rating: 1, author: bob, owner: null, published_on: null },
  ]);

  // A reader: may read id, title and status of the articles, nothing else, and change nothing.
  const role = await adminData(stratum, 'POST', '/roles', { name: 'Readers' });
  const policy = await adminData(stratum, 'POST', '/policies', { name: 'Read articles', app_access: true, admin_access: false });
  await adminData(stratum, 'POST', '/access', { role: role.id, policy: policy.id });
  await adminData(stratum, 'POST', '/permissions', {
    policy: policy.id,
    collection: 'articles',
    action: 'read',
    fields: ['id', 'title', 'status'],
  });
  await adminData(stratum, 'POST', '/users', {
    email: 'reader@example.com',
    password: 'UserPass123!',
    role: role.id,
    status: 'active',
    first_name: 'Rita',
  });

  // An editor: may read every field of the articles and update only their status; may not delete.
  const editors = await adminData(stratum, 'POST', '/roles', { name: 'Editors' });
  const editing = await adminData(stratum, 'POST', '/policies', { name: 'Edit status', app_access: true, admin_access: false });
  await adminData(stratum, 'POST', '/access', { role: editors.id, policy: editing.id });
  await adminData(stratum, 'POST', '/permissions', { policy: editing.id, collection: 'articles', action: 'read', fields: ['*'] });
  await adminData(stratum, 'POST', '/permissions', { policy: editing.id, collection: 'articles', action: 'update', fields: ['status'] });
  await adminData(stratum, 'POST', '/users', {
    email: 'editor@example.com',
    password: 'UserPass123!',
    role: editors.id,
    status: 'active',
    first_name: 'Ed',
  });
}

const chromiumFound = findChromium() !== null;

describe.skipIf(!chromiumFound)('the items table in Chromium: filter builder, columns, batch edit', () => {
  const suite = useBrowserSuite({ setUp: seed });

  const titles = () =>
    suite.page
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map(
          (row) =>
            (row as unknown as { querySelector(s: string): { textContent: string } | null }).querySelector('td:not(.select)')
              ?.textContent ?? '',
        ),
      );
  const builder = () => suite.page.getByRole('region', { name: 'Filter', exact: true });
  const condition = (number: string) => builder().getByRole('group', { name: `Condition ${number}`, exact: true });
  /** Opens a toolbar panel (the filter, the views) unless it is open already. */
  const openPanel = async (panel: 'filter' | 'views') => {
    const details = suite.page.locator(`details.${panel}-panel`);
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  };

  it('builds a filter with a relational field and an OR group inside the AND, keeps it in the address, and explains a wrong value', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles?sort=title');
    await expect.poll(titles).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']);
    await openPanel('filter');

    // Author › Name equals Ada, and (rating < 3 or rating > 7).
    await builder().getByRole('button', { name: 'Add condition' }).click();
    await condition('1').getByLabel('Field').selectOption({ label: 'Author › Name' });
    expect(await condition('1').getByLabel('Operator').inputValue()).toBe('_eq');
    await condition('1').getByLabel('Value', { exact: true }).fill('Ada');
    await builder().getByRole('button', { name: 'Add group' }).click();
    const group = builder().getByRole('group', { name: 'Group 2', exact: true });
    expect(await group.getByLabel('Match').inputValue()).toBe('_or');
    await group.getByRole('button', { name: 'Add condition' }).click();
    await group.getByRole('button', { name: 'Add condition' }).click();
    await condition('2.1').getByLabel('Field').selectOption({ label: 'Rating' });
    await condition('2.1').getByLabel('Operator').selectOption({ label: 'is less than' });
    await condition('2.1').getByLabel('Value', { exact: true }).fill('3');
    await condition('2.2').getByLabel('Field').selectOption({ label: 'Rating' });
    await condition('2.2').getByLabel('Operator').selectOption({ label: 'is greater than' });
    // A value that is not a number is refused on its condition, before anything is sent.
    await condition('2.2').getByLabel('Value', { exact: true }).fill('seven');
    await builder().getByRole('button', { name: 'Apply filter' }).click();
    await expect.poll(() => builder().getByRole('alert').textContent()).toBe('One condition needs attention.');
    expect(await condition('2.2').locator('.error').textContent()).toBe('Enter a whole number.');
    await expectAccessible(page, 'the filter builder with an error');

    await condition('2.2').getByLabel('Value', { exact: true }).fill('7');
    await builder().getByRole('button', { name: 'Apply filter' }).click();
    await expect.poll(titles).toEqual(['Alpha', 'Delta']);
    expect(await page.locator('.pager span').textContent()).toBe('Items 1–2 of 2 · Page 1 of 1');
    const address = new URLSearchParams(new URL(page.url()).search);
    expect(JSON.parse(address.get('filter') ?? 'null')).toEqual({
      _and: [{ author: { name: { _eq: 'Ada' } } }, { _or: [{ rating: { _lt: 3 } }, { rating: { _gt: 7 } }] }],
    });
    await expectAccessible(page, 'a filtered table');

    // A reload keeps the filter, and the builder shows it again.
    await page.reload();
    await expect.poll(titles).toEqual(['Alpha', 'Delta']);
    // The toolbar counts the conditions of the filter in force.
    expect(await page.locator('details.filter-panel > summary').textContent()).toBe('Filter (3)');
    await openPanel('filter');
    expect(await condition('1').getByLabel('Field').inputValue()).toBe('author.name');
    expect(await condition('2.2').getByLabel('Value', { exact: true }).inputValue()).toBe('7');

    // The OR group as AND instead: nothing is both under 3 and over 7.
    await builder().getByRole('group', { name: 'Group 2', exact: true }).getByLabel('Match').selectOption('_and');
    await builder().getByRole('button', { name: 'Apply filter' }).click();
    await expect.poll(() => page.getByText('No items match this filter.').isVisible()).toBe(true);

    await builder().getByRole('button', { name: 'Clear filter' }).click();
    await expect.poll(titles).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']);
    expect(new URL(page.url()).search).toBe('?sort=title');
  });

  it('offers $CURRENT_USER for the owner and $NOW for a date', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles?sort=title');
    await expect.poll(titles).toHaveLength(5);
    await openPanel('filter');
    await builder().getByRole('button', { name: 'Add condition' }).click();
    await condition('1').getByLabel('Field').selectOption({ label: 'Owner' });
    await condition('1').getByLabel('Dynamic value').selectOption({ label: 'Current user ($CURRENT_USER)' });
    expect(await condition('1').getByLabel('Value', { exact: true }).inputValue()).toBe('$CURRENT_USER');
    await builder().getByRole('button', { name: 'Apply filter' }).click();
    await expect.poll(titles).toEqual(['Beta', 'Gamma']);

    await builder().getByRole('button', { name: 'Add condition' }).last().click();
    await condition('2').getByLabel('Field').selectOption({ label: 'Published on' });
    await condition('2').getByLabel('Operator').selectOption({ label: 'is less than' });
    await condition('2').getByLabel('Dynamic value').selectOption({ label: 'Now ($NOW)' });
    await builder().getByRole('button', { name: 'Apply filter' }).click();
    await expect.poll(titles).toEqual(['Beta']);
    expect(JSON.parse(new URLSearchParams(new URL(page.url()).search).get('filter') ?? 'null')).toEqual({
      _and: [{ owner: { _eq: '$CURRENT_USER' } }, { published_on: { _lt: '$NOW' } }],
    });
    await expectAccessible(page, 'a filter with dynamic values');
  });

  it('shows a related column, keeps the choice in the address and saves it with the filter in a view', async () => {
    const { stratum, page } = suite;
    const filter = encodeURIComponent(JSON.stringify({ _and: [{ status: { _eq: 'published' } }] }));
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, `/admin/content/articles?sort=title&filter=${filter}`);
    await expect.poll(titles).toEqual(['Beta', 'Delta', 'Gamma']);
    await page.locator('summary', { hasText: 'Columns (6)' }).click();
    const columns = page.getByRole('group', { name: 'Columns to show' });
    await columns.getByLabel('Author › Name').check();
    await columns.getByLabel('Published on').uncheck();
    await columns.getByLabel('Owner', { exact: true }).uncheck();
    await expect
      .poll(() => page.getByRole('columnheader').allTextContents())
      .toEqual(['', 'Title ▲', 'Status', 'Rating', 'Author', 'Author › Name']);
    const cells = () =>
      page
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) => (row as unknown as { lastElementChild: { textContent: string } }).lastElementChild.textContent),
        );
    await expect.poll(cells).toEqual(['Bob', 'Ada', 'Cleo']);
    expect(new URLSearchParams(new URL(page.url()).search).get('fields')).toBe('title,status,rating,author,author.name');
    await expectAccessible(page, 'a table with a related column');

    // Sorted by the related column.
    await page.getByRole('button', { name: 'Author › Name' }).click();
    await expect.poll(cells).toEqual(['Ada', 'Bob', 'Cleo']);

    await page.reload();
    await expect.poll(cells).toEqual(['Ada', 'Bob', 'Cleo']);
    const views = page.getByRole('region', { name: 'Saved views' });
    await openPanel('views');
    await views.getByLabel('Name of this view').fill('Published with authors');
    await views.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => views.getByRole('status').textContent()).toBe('Saved the view "Published with authors".');
    const stored = await stratum.call('GET', '/presets?fields=bookmark,filter,layout_query', { token: await stratum.adminToken() });
    expect((stored.json as Json).data).toEqual([
      {
        bookmark: 'Published with authors',
        filter: { _and: [{ status: { _eq: 'published' } }] },
        layout_query: { tabular: { sort: ['author.name'], limit: 25, fields: ['title', 'status', 'rating', 'author', 'author.name'] } },
      },
    ]);

    // From the plain table, the view brings back the filter and the columns.
    await page.goto(`${stratum.url}/admin/content/articles`);
    await expect
      .poll(() => page.getByRole('columnheader').allTextContents())
      .toEqual(['', 'Title', 'Status', 'Rating', 'Author', 'Owner', 'Published on']);
    await openPanel('views');
    await views.getByLabel('View', { exact: true }).selectOption({ label: 'Published with authors' });
    await views.getByRole('button', { name: 'Apply view' }).click();
    await expect.poll(cells).toEqual(['Ada', 'Bob', 'Cleo']);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['', 'Title', 'Status', 'Rating', 'Author', 'Author › Name ▲']);
    await openPanel('filter');
    expect(await condition('1').getByLabel('Value').inputValue()).toBe('published');
  });

  it('edits two selected rows together, and shows a refused value on its field', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles?sort=title');
    await expect.poll(titles).toHaveLength(5);
    const rows = page.locator('tbody tr');
    const edit = page.getByRole('button', { name: /^Edit selected/ });
    expect(await edit.isDisabled()).toBe(true);
    await rows.filter({ hasText: 'Alpha' }).getByRole('checkbox').check();
    await rows.filter({ hasText: 'Epsilon' }).getByRole('checkbox').check();
    await expect.poll(() => edit.textContent()).toBe('Edit selected (2)');
    await edit.click();
    const form = page.getByRole('region', { name: 'Edit 2 items of Articles' });
    await expect.poll(() => form.isVisible()).toBe(true);
    // The heading takes the focus (in an effect, after the form is shown), so the keyboard continues in the form.
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id))
      .toBe('batch-title');
    await expectAccessible(page, 'the batch edit form');

    // Title cannot be empty: the server's refusal shows on the field, and nothing changes.
    await form.getByLabel('Change Title').check();
    await form.getByLabel('Status', { exact: true }).selectOption('published');
    expect(await form.getByLabel('Change Status').isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Apply to 2 items' }).click();
    await expect.poll(() => form.locator('#field-title-error').isVisible()).toBe(true);
    expect(await form.getByRole('alert').first().textContent()).toBeTruthy();
    await expectAccessible(page, 'the batch edit form with an error');

    await form.getByLabel('Change Title').uncheck();
    await form.getByLabel('Rating', { exact: true }).fill('4');
    await form.getByRole('button', { name: 'Apply to 2 items' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Updated' }).textContent()).toBe('Updated 2 items.');
    expect(await form.isVisible()).toBe(false);
    const stored = await stratum.call(
      'GET',
      '/items/articles?fields=title,status,rating&sort=title&filter[title][_in]=Alpha,Epsilon,Beta',
      { token: await stratum.adminToken() },
    );
    expect((stored.json as Json).data).toEqual([
      { title: 'Alpha', status: 'published', rating: 4 },
      { title: 'Beta', status: 'published', rating: 9 },
      { title: 'Epsilon', status: 'published', rating: 4 },
    ]);
    // Batch delete still sits beside it.
    expect(await page.getByRole('button', { name: /^Delete selected/ }).isVisible()).toBe(true);
  });

  it('offers an editor who may update only the status just that field, and no batch delete', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, 'editor@example.com', 'UserPass123!', '/admin/content/articles?sort=title');
    await expect.poll(titles).toHaveLength(5);
    expect(await page.getByRole('button', { name: /^Delete selected/ }).count()).toBe(0);
    await page.locator('tbody tr').filter({ hasText: 'Gamma' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Edit selected (1)' }).click();
    const form = page.getByRole('region', { name: 'Edit 1 item of Articles' });
    expect(await form.getByRole('checkbox').count()).toBe(1);
    expect(await form.getByRole('checkbox').getAttribute('id')).toBe('apply-status');
    await form.getByLabel('Status', { exact: true }).selectOption('draft');
    await form.getByRole('button', { name: 'Apply to 1 item' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Updated' }).textContent()).toBe('Updated 1 item.');
    const stored = await stratum.call('GET', '/items/articles?fields=status&filter[title][_eq]=Gamma', {
      token: await stratum.adminToken(),
    });
    expect((stored.json as Json).data).toEqual([{ status: 'draft' }]);
    await expectAccessible(page, "an editor's table");
  });

  it('gives a reader who may not update no check boxes and no "Edit selected", and only their fields to filter on', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, 'reader@example.com', 'UserPass123!', '/admin/content/articles?sort=title');
    await expect.poll(titles).toHaveLength(5);
    expect(await page.getByRole('button', { name: /^Edit selected/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Select/ }).count()).toBe(0);
    await openPanel('filter');
    await builder().getByRole('button', { name: 'Add condition' }).click();
    expect(await condition('1').getByLabel('Field').locator('option').allTextContents()).toEqual(['Title', 'Status']);
    await condition('1').getByLabel('Operator').selectOption({ label: 'contains' });
    await condition('1').getByLabel('Value').fill('ta');
    await builder().getByRole('button', { name: 'Apply filter' }).click();
    await expect.poll(titles).toEqual(['Beta', 'Delta']);

    // The keyboard reaches every part of the builder, then the columns, in reading order.
    await page.locator('#filter-logic').focus();
    const order = await tabOrder(page, 9);
    expect(order).toEqual([
      'filter-0-field',
      'filter-0-operator',
      'filter-0-value-0',
      'Remove condition',
      'Add condition',
      'Add group',
      'Apply filter',
      'Clear filter',
      'Columns (2)',
    ]);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('column-title');
    expect(await page.getByRole('group', { name: 'Columns to show' }).getByRole('checkbox').count()).toBe(2);
    await expectAccessible(page, "a reader's table");
  });
  it('fits the page at 1280×800: the first row above 250 px, the default columns within the page, long values cut with a title', async () => {
    const { stratum, page } = suite;
    const long = (word: string) => `${word} `.repeat(30).trim();
    await adminData(stratum, 'POST', '/collections', {
      collection: 'wide_rows',
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        ...['one', 'two', 'three', 'four', 'five', 'six', 'seven'].map((field) => ({ field, type: 'string' })),
      ],
    });
    await adminData(stratum, 'POST', '/items/wide_rows', {
      one: long('alpha'),
      two: long('beta'),
      three: long('gamma'),
      four: long('delta'),
      five: long('epsilon'),
      six: long('zeta'),
      seven: long('eta'),
    });
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/wide_rows');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const box = await page.evaluate(() => {
      const doc = (
        globalThis as unknown as {
          document: { querySelector(s: string): { getBoundingClientRect(): { top: number; width: number } } | null };
        }
      ).document;
      const root = (globalThis as unknown as { document: { documentElement: { clientWidth: number; scrollWidth: number } } }).document
        .documentElement;
      return {
        rowTop: doc.querySelector('tbody tr')!.getBoundingClientRect().top,
        tableWidth: doc.querySelector('table')!.getBoundingClientRect().width,
        pageWidth: root.clientWidth,
        scrollWidth: root.scrollWidth,
      };
    });
    expect(box.rowTop).toBeLessThan(250);
    expect(box.tableWidth).toBeLessThanOrEqual(box.pageWidth);
    expect(box.scrollWidth).toBeLessThanOrEqual(box.pageWidth);
    expect(await page.getByRole('columnheader').count()).toBe(9);
    // A cut value is there in full as the cell's title.
    expect(await page.locator('tbody td', { hasText: 'gamma' }).getAttribute('title')).toBe(long('gamma'));
    // The filter, the columns and the views are closed panels of the toolbar.
    expect(await page.getByRole('region', { name: 'Filter', exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'Columns to show' }).isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Saved views' }).isVisible()).toBe(false);
    await openPanel('filter');
    expect(await page.getByRole('region', { name: 'Filter', exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'a table that fits the page, its filter panel open');

    // The row's link opens the item once: one Back is the list again.
    await page.locator('tbody tr').first().getByRole('link').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/content\/wide_rows\/\d+$/);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/content/wide_rows');
  });
});
