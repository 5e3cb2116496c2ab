import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

const PASSWORD = 'SprachePass123!';
const pk = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } };

/**
 * books.author → authors (many-to-one), books.chapters ← chapters.book (one-to-many); one book with two revisions;
 * an administrator whose language is German. Answers the book's key.
 */
async function seed(stratum: StratumProcess): Promise<number> {
  await adminData(stratum, 'POST', '/collections', { collection: 'authors', fields: [pk, { field: 'name', type: 'string' }] });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'books',
    fields: [pk, { field: 'title', type: 'string' }, { field: 'author', type: 'integer' }],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'chapters',
    fields: [pk, { field: 'heading', type: 'string' }, { field: 'book', type: 'integer' }],
  });
  await adminData(stratum, 'POST', '/relations', { collection: 'books', field: 'author', related_collection: 'authors' });
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
  const author = (await adminData(stratum, 'POST', '/items/authors', { name: 'Ada Lovelace' })).id as number;
  const book = (await adminData(stratum, 'POST', '/items/books', { title: 'Notizen', author })).id as number;
  await adminData(stratum, 'POST', '/items/chapters', [
    { heading: 'Eins', book },
    { heading: 'Zwei', book },
  ]);
  await adminData(stratum, 'PATCH', `/items/books/${book}`, { title: 'Notizen, überarbeitet' });
  const role = (await adminData(stratum, 'GET', '/users/me?fields=role')).role as string;
  await adminData(stratum, 'POST', '/users', { email: 'buch@example.com', password: PASSWORD, status: 'active', role, language: 'de-DE' });
  return book;
}

/** The item side of the content pages in German (issue 31): form, relational lists, side panel, history, compare. */
describe.skipIf(findChromium() === null)('the item page in German', () => {
  let book: number;
  const suite = useBrowserSuite({
    setUp: async (stratum) => {
      book = await seed(stratum);
    },
  });

  it('shows the form, a relational list, the side panel, the history and its compare in German', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, 'buch@example.com', PASSWORD, `/admin/content/books/${book}`);
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Notizen, überarbeitet');
    expect(await page.getByRole('button', { name: 'Speichern' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Löschen' }).isVisible()).toBe(true);

    // The many-to-one picker and the one-to-many list: their buttons, labels, notes and counts.
    await expect.poll(() => page.getByRole('button', { name: 'Leeren Author' }).isVisible()).toBe(true);
    const chapters = page.getByRole('list', { name: 'Chapters' });
    await expect.poll(() => chapters.getByRole('link').allTextContents()).toEqual(['Eins', 'Zwei']);
    const add = page.getByRole('combobox', { name: 'Zu Chapters hinzufügen' });
    expect(await add.getAttribute('placeholder')).toBe('Chapters durchsuchen');
    await chapters.getByRole('button', { name: 'Entfernen Eins' }).click();
    await expect.poll(() => page.getByText('Die Verknüpfung mit 1 Eintrag wird beim Speichern gelöst.').isVisible()).toBe(true);

    // The side panel: its sections, the information's terms, the history in words, the comment form.
    const panel = page.getByRole('complementary', { name: 'Über diesen Eintrag' });
    for (const name of ['Informationen', 'Verlauf', 'Kommentare'])
      expect(await panel.getByRole('button', { name, exact: true }).getAttribute('aria-expanded')).toBe('true');
    expect(await panel.getByRole('term').allTextContents()).toEqual(['Primärschlüssel']);
    const history = page.getByRole('region', { name: 'Verlauf' });
    await expect.poll(() => history.getByText('Aktualisiert', { exact: true }).isVisible()).toBe(true);
    expect(await history.getByText('Erstellt', { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Kommentar hinzufügen' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the German item page');

    // The first revision beside the current item.
    await history.getByRole('listitem').last().getByRole('button', { name: 'Mit aktuellem Stand vergleichen' }).click();
    const compare = page.getByRole('dialog', { name: /^Revision vom .+ und der aktuelle Eintrag$/ });
    await expect.poll(() => compare.getByText('1 Feld unterscheidet sich.').isVisible()).toBe(true);
    expect(await compare.getByRole('columnheader', { name: 'In der Revision' }).isVisible()).toBe(true);
    expect(await compare.getByRole('row', { name: /^Title/ }).textContent()).toContain('Geändert');
    expect(await compare.getByRole('button', { name: 'Den ganzen Eintrag zurücksetzen' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the German compare dialog');
    await compare.getByRole('button', { name: 'Schließen' }).click();
    await expect.poll(() => compare.isVisible()).toBe(false);

    // Leaving with the unsaved removal asks in German.
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('main').getByRole('link', { name: 'Books' }).first().click();
    await expect.poll(() => question).toBe('Diese Seite verlassen? Ihre nicht gespeicherten Änderungen gehen verloren.');
    expect(new URL(page.url()).pathname).toBe(`/admin/content/books/${book}`);
  });
});
