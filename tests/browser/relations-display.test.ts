import { describe, expect, it } from 'vitest';
import { adminData, type Row } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess, typeWhenEditable } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { userWith } from './user-with.js';

const pk = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } };

/**
 * books.author → authors (authors and books have display templates), books.tags ↔ tags through books_tags
 * (many-to-many), and genres for the data model to relate. Answers the keys by name.
 */
async function seed(stratum: StratumProcess): Promise<Record<string, number>> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'authors',
    meta: { display_template: '{{ name }} ({{ city }})' },
    fields: [pk, { field: 'name', type: 'string' }, { field: 'city', type: 'string' }],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'books',
    meta: { display_template: '{{ title }} ({{ year }})' },
    fields: [pk, { field: 'title', type: 'string' }, { field: 'year', type: 'integer' }, { field: 'author', type: 'integer' }],
  });
  await adminData(stratum, 'POST', '/relations', { collection: 'books', field: 'author', related_collection: 'authors' });
  await adminData(stratum, 'POST', '/collections', { collection: 'tags', fields: [pk, { field: 'name', type: 'string' }] });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'books_tags',
    meta: { hidden: true },
    fields: [pk, { field: 'books_id', type: 'integer' }, { field: 'tags_id', type: 'integer' }],
  });
  await adminData(stratum, 'POST', '/fields/books', { field: 'tags', type: 'alias', meta: { special: ['m2m'], interface: 'list-m2m' } });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'books_tags',
    field: 'tags_id',
    related_collection: 'tags',
    meta: { one_field: null, junction_field: 'books_id' },
    schema: { on_delete: 'CASCADE' },
  });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'books_tags',
    field: 'books_id',
    related_collection: 'books',
    meta: { one_field: 'tags', junction_field: 'tags_id', one_deselect_action: 'nullify' },
    schema: { on_delete: 'CASCADE' },
  });
  await adminData(stratum, 'POST', '/collections', { collection: 'genres', fields: [pk, { field: 'label', type: 'string' }] });

  const keys: Record<string, number> = {};
  for (const [name, city] of [
    ['Ada Lovelace', 'London'],
    ['Grace Hopper', 'New York'],
  ] as const)
    keys[name] = (await adminData(stratum, 'POST', '/items/authors', { name, city })).id as number;
  for (const name of ['Science', 'History', 'Maths']) keys[name] = (await adminData(stratum, 'POST', '/items/tags', { name })).id as number;
  for (const label of ['Essay', 'Novel']) keys[label] = (await adminData(stratum, 'POST', '/items/genres', { label })).id as number;
  keys.book = (
    await adminData(stratum, 'POST', '/items/books', {
      title: 'Notes',
      year: 1843,
      author: keys['Ada Lovelace'],
      tags: [{ tags_id: keys.Science }, { tags_id: keys.History }],
    })
  ).id as number;
  return keys;
}

describe.skipIf(findChromium() === null)('display templates and many-to-many fields in the app', () => {
  let keys: Record<string, number>;
  const suite = useBrowserSuite({
    setUp: async (stratum) => {
      keys = await seed(stratum);
    },
  });

  const tagNames = async () =>
    ((await adminData(suite.stratum, 'GET', `/items/books/${keys.book}?fields=tags.tags_id.name&deep[tags][_sort]=id`)).tags as Row[]).map(
      (row) => (row.tags_id as Row).name,
    );

  it('shows related items by their display template in the list, the heading, the picker and the history', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/books');
    await expect.poll(() => page.getByRole('columnheader').allTextContents()).toEqual(['', 'Title', 'Year', 'Author']);
    // The author cell is the authors' template, read through the relation in the query's fields.
    await expect.poll(() => page.locator('tbody td').last().textContent()).toBe('Ada Lovelace (London)');
    expect(await page.locator('tbody td').last().getAttribute('title')).toBe('Ada Lovelace (London)');
    await expectAccessible(page, 'a list with a templated many-to-one column');

    await adminData(stratum, 'PATCH', `/items/books/${keys.book}`, { author: keys['Grace Hopper'] });
    await page.locator('tbody tr').first().click();
    // The heading is the book's own template, not "Books 1".
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Notes (1843)');
    await expect.poll(() => page.getByRole('combobox', { name: 'Author' }).inputValue()).toBe('Grace Hopper (New York)');
    // The history names the authors by their template too.
    const change = page.locator('table.diff tr', { has: page.getByRole('rowheader', { name: 'Author' }) }).first();
    await expect.poll(() => change.locator('del').textContent()).toBe('Ada Lovelace (London)');
    expect(await change.locator('ins').textContent()).toBe('Grace Hopper (New York)');
    await expectAccessible(page, 'an item with a templated heading and history');
  });

  it('lists, adds, creates and removes many-to-many links, saved as the junction’s nested payload', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, `/admin/content/books/${keys.book}`);
    const list = page.getByRole('list', { name: 'Tags' });
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Science', 'History']);

    // An existing tag by search (the linked ones are not offered again).
    const add = page.getByRole('combobox', { name: 'Add to Tags' });
    await typeWhenEditable(add, 'a');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Maths']);
    await page.getByRole('option', { name: 'Maths' }).click();
    // A new tag, created on save.
    await page.getByLabel('New Tags (Name)').fill('Poetry');
    await page.getByLabel('New Tags (Name)').press('Enter');
    await list.getByRole('button', { name: 'Remove History' }).click();
    await expect
      .poll(() => list.locator('li').allTextContents())
      .toEqual([
        'ScienceRemove Science',
        'Maths (added; saved with the item)Remove Maths',
        'Poetry (new; created when you save)Remove Poetry',
      ]);
    await expect.poll(() => page.getByText('1 link will be removed when you save (the items are kept).').isVisible()).toBe(true);
    await expectAccessible(page, 'a many-to-many list with unsaved changes');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    expect(await tagNames()).toEqual(['Science', 'Maths', 'Poetry']);
    // History was unlinked, not deleted: its junction row no longer points at the book (one_deselect_action nullify).
    expect(((await adminData(stratum, 'GET', '/items/tags?fields=name&sort=id')) as unknown as Row[]).map((t) => t.name)).toEqual([
      'Science',
      'History',
      'Maths',
      'Poetry',
    ]);
    expect(
      (await adminData(stratum, 'GET', `/items/books_tags?aggregate[count]=*&filter[books_id][_eq]=${keys.book}`)) as unknown as Row[],
    ).toEqual([{ count: 3 }]);
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Science', 'Maths', 'Poetry']);
  });

  it('shows a user who may not update the field the links read-only', async () => {
    const { stratum, page } = suite;
    await userWith(stratum, 'tag-reader@example.com', [
      { collection: 'books', action: 'read', fields: ['*'] },
      { collection: 'books', action: 'update', fields: ['title'] },
      { collection: 'books_tags', action: 'read', fields: ['*'] },
      { collection: 'tags', action: 'read', fields: ['*'] },
      { collection: 'authors', action: 'read', fields: ['*'] },
    ]);
    await signIn(page, stratum.url, 'tag-reader@example.com', 'UserPass123!', `/admin/content/books/${keys.book}`);
    const list = page.getByRole('list', { name: 'Tags' });
    await expect.poll(() => list.getByRole('link').count()).toBeGreaterThan(0);
    expect(await page.getByText('Tags (read-only)').count()).toBe(1);
    expect(await list.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Add to Tags' }).count()).toBe(0);
    expect(await page.getByLabel(/^New Tags/).count()).toBe(0);
    await expectAccessible(page, 'a read-only many-to-many list');
  });

  it('creates a many-to-many in the data model as Directus’s wizard does, and the form offers it', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/data-model/books');
    await page.getByRole('button', { name: 'Add relation' }).click();
    await page.getByLabel('Relation', { exact: true }).selectOption('m2m');
    await page.getByLabel('Field name (in this collection)').fill('genres');
    await page.getByLabel('Related collection', { exact: true }).selectOption('genres');
    await expect.poll(() => page.locator('#re-junction-help').textContent()).toContain('(books_id, genres_id); empty: books_genres.');
    await expectAccessible(page, 'the relation editor for a many-to-many');
    // A junction name that exists is refused before anything is sent.
    await page.getByLabel('Junction collection').fill('tags');
    await page.getByRole('button', { name: 'Create relation' }).click();
    await expect.poll(() => page.getByText('A collection tags exists already.').isVisible()).toBe(true);
    await page.getByLabel('Junction collection').fill('');
    await page.getByRole('button', { name: 'Create relation' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Relation created.');

    expect(await adminData(stratum, 'GET', '/fields/books/genres')).toMatchObject({ type: 'alias', meta: { special: ['m2m'] } });
    expect(await adminData(stratum, 'GET', '/collections/books_genres')).toMatchObject({ meta: { hidden: true } });
    expect(await adminData(stratum, 'GET', '/relations/books_genres/books_id')).toMatchObject({
      related_collection: 'books',
      meta: { one_field: 'genres', junction_field: 'genres_id' },
    });
    expect(await adminData(stratum, 'GET', '/relations/books_genres/genres_id')).toMatchObject({
      related_collection: 'genres',
      meta: { junction_field: 'books_id' },
    });

    await page.goto(`${stratum.url}/admin/content/books/${keys.book}`);
    await typeWhenEditable(page.getByRole('combobox', { name: 'Add to Genres' }), 'Ess');
    await page.getByRole('option', { name: 'Essay' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Genres' }).getByRole('link').allTextContents()).toEqual(['Essay']);
    const stored = await adminData(stratum, 'GET', `/items/books/${keys.book}?fields=genres.genres_id.label`);
    expect(stored).toEqual({ genres: [{ genres_id: { label: 'Essay' } }] });
  });
});
