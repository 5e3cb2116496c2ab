import { describe, expect, it } from 'vitest';
import { adminData, type Row } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess, typeWhenEditable } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { userWith } from './user-with.js';

const pk = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } };

/**
 * books.author → authors (many-to-one; authors have a display template), books.chapters ← chapters.book
 * (one-to-many, deselect: nullify). Answers the keys by name.
 */
async function seed(stratum: StratumProcess): Promise<Record<string, number>> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'authors',
    meta: { display_template: '{{ name }} ({{ city }})' },
    fields: [pk, { field: 'name', type: 'string' }, { field: 'city', type: 'string' }],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'books',
    fields: [pk, { field: 'title', type: 'string' }, { field: 'author', type: 'integer' }],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'chapters',
    fields: [pk, { field: 'heading', type: 'string' }, { field: 'book', type: 'integer' }],
  });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'books',
    field: 'author',
    related_collection: 'authors',
    meta: { one_field: null },
  });
  await adminData(stratum, 'POST', '/fields/books', {
    field: 'chapters',
    type: 'alias',
    meta: { special: ['o2m'], interface: 'list-o2m' },
  });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'chapters',
    field: 'book',
    related_collection: 'books',
    meta: { one_field: 'chapters', one_deselect_action: 'nullify' },
  });

  const keys: Record<string, number> = {};
  for (const [name, city] of [
    ['Ada Lovelace', 'London'],
    ['Grace Hopper', 'New York'],
    ['Alan Turing', 'London'],
  ] as const) {
    keys[name] = (await adminData(stratum, 'POST', '/items/authors', { name, city })).id as number;
  }
  keys.book = (await adminData(stratum, 'POST', '/items/books', { title: 'Notes', author: keys['Ada Lovelace'] })).id as number;
  for (const [heading, book] of [
    ['One', keys.book],
    ['Two', keys.book],
    ['Loose', null],
  ] as const) {
    keys[heading] = (await adminData(stratum, 'POST', '/items/chapters', { heading, book })).id as number;
  }
  return keys;
}

describe.skipIf(findChromium() === null)('relational fields of the item form', () => {
  let keys: Record<string, number>;
  const suite = useBrowserSuite({
    setUp: async (stratum) => {
      keys = await seed(stratum);
    },
  });

  const book = async () => adminData(suite.stratum, 'GET', `/items/books/${keys.book}?fields=author,chapters`);

  it('picks a many-to-one value by search (mouse and keyboard), saves it, and clears it', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, `/admin/content/books/${keys.book}`);
    const author = page.getByRole('combobox', { name: 'Author' });
    // The display template of authors.
    await expect.poll(() => author.inputValue()).toBe('Ada Lovelace (London)');
    await expectAccessible(page, 'an item with a many-to-one picker');

    await author.fill('Grace');
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual(['Grace Hopper (New York)']);
    await expect.poll(() => author.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'a many-to-one picker with its matches open');
    await options.first().click();
    await expect.poll(() => author.inputValue()).toBe('Grace Hopper (New York)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Saved.');
    expect((await book()).author).toBe(keys['Grace Hopper']);

    // With the keyboard: type, arrow down to the second match, Enter (which must not submit the form).
    await author.fill('');
    await typeWhenEditable(author, 'London');
    await expect.poll(() => options.count()).toBe(2);
    await author.press('ArrowDown');
    await expect.poll(() => page.locator('[role=option][aria-selected=true]').textContent()).toBe('Alan Turing (London)');
    await author.press('Enter');
    await expect.poll(() => author.inputValue()).toBe('Alan Turing (London)');
    expect((await book()).author).toBe(keys['Grace Hopper']);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await book()).author).toBe(keys['Alan Turing']);
    // The form reloads the saved item after the write; clearing before that reload ends would be overwritten by it.
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Saved.');
    await expect.poll(() => author.inputValue()).toBe('Alan Turing (London)');

    await page.getByRole('button', { name: 'Clear Author' }).click();
    await expect.poll(() => author.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await book()).author).toBeNull();
  });

  it('adds an existing item to a one-to-many list, removes one, and opens one', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, `/admin/content/books/${keys.book}`);
    const list = page.getByRole('list', { name: 'Chapters' });
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['One', 'Two']);

    const add = page.getByRole('combobox', { name: 'Add to Chapters' });
    await add.fill('Loo');
    await page.getByRole('option', { name: 'Loose' }).click();
    await list.getByRole('button', { name: 'Remove One' }).click();
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Two', 'Loose']);
    await expect.poll(() => page.getByText('1 item will be unlinked when you save.').isVisible()).toBe(true);
    await expectAccessible(page, 'a one-to-many list with unsaved changes');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);

    const chapters = await adminData(stratum, 'GET', `/items/chapters?fields=id,heading,book&sort=id`);
    expect((chapters as unknown as Row[]).map((c) => [c.heading, c.book])).toEqual([
      ['One', null],
      ['Two', keys.book],
      ['Loose', keys.book],
    ]);
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Two', 'Loose']);

    await list.getByRole('link', { name: 'Loose' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/content/chapters/${keys.Loose}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Book' }).inputValue()).toBe('Notes');
  });

  it('creates an item with a picked many-to-one value and an existing item added to its list', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/books/+');
    await page.getByLabel('Title').fill('Second volume');
    const author = page.getByRole('combobox', { name: 'Author' });
    await typeWhenEditable(author, 'Grace');
    await page.getByRole('option', { name: 'Grace Hopper (New York)' }).click();
    await typeWhenEditable(page.getByRole('combobox', { name: 'Add to Chapters' }), 'One');
    await page.getByRole('option', { name: 'One' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Chapters' }).textContent()).toContain('(added; saved with the item)');
    await expectAccessible(page, 'a new item with relational fields');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/content\/books\/\d+$/);
    const created = Number(new URL(page.url()).pathname.split('/').pop());
    const stored = await adminData(stratum, 'GET', `/items/books/${created}?fields=title,author,chapters.heading`);
    expect(stored).toEqual({ title: 'Second volume', author: keys['Grace Hopper'], chapters: [{ heading: 'One' }] });
    await expect.poll(() => page.getByRole('list', { name: 'Chapters' }).getByRole('link').allTextContents()).toEqual(['One']);
  });

  it('shows a limited user a read-only picker, and offers only the related items they may read', async () => {
    const { stratum, context, page } = suite;
    await userWith(stratum, 'viewer@example.com', [
      { collection: 'books', action: 'read', fields: ['*'] },
      { collection: 'books', action: 'update', fields: ['title'] },
      { collection: 'authors', action: 'read', fields: ['*'] },
      { collection: 'chapters', action: 'read', fields: ['*'] },
    ]);
    await adminData(stratum, 'PATCH', `/items/books/${keys.book}`, { author: keys['Ada Lovelace'] });
    await signIn(page, stratum.url, 'viewer@example.com', 'UserPass123!', `/admin/content/books/${keys.book}`);
    const author = page.getByRole('combobox', { name: /^Author/ });
    await expect.poll(() => author.inputValue()).toBe('Ada Lovelace (London)');
    expect(await author.isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: /^Clear/ }).count()).toBe(0);
    // The list is read-only too: no Remove, no search to add.
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: /^Chapters/ })
          .getByRole('link')
          .allTextContents(),
      )
      .toEqual(['Two', 'Loose']);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Add to/ }).count()).toBe(0);
    await expectAccessible(page, 'a read-only picker');

    await userWith(stratum, 'londoner@example.com', [
      { collection: 'books', action: 'read', fields: ['*'] },
      { collection: 'books', action: 'update', fields: ['author'] },
      { collection: 'authors', action: 'read', fields: ['id', 'name'], permissions: { city: { _eq: 'London' } } },
    ]);
    await context.clearCookies();
    await signIn(page, stratum.url, 'londoner@example.com', 'UserPass123!', `/admin/content/books/${keys.book}`);
    const picker = page.getByRole('combobox', { name: 'Author' });
    // The template names city, which this user may not read: the name alone.
    await expect.poll(() => picker.inputValue()).toBe('Ada Lovelace');
    await picker.fill('');
    await typeWhenEditable(picker, 'a');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Ada Lovelace', 'Alan Turing']);
  });
});
