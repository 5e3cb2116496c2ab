import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, openPage, signIn } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

const PASSWORD = 'SprachePass123!';

/** Signs in through a German form (the browser asks for German). */
async function signInGerman(page: Page, baseUrl: string, email: string, password: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

const htmlLang = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang);

/** The app's languages (issue 31): the browser's on the sign-in page, the user's own once signed in. */
describe.skipIf(findChromium() === null)('the app in German', () => {
  const suite = useBrowserSuite();

  it('follows the browser on the sign-in page and the user’s language after sign-in', async () => {
    const { stratum, browser } = suite;
    const role = (await adminData(stratum, 'GET', '/users/me?fields=role')).role as string;
    await adminData(stratum, 'POST', '/users', [
      { email: 'deutsch@example.com', password: PASSWORD, status: 'active', role, language: 'de-DE', first_name: 'Dora' },
      { email: 'english@example.com', password: PASSWORD, status: 'active', role, language: 'en-US', first_name: 'Ed' },
    ]);

    // A German browser: the sign-in page in German, lang="de", and its own messages (a wrong password) too.
    const german = await openPage(browser, { locale: 'de-DE' });
    try {
      const page = german.page;
      await page.goto(`${stratum.url}/admin`);
      await expect.poll(() => page.getByRole('heading', { name: 'Bei Stratum anmelden', level: 1 }).isVisible()).toBe(true);
      expect(await htmlLang(page)).toBe('de');
      await expect.poll(() => page.getByRole('link', { name: 'Passwort vergessen?' }).isVisible()).toBe(true);
      await expectAccessible(page, 'the German sign-in page');
      await page.getByLabel('E-Mail').fill(ADMIN.email);
      await page.getByLabel('Passwort').fill('not the password');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('E-Mail oder Passwort ist falsch.');
      await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Passwort zurücksetzen', level: 1 }).isVisible()).toBe(true);
      await expectAccessible(page, 'the German password request page');

      // A user whose language is en-US sees English, though the browser asks for German.
      await signInGerman(page, stratum.url, 'english@example.com', PASSWORD, '/admin/activity');
      await expect.poll(() => page.getByRole('heading', { name: 'Activity', level: 1 }).isVisible()).toBe(true);
      expect(await htmlLang(page)).toBe('en');
      await expect.poll(() => page.getByRole('button', { name: 'Apply filters' }).isVisible()).toBe(true);
      expect(german.problems).toEqual([]);
    } finally {
      await german.context.close();
    }

    // An English browser: the sign-in page in English; a user whose language is de-DE sees German once signed in.
    const { page } = suite;
    await page.goto(`${stratum.url}/admin/activity`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum', level: 1 }).isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('en');
    await page.getByLabel('Email').fill('deutsch@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Aktivität', level: 1 }).isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('de');
    await expect.poll(() => page.getByRole('button', { name: 'Filter anwenden' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: /Aktivität, Seite 1/ }).isVisible()).toBe(true);
    await expectAccessible(page, 'the activity page in German');
    await page.goto(`${stratum.url}/admin/notifications`);
    await expect.poll(() => page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Keine neuen Benachrichtigungen.').isVisible()).toBe(true);
    await expectAccessible(page, 'the notifications page in German');
    // The other converted sections, German and axe-clean.
    for (const [path, heading] of [
      ['/admin/settings', 'Einstellungen'],
      ['/admin/users', 'Benutzer'],
      ['/admin/why', 'Warum?'],
      ['/admin/flows', 'Flows'],
      ['/admin/insights', 'Insights'],
      ['/admin/schema', 'Schema als Code'],
    ] as const) {
      await page.goto(`${stratum.url}${path}`);
      await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible(), { message: path }).toBe(true);
      await expectAccessible(page, `${path} in German`);
    }
    await expect.poll(() => page.getByRole('link', { name: 'Snapshot als JSON herunterladen' }).isVisible()).toBe(true);

    // Signed out, the sign-in page speaks the browser's language again, without a reload.
    await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum', level: 1 }).isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  it('shows a German user the items list in German in each layout', async () => {
    const { stratum, page } = suite;
    const role = (await adminData(stratum, 'GET', '/users/me?fields=role')).role as string;
    await adminData(stratum, 'POST', '/users', {
      email: 'listen@example.com',
      password: PASSWORD,
      status: 'active',
      role,
      language: 'de-DE',
    });
    await adminData(stratum, 'POST', '/collections', {
      collection: 'aufgaben',
      fields: [
        { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'title', type: 'string' },
        { field: 'status', type: 'string', meta: { options: { choices: [{ text: 'Offen', value: 'open' }] } } },
        { field: 'due', type: 'dateTime' },
      ],
    });
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-15T09:00:00`;
    await adminData(stratum, 'POST', '/items/aufgaben', [
      { title: 'Erste', status: 'open', due: day },
      { title: 'Zweite', status: null, due: null },
    ]);
    await signIn(page, stratum.url, 'listen@example.com', PASSWORD, '/admin/content/aufgaben');
    const openPanel = async (selector: string) => {
      const details = page.locator(selector);
      if ((await details.getAttribute('open')) === null) await details.locator('summary').first().click();
    };

    // The table: the toolbar, the table's name, the pager and an operator of the filter builder in German.
    await expect.poll(() => page.getByRole('region', { name: 'Aufgaben: Tabelle' }).isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('de');
    const layout = page.getByLabel('Layout', { exact: true });
    expect(await layout.locator('option').allTextContents()).toEqual(['Tabelle', 'Karten', 'Kalender', 'Kanban']);
    expect(await page.getByRole('button', { name: 'Suche', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Eintrag erstellen' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Seiten', exact: true }).textContent()).toContain('Einträge 1–2 von 2');
    await openPanel('details.filter-panel');
    await page.getByRole('button', { name: 'Bedingung hinzufügen' }).click();
    await expect.poll(() => page.getByLabel('Operator', { exact: true }).locator('option:checked').textContent()).toBe('ist gleich');
    await expectAccessible(page, 'the German table layout');

    // Cards: their list and their options.
    await layout.selectOption({ label: 'Karten' });
    await expect.poll(() => page.getByRole('list', { name: 'Aufgaben: Karten' }).getByRole('link').count()).toBe(2);
    await openPanel('details.layout-options');
    expect(await page.locator('details.layout-options summary').textContent()).toBe('Layout-Optionen');
    expect(await page.getByLabel('Kartengröße').isVisible()).toBe(true);
    await expectAccessible(page, 'the German cards layout');

    // The calendar: the month's name, the weekdays and the buttons.
    await layout.selectOption({ label: 'Kalender' });
    await expect.poll(() => page.getByRole('button', { name: 'Nächster Monat' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Heute', exact: true }).isVisible()).toBe(true);
    const month = today.toLocaleString('de', { month: 'long', year: 'numeric' });
    expect(await page.locator('table.calendar caption').textContent()).toContain(month);
    expect(await page.locator('table.calendar thead th').first().getAttribute('abbr')).toBe('Montag');
    await expectAccessible(page, 'the German calendar layout');

    // Kanban: the column of items without a value, the options and the move controls.
    await layout.selectOption({ label: 'Kanban' });
    await expect.poll(() => page.locator('.kanban-column h2').allTextContents()).toEqual(['Offen (1)', 'Kein Wert (1)']);
    expect(await page.getByLabel('Verschieben nach (für Erste)').isVisible()).toBe(true);
    await openPanel('details.layout-options');
    expect(await page.getByLabel('Gruppieren nach').isVisible()).toBe(true);
    await expectAccessible(page, 'the German kanban layout');
  });

  it('shows the frame, the shortcuts, the account and the data model in German', async () => {
    const { stratum, page } = suite;
    const role = (await adminData(stratum, 'GET', '/users/me?fields=role')).role as string;
    await adminData(stratum, 'POST', '/users', { email: 'modell@example.com', password: PASSWORD, status: 'active', role, language: 'de' });
    await adminData(stratum, 'POST', '/collections', {
      collection: 'buecher',
      meta: { icon: 'menu_book' },
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'titel', type: 'string' },
      ],
    });
    await page.goto(`${stratum.url}/admin/account`);
    await page.getByLabel('Email').fill('modell@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The frame and the account page.
    await expect.poll(() => page.getByRole('heading', { name: 'Konto', level: 1 }).isVisible()).toBe(true);
    const main = page.getByRole('navigation', { name: 'Hauptnavigation' });
    // Polled: Datenmodell can show after the heading (checked at once, this failed about one run in three, on main too).
    for (const name of ['Inhalte', 'Konto', 'Datenmodell'])
      await expect.poll(() => main.getByRole('link', { name }).isVisible(), { message: name }).toBe(true);
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Sammlungen' }).getByRole('link', { name: 'Buecher' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Abmelden', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Zum Inhalt springen' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Zwei-Faktor-Authentifizierung' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Wo Sie angemeldet sind' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Alle anderen Sitzungen abmelden' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the account page in German');

    // The keyboard shortcuts' help.
    await page.getByRole('button', { name: 'Tastenkürzel' }).click();
    const help = page.getByRole('dialog', { name: 'Tastenkürzel' });
    await expect.poll(() => help.isVisible()).toBe(true);
    expect(await help.textContent()).toContain('Strg');
    expect(await help.textContent()).toContain('Den bearbeiteten Eintrag speichern');
    await expectAccessible(page, 'the keyboard shortcuts in German');
    await help.getByRole('button', { name: 'Schließen' }).click();

    // The data model: the collections, then one collection with its field editor and its icon and colour.
    await main.getByRole('link', { name: 'Datenmodell' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Datenmodell', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sammlung erstellen' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the data model in German');
    await page.getByRole('link', { name: 'buecher', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Feld hinzufügen' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Symbol und Farbe' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: 'menu book' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Feld hinzufügen' }).click();
    await expect.poll(() => page.getByLabel('Eingabeart', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Eingabeart', { exact: true }).locator('option').first().textContent()).toBe('Standard für den Typ');
    await page.getByRole('button', { name: 'Feld erstellen' }).click();
    await expect.poll(() => page.getByText('Geben Sie einen Feldnamen ein.').isVisible()).toBe(true);
    await expectAccessible(page, 'a collection of the data model in German');
  });
});
