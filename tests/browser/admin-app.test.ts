import { describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.js';
import { totpCode } from '../setup/totp-code.js';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, openPage, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { focusedName, tabOrder } from './tab-order.js';

type Json = { data: Record<string, unknown> };
const ARTICLES = 60;
/** Article i (from 1) is a draft when (i - 1) % 3 === 0. */
const ARTICLE_12_STATUS = 'published';

/** A user whose one policy (with app access) grants `read` of the fields `id`, `title` and `status` of the given collections only. */
async function limitedUser(stratum: StratumProcess, email: string, collections: string[]): Promise<string> {
  const role = await adminData(stratum, 'POST', '/roles', { name: 'Readers' });
  const policy = await adminData(stratum, 'POST', '/policies', { name: 'Read articles', app_access: true, admin_access: false });
  await adminData(stratum, 'POST', '/access', { role: role.id, policy: policy.id });
  for (const collection of collections)
    await adminData(stratum, 'POST', '/permissions', { policy: policy.id, collection, action: 'read', fields: ['id', 'title', 'status'] });
  await adminData(stratum, 'POST', '/users', {
    email,
    password: 'UserPass123!',
    role: role.id,
    status: 'active',
    first_name: 'Rita',
    last_name: 'Reader',
  });
  return String(role.id);
}

/** The collections, 60 articles and the limited user; answers the limited user's role. */
async function seed(stratum: StratumProcess): Promise<string> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles',
    meta: { note: 'News and stories' },
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string', meta: { note: 'Shown in lists' }, schema: { max_length: 80, is_nullable: false } },
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
    ],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'secrets',
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'label', type: 'string' },
    ],
  });
  const articles = Array.from({ length: ARTICLES }, (_, i) => ({
    title: `Article ${String(i + 1).padStart(2, '0')}`,
    status: i % 3 === 0 ? 'draft' : 'published',
    rating: (i * 7) % 10,
  }));
  await adminData(stratum, 'POST', '/items/articles', articles);
  await adminData(stratum, 'POST', '/items/secrets', [{ label: 'Launch codes' }]);
  return limitedUser(stratum, 'reader@example.com', ['articles']);
}

const chromiumFound = findChromium() !== null;

describe.skipIf(!chromiumFound)('the admin app in Chromium', () => {
  let readerRole: string;
  let smtp: TestSmtpServer;
  const suite = useBrowserSuite({
    env: async () => {
      smtp = await startSmtpServer();
      // Passwords of at least 12 characters, so the reset page meets the policy; mail goes to the test SMTP server.
      return { ...smtp.env, AUTH_PASSWORD_POLICY: '^.{12,}$' };
    },
    setUp: async (stratum) => {
      readerRole = await seed(stratum);
    },
    tearDown: async () => {
      await smtp?.stop();
    },
  });

  const url = (path: string) => `${suite.stratum.url}${path}`;

  it('says "Wrong email or password." for a wrong password, and the sign-in page is accessible', async () => {
    const { stratum, page } = suite;
    await page.goto(url('/admin'));
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the sign-in page');
    await signIn(page, stratum.url, ADMIN.email, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong email or password.');
    await expectAccessible(page, 'the sign-in page with an error');
  });

  it('signs in, shows the navigation and the user name, and signs out', async () => {
    const { stratum, context, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Content' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Activity' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Account' }).isVisible()).toBe(true);
    expect(await page.locator('.user-name').textContent()).toBe('Admin User');
    expect(new URL(page.url()).pathname).toBe('/admin/content');
    await expectAccessible(page, 'the content overview');

    // A reload keeps the session (httpOnly cookie, refreshed silently).
    await page.reload();
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Admin User');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'service_session_token')?.httpOnly).toBe(true);

    await nav.getByRole('link', { name: 'Activity' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Activity' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'the activity page');

    await nav.getByRole('link', { name: 'Account' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Account' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the account page');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
  });

  it('lists the collections, pages through a table, sorts, searches and opens an item', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    const list = page.getByRole('list', { name: 'Collections' });
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Articles', 'Secrets']);
    await list.getByRole('link', { name: 'Articles' }).click();

    const rows = page.locator('tbody tr');
    const status = page.locator('.pager span');
    await expect.poll(() => status.textContent()).toBe(`Items 1–25 of ${ARTICLES} · Page 1 of 3`);
    expect(await rows.count()).toBe(25);
    // The first column holds the selection check boxes.
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['', 'Title', 'Status', 'Rating']);
    await expectAccessible(page, 'the articles table');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => status.textContent()).toBe(`Items 26–50 of ${ARTICLES} · Page 2 of 3`);
    expect(await rows.first().locator('td:not(.select)').first().textContent()).toBe('Article 26');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => status.textContent()).toBe(`Items 51–60 of ${ARTICLES} · Page 3 of 3`);
    expect(await rows.count()).toBe(10);

    // Sort by title, descending on the second click; the sort starts again on page 1.
    await page.getByRole('button', { name: 'Title' }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Title' }).click();
    await expect.poll(() => rows.first().locator('td:not(.select)').first().textContent()).toBe('Article 60');
    expect(await page.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('descending');
    expect(new URL(page.url()).search).toBe('?sort=-title');

    await page.getByLabel('Search', { exact: true }).fill('Article 1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Article 10…19 (titles are zero-padded): ten items.
    await expect.poll(() => status.textContent()).toBe('Items 1–10 of 10 · Page 1 of 1');

    await rows.filter({ hasText: 'Article 12' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Articles 12' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Article 12');
    await expectAccessible(page, 'an item page');

    // A deep link loads on refresh.
    await page.reload();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Article 12');
  });

  it('saves the sort, page size and search of a table as a named view (a preset), applies it again and deletes it', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles?limit=50&sort=-title&search=Article%201');
    const status = page.locator('.pager span');
    await expect.poll(() => status.textContent()).toBe('Items 1–10 of 10 · Page 1 of 1');
    const views = page.getByRole('region', { name: 'Saved views' });
    // The views sit in a closed panel of the toolbar.
    expect(await views.isVisible()).toBe(false);
    await page.locator('summary', { hasText: 'Views' }).click();
    await views.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => views.getByRole('status').textContent()).toBe('Name the view first.');
    await views.getByLabel('Name of this view').fill('Tens, newest first');
    await views.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => views.getByRole('status').textContent()).toBe('Saved the view "Tens, newest first".');
    const stored = await stratum.call('GET', '/presets?fields=bookmark,collection,search,layout_query,user.email', {
      token: await stratum.adminToken(),
    });
    expect((stored.json as Json).data).toEqual([
      {
        bookmark: 'Tens, newest first',
        collection: 'articles',
        search: 'Article 1',
        layout_query: { tabular: { sort: ['-title'], limit: 50 } },
        user: { email: ADMIN.email },
      },
    ]);
    await expectAccessible(page, 'a table with saved views');

    // From the plain table, the view brings its sort, page size and search back.
    await page.goto(`${stratum.url}/admin/content/articles`);
    await expect.poll(() => status.textContent()).toBe(`Items 1–25 of ${ARTICLES} · Page 1 of 3`);
    await page.locator('summary', { hasText: 'Views' }).click();
    await views.getByLabel('View', { exact: true }).selectOption({ label: 'Tens, newest first' });
    await views.getByRole('button', { name: 'Apply view' }).click();
    await expect.poll(() => status.textContent()).toBe('Items 1–10 of 10 · Page 1 of 1');
    expect(new URLSearchParams(new URL(page.url()).search).get('sort')).toBe('-title');
    expect(await page.locator('tbody tr').first().locator('td:not(.select)').first().textContent()).toBe('Article 19');
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('Article 1');

    await views.getByLabel('View', { exact: true }).selectOption({ label: 'Tens, newest first' });
    await views.getByRole('button', { name: 'Delete view' }).click();
    await expect.poll(() => views.getByRole('status').textContent()).toBe('Deleted the view "Tens, newest first".');
    expect(((await stratum.call('GET', '/presets', { token: await stratum.adminToken() })).json as Json).data).toEqual([]);
  });

  it('edits, validates, creates and deletes items with a form generated from the fields', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles/12');
    const title = page.getByLabel('Title');
    await expect.poll(() => title.inputValue()).toBe('Article 12');
    expect(await page.getByLabel('Status').inputValue()).toBe(ARTICLE_12_STATUS);

    // The server refuses an empty title: its message sits under the field.
    await title.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    const titleError = page.locator('#field-title-error');
    await expect.poll(() => titleError.textContent()).toBe("Value can't be null.");
    expect(await title.getAttribute('aria-describedby')).toBe('field-title-note field-title-error');
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'an item form with an error');

    await title.fill('Article 12, revised');
    await page.getByLabel('Rating').fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Saved.');
    const saved = await stratum.call('GET', '/items/articles/12', { token: await stratum.adminToken() });
    expect((saved.json as Json).data).toMatchObject({ title: 'Article 12, revised', rating: 9 });

    // The history shows the change field by field, newest first.
    const history = page.getByRole('region', { name: 'History' });
    const latest = history.getByRole('listitem').first();
    await expect.poll(() => latest.getByRole('row', { name: /^Title/ }).textContent()).toBe('TitleArticle 12Article 12, revised');
    expect(await latest.textContent()).toMatch(/^Updated by Admin User/);
    expect(await history.getByRole('listitem').last().textContent()).toMatch(/^Created by Admin User/);
    await expectAccessible(page, 'an item with its history');

    // Revert to the first version, after confirming: the form shows it again and the history records the revert.
    const entries = await history.getByRole('listitem').count();
    page.once('dialog', (dialog) => void dialog.accept());
    await history.getByRole('listitem').last().getByRole('button', { name: 'Revert to this version' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Reverted.');
    await expect.poll(() => title.inputValue()).toBe('Article 12');
    await expect.poll(() => history.getByRole('listitem').count()).toBe(entries + 1);
    expect(await history.getByRole('listitem').first().textContent()).toMatch(/^Updated by Admin User/);
    const reverted = await stratum.call('GET', '/items/articles/12', { token: await stratum.adminToken() });
    expect((reverted.json as Json).data).toMatchObject({ title: 'Article 12' });
    // The newest entry has nothing to revert to.
    expect(await history.getByRole('listitem').first().getByRole('button', { name: 'Revert to this version' }).count()).toBe(0);

    // Comments: an empty one is refused in place; a real one is listed and kept in /comments.
    const comments = page.getByRole('region', { name: 'Comments' });
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await expect.poll(() => comments.getByRole('alert').textContent()).toBe('Write a comment first.');
    await comments.getByLabel('Comment').fill('Looks right now.');
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await expect.poll(() => comments.getByRole('listitem').count()).toBe(1);
    expect(await comments.getByRole('listitem').textContent()).toMatch(/^Admin User, .*Looks right now\.$/);
    const logged = await stratum.call('GET', '/comments?filter[item][_eq]=12&fields=comment', {
      token: await stratum.adminToken(),
    });
    expect((logged.json as Json).data).toEqual([{ comment: 'Looks right now.' }]);
    await expectAccessible(page, 'an item with comments');

    // Create, then delete (after confirming).
    await page.getByRole('main').getByRole('link', { name: 'Articles' }).click();
    await page.getByRole('link', { name: 'Create item' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New item in Articles' }).isVisible()).toBe(true);
    await page.getByLabel('Title').fill('Brand new');
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByRole('heading', { name: `Articles ${ARTICLES + 1}` }).isVisible()).toBe(true);
    expect(await page.getByLabel('Title').inputValue()).toBe('Brand new');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.locator('.pager span').textContent()).toBe(`Items 1–25 of ${ARTICLES} · Page 1 of 3`);
    expect((await stratum.call('GET', `/items/articles/${ARTICLES + 1}`, { token: await stratum.adminToken() })).status).toBe(403);
  });

  it('shows a limited user only the collections they may read', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, 'reader@example.com', 'UserPass123!');
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Rita Reader');
    await expect.poll(() => page.getByRole('list', { name: 'Collections' }).getByRole('link').allTextContents()).toEqual(['Articles']);
    await expectAccessible(page, 'the content overview of a limited user');

    // Only the fields they may read, and nothing to change.
    await page.getByRole('main').getByRole('link', { name: 'Articles' }).click();
    await expect.poll(() => page.getByRole('columnheader').allTextContents()).toEqual(['Title', 'Status']);
    expect(await page.getByRole('link', { name: 'Create item' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Article 02' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Article 02');
    expect(await page.getByLabel('Rating').count()).toBe(0);
    expect(await page.getByLabel('Title').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByText('You may read this item but not change it.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await expectAccessible(page, 'a read-only item of a limited user');

    // Guessing the address of a forbidden collection shows the API's refusal, not a blank page.
    await page.goto(url('/admin/content/secrets'));
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('You do not have permission to see this.');
  });

  it('asks for the one-time code when two-factor authentication is on', async () => {
    const { stratum, page } = suite;
    const email = 'two-factor@example.com';
    await adminData(stratum, 'POST', '/users', {
      email,
      password: 'UserPass123!',
      status: 'active',
      first_name: 'Tess',
      last_name: 'Factor',
      role: readerRole,
    });
    const login = await stratum.call('POST', '/auth/login', { body: { email, password: 'UserPass123!' } });
    const token = (login.json as { data: { access_token: string } }).data.access_token;
    const generated = await stratum.call('POST', '/users/me/tfa/generate', { token, body: { password: 'UserPass123!' } });
    const secret = (generated.json as { data: { secret: string } }).data.secret;
    const enabled = await stratum.call('POST', '/users/me/tfa/enable', { token, body: { secret, otp: totpCode(secret, new Date()) } });
    expect(enabled.status).toBe(200);

    await signIn(page, stratum.url, email, 'UserPass123!');
    const code = page.getByLabel('One-time code');
    await expect.poll(() => code.isVisible()).toBe(true);
    await expectAccessible(page, 'the one-time code step');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('That one-time code is not valid');

    // The code of the next 30-second step (the current one was spent on enabling).
    await code.fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Tess Factor');
  });

  it('can be used with the keyboard alone, and shows where the focus is', async () => {
    const { page } = suite;
    await page.goto(url('/admin'));
    await expect.poll(() => page.getByLabel('Email').isVisible()).toBe(true);
    const outline = () =>
      page.evaluate(() => {
        const g = globalThis as unknown as {
          document: { activeElement: unknown };
          getComputedStyle(element: unknown): { outlineStyle: string; outlineWidth: string };
        };
        const style = g.getComputedStyle(g.document.activeElement);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });

    // The sign-in page starts on its e-mail field.
    await expect.poll(() => focusedName(page)).toBe('email');
    expect(await outline()).toBe('solid 3px');
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('password');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Sign in');
    expect(await outline()).toBe('solid 3px');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Admin User');

    // From the top of the page: the skip link, the navigation (an administrator's sections, then the collections),
    // "Keyboard shortcuts" and "Sign out", then the page's own links.
    // ("Files" shows once GET /permissions/me has answered, the administrator's sections once /policies/me/globals has.)
    await page.getByRole('link', { name: 'Files' }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).isVisible()).toBe(true);
    // The access-control sections once /permissions/me has answered.
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Why?' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).isVisible()).toBe(true);
    const order = await tabOrder(page, 20);
    expect(order).toEqual([
      'Skip to content',
      'Content',
      'Files',
      'Activity',
      'Account',
      'Notifications',
      'Data model',
      'Schema',
      'Settings',
      'Users',
      'Roles',
      'Policies',
      'Why?',
      'Insights',
      'Flows',
      'Articles',
      'Secrets',
      'Keyboard shortcuts',
      'Sign out',
      'Articles',
    ]);

    // Open the articles with Enter, sort with Enter, page with Enter.
    await page.getByRole('main').getByRole('link', { name: 'Articles' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(25);
    await page.getByRole('button', { name: 'Rating' }).focus();
    expect(await outline()).toBe('solid 3px');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('columnheader', { name: 'Rating' }).getAttribute('aria-sort')).toBe('ascending');
    // The sorted page has arrived (the pager waits while a page loads).
    await expect.poll(() => page.locator('table').getAttribute('aria-busy')).toBe('false');
    await page.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.pager span').textContent()).toBe(`Items 26–50 of ${ARTICLES} · Page 2 of 3`);
  });

  it('resets a forgotten password with the link of a real mail, applies the policy, and refuses the link once used', async () => {
    const { stratum, page } = suite;
    const email = 'forgetful@example.com';
    await adminData(stratum, 'POST', '/users', {
      email,
      password: 'UserPass123!',
      status: 'active',
      first_name: 'Fred',
      last_name: 'Forgetful',
      role: readerRole,
    });

    await page.goto(url('/admin'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Reset your password' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the password request page');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('an email with a link to set a new password is on its way');

    const mail = await smtp.waitForMessage(smtp.messages.length + 1, 15_000);
    expect(mail.to).toEqual([email]);
    const link = /\/admin\/reset-password\?token=[^\s"<>]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();

    await page.goto(url(link!));
    await expect.poll(() => page.getByRole('heading', { name: 'Set a new password' }).isVisible()).toBe(true);
    await page.getByLabel('New password', { exact: true }).fill('too-short');
    await page.getByLabel('Repeat new password').fill('too-short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    // The policy's refusal sits on the field it is about.
    await expect.poll(() => page.locator('#password-error').textContent()).toBe("Provided password doesn't match the password policy.");
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('aria-describedby')).toBe('password-error');
    await expectAccessible(page, 'the reset page with an error');

    await page.getByLabel('New password', { exact: true }).fill('a-much-longer-password');
    await page.getByLabel('Repeat new password').fill('a-much-longer-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your new password is set');

    // The same link again: spent.
    await page.goto(url(link!));
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
    await page.getByLabel('Repeat new password').fill('yet-another-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^This link was already used/);

    await signIn(page, stratum.url, email, 'a-much-longer-password');
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Fred Forgetful');
  });

  it('lists the sessions of the account, signs out the others, and changes the password', async () => {
    const { stratum, browser, page } = suite;
    const email = 'account@example.com';
    // A role whose policy lets people change their own password (and nothing else of their user).
    const role = await adminData(stratum, 'POST', '/roles', { name: 'Self-service' });
    const policy = await adminData(stratum, 'POST', '/policies', { name: 'Own password', app_access: true, admin_access: false });
    await adminData(stratum, 'POST', '/access', { role: role.id, policy: policy.id });
    await adminData(stratum, 'POST', '/permissions', {
      policy: policy.id,
      collection: 'service_users',
      action: 'update',
      permissions: { id: { _eq: '$CURRENT_USER' } },
      fields: ['password'],
    });
    await adminData(stratum, 'POST', '/users', {
      email,
      password: 'UserPass123!',
      status: 'active',
      first_name: 'Avery',
      last_name: 'Account',
      role: role.id,
    });
    const other = await openPage(browser);
    try {
      await signIn(other.page, stratum.url, email, 'UserPass123!');
      await expect.poll(() => other.page.locator('.user-name').textContent()).toBe('Avery Account');
      await signIn(page, stratum.url, email, 'UserPass123!', '/admin/account');
      const rows = page.getByRole('region', { name: 'Where you are signed in' }).locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.filter({ hasText: '(this session)' }).count()).toBe(1);
      await expectAccessible(page, 'the account page');

      await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      await other.page.reload();
      await expect.poll(() => other.page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
    } finally {
      await other.context.close();
    }

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat new password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.locator('#account-password-error').textContent())
      .toBe("Provided password doesn't match the password policy.");
    await page.getByLabel('New password', { exact: true }).fill('a-long-new-password');
    await page.getByLabel('Repeat new password').fill('a-long-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your password is changed');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    // The sign-in page shows once POST /auth/logout has answered (navigating earlier would cancel it).
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
    await signIn(page, stratum.url, email, 'a-long-new-password');
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Avery Account');
  });

  it('leads a user under enforce_tfa to set up two-factor authentication, with a QR code and recovery codes', async () => {
    const { stratum, page } = suite;
    const email = 'guarded@example.com';
    const role = await adminData(stratum, 'POST', '/roles', { name: 'Guarded' });
    const policy = await adminData(stratum, 'POST', '/policies', {
      name: 'Two-factor required',
      app_access: true,
      admin_access: false,
      enforce_tfa: true,
    });
    await adminData(stratum, 'POST', '/access', { role: role.id, policy: policy.id });
    await adminData(stratum, 'POST', '/users', {
      email,
      password: 'UserPass123!',
      status: 'active',
      first_name: 'Gil',
      last_name: 'Guarded',
      role: role.id,
    });

    await signIn(page, stratum.url, email, 'UserPass123!');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/account');
    await expect.poll(() => page.getByText('Your organisation requires two-factor authentication').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByLabel('Current password').fill('UserPass123!');
    await page.getByRole('button', { name: 'Continue' }).click();
    const qr = page.getByRole('img', { name: 'QR code of the secret for your authenticator app' });
    await expect.poll(() => qr.isVisible()).toBe(true);
    expect(await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    const secret = (await page.locator('#tfa-secret').textContent())!;
    await expectAccessible(page, 'the two-factor set-up');
    await page.getByLabel('One-time code').fill(totpCode(secret, new Date()));
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await expectAccessible(page, 'the recovery codes');
    await page.getByRole('button', { name: 'I have saved the codes' }).click();
    await expect.poll(() => page.getByText('Two-factor authentication is on.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    // The sign-in page shows once POST /auth/logout has answered (navigating earlier would cancel it).
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
    await signIn(page, stratum.url, email, 'UserPass123!');
    await page.getByLabel('One-time code').fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Gil Guarded');
    // Set up: no longer sent to the account page.
    expect(new URL(page.url()).pathname).toBe('/admin/content');
  });

  it('filters the activity and exports it', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/activity');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await page.getByLabel('Action').selectOption('login_failed');
    await page.getByLabel('Collection', { exact: true }).fill('service_users');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The wrong password of the first test, the wrong one-time code, and the reset page's failed attempts are all login_failed rows.
    await expect.poll(async () => [...new Set(await rows.locator('td:nth-child(2)').allTextContents())]).toEqual(['login_failed']);
    await expectAccessible(page, 'the activity page with filters');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(path, 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toContain('action');
    expect(lines.length).toBe((await rows.count()) + 1);
    expect(lines.slice(1).every((line) => line.includes('login_failed'))).toBe(true);
  });

  it('selects rows and deletes them together after confirming', async () => {
    const { stratum, page } = suite;
    await adminData(stratum, 'POST', '/items/articles', [{ title: 'Batch one' }, { title: 'Batch two' }, { title: 'Batch three' }]);
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles?search=Batch');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const remove = page.getByRole('button', { name: /^Delete selected/ });
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('Select all items on this page').check();
    await expect.poll(() => remove.textContent()).toBe('Delete selected (3)');
    // One fewer: unchecking a row keeps the row (the click does not open the item).
    await rows.first().getByRole('checkbox').uncheck();
    expect(new URL(page.url()).pathname).toBe('/admin/content/articles');
    await expect.poll(() => remove.textContent()).toBe('Delete selected (2)');
    await expectAccessible(page, 'a table with selected rows');

    page.once('dialog', (dialog) => void dialog.accept());
    await remove.click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('td:not(.select)').first().textContent()).toBe('Batch one');
  });
});
