import { describe, expect, it } from 'vitest';
import { totpCode } from '../setup/totp-code.js';
import { adminData, type Row } from './admin-data.js';
import { ADMIN, expectAccessible, openPage, signIn, typeWhenEditable } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

describe.skipIf(findChromium() === null)('the access-control screens', () => {
  const suite = useBrowserSuite();

  it('creates roles with a parent, creates a user, suspends and re-activates them, and shows their sessions', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/roles');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Users' }).isVisible()).toBe(true);
    for (const label of ['Roles', 'Policies', 'Why?']) expect(await nav.getByRole('link', { name: label }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Roles', level: 1 }).isVisible()).toBe(true);

    await page.getByLabel('Name').fill('Editors');
    await page.getByRole('button', { name: 'Create role' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Editors' }).isVisible()).toBe(true);
    await page.getByLabel('Name').fill('Junior editors');
    await expect.poll(() => page.locator('#new-role-parent option', { hasText: 'Editors' }).count()).toBe(1);
    await page.getByLabel('Parent role').selectOption({ label: 'Editors' });
    await page.getByRole('button', { name: 'Create role' }).click();
    const junior = page.getByRole('row', { name: /Junior editors/ });
    await expect.poll(() => junior.textContent()).toContain('Editors');
    await expectAccessible(page, 'the roles page');

    // Edit a role: its parent's choice leaves out the role itself; back to no parent, then delete it after confirming.
    await page.getByRole('link', { name: 'Junior editors' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Junior editors', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Parent role').inputValue()).not.toBe('');
    expect(await page.locator('#role-parent option', { hasText: 'Junior editors' }).count()).toBe(0);
    await page.getByLabel('Parent role').selectOption('');
    await page.getByRole('button', { name: 'Save role' }).click();
    await expect.poll(() => page.getByText('Saved.').isVisible()).toBe(true);
    expect(await adminData(stratum, 'GET', '/roles?filter[name][_eq]=Junior editors&fields=parent')).toEqual([{ parent: null }]);
    await expectAccessible(page, 'the role page');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete role' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Role deleted' }).isVisible()).toBe(true);
    expect(await adminData(stratum, 'GET', '/roles?filter[name][_eq]=Junior editors')).toEqual([]);

    await nav.getByRole('link', { name: 'Users' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Users', level: 1 }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByLabel('First name').fill('Erin');
    await page.getByLabel('Last name').fill('Editor');
    await page.getByLabel('Email').fill('erin@example.com');
    await page.locator('#new-user-role').selectOption({ label: 'Editors' });
    await page.getByLabel('Password').fill('ErinPass123!');
    await expectAccessible(page, 'the new user form');
    await page.getByRole('button', { name: 'Save user' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Erin Editor', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Role').inputValue()).not.toBe('');

    // A sign-in of Erin's shows in her sessions.
    expect((await stratum.call('POST', '/auth/login', { body: { email: 'erin@example.com', password: 'ErinPass123!' } })).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'Sessions of the user' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Suspend user' }).click();
    await expect.poll(() => page.getByText('The user is suspended.').isVisible()).toBe(true);
    expect((await stratum.call('POST', '/auth/login', { body: { email: 'erin@example.com', password: 'ErinPass123!' } })).status).toBe(401);
    await expectAccessible(page, 'the user page');
    await page.getByRole('button', { name: 'Re-activate user' }).click();
    await expect.poll(() => page.getByText('The user is active again.').isVisible()).toBe(true);
    expect((await stratum.call('POST', '/auth/login', { body: { email: 'erin@example.com', password: 'ErinPass123!' } })).status).toBe(200);

    // Filters: by status and by role, in the address.
    await nav.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Status').selectOption('suspended');
    await page.getByRole('button', { name: 'Find users' }).click();
    await expect.poll(() => page.getByText('No user matches.').isVisible()).toBe(true);
    expect(page.url()).toContain('status=suspended');
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Role').selectOption({ label: 'Editors' });
    await page.getByRole('button', { name: 'Find users' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Erin Editor' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /admin/i }).count()).toBe(0);
    await expectAccessible(page, 'the users page');

    const users = await adminData(stratum, 'GET', '/users?filter[email][_eq]=erin@example.com&fields=status,role.name');
    expect(users).toEqual([{ status: 'active', role: { name: 'Editors' } }]);

    // Delete her after confirming: her sessions end with the account.
    await page.getByRole('link', { name: 'Erin Editor' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Erin Editor', level: 1 }).isVisible()).toBe(true);
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete user' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'User deleted' }).isVisible()).toBe(true);
    expect(question).toContain('Delete the user Erin Editor?');
    expect(await adminData(stratum, 'GET', '/users?filter[email][_eq]=erin@example.com')).toEqual([]);
  });

  it('builds a custom read rule with a row filter, which a limited user then sees in the app, and explains allowed and denied reads', async () => {
    const { stratum, browser, page } = suite;
    await adminData(stratum, 'POST', '/collections', {
      collection: 'articles',
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'title', type: 'string' },
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
        },
      ],
    });
    const published = await adminData(stratum, 'POST', '/items/articles', { title: 'Open letter', status: 'published' });
    await adminData(stratum, 'POST', '/items/articles', { title: 'Second story', status: 'published' });
    const draft = await adminData(stratum, 'POST', '/items/articles', { title: 'Secret draft', status: 'draft' });
    const role = await adminData(stratum, 'POST', '/roles', { name: 'Readers' });
    await adminData(stratum, 'POST', '/users', {
      email: 'reader@example.com',
      password: 'ReaderPass123!',
      status: 'active',
      first_name: 'Rita',
      last_name: 'Reader',
      role: role.id,
    });

    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/policies');
    await expect.poll(() => page.getByRole('heading', { name: 'Policies', level: 1 }).isVisible()).toBe(true);
    // The public policy is stored as `$t:public_label` (as Directus names it): the list says "Public".
    await expect.poll(() => page.getByRole('link', { name: 'Public', exact: true }).isVisible()).toBe(true);
    expect(await page.locator('main').textContent()).not.toContain('$t:');
    await page.getByLabel('Name').fill('Article readers');
    expect(await page.getByLabel('App access (may use the admin app)').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create policy' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Article readers', level: 1 }).isVisible()).toBe(true);
    await expectAccessible(page, 'the policy page');

    // Attach the policy to the role.
    await expect.poll(() => page.locator('#attach-role option', { hasText: 'Readers' }).count()).toBe(1);
    await page.locator('#attach-role').selectOption({ label: 'Readers' });
    await page.getByRole('button', { name: 'Attach to role' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Detach from role readers' }).isVisible()).toBe(true);

    // articles × read: custom, with the row filter status = published.
    const readCell = page.getByRole('combobox', { name: 'Read articles' });
    await expect.poll(() => readCell.isVisible()).toBe(true);
    await readCell.selectOption('custom');
    await expect.poll(() => page.getByRole('heading', { name: 'Rule: read on articles' }).isVisible()).toBe(true);
    // An empty cell chosen Custom stays Custom, though its starting rule grants everything (issue 31, item 5).
    expect(await readCell.inputValue()).toBe('custom');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.locator('#filter-0-field').selectOption('status');
    await page.locator('#filter-0-operator').selectOption('_eq');
    await page.locator('#filter-0-value-0').selectOption('published');
    await page.getByRole('button', { name: 'Apply row filter' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save 1 change' }).isEnabled()).toBe(true);
    await expectAccessible(page, 'the permission editor with the rule editor open');
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect.poll(() => page.getByText('Saved 1 change.').isVisible()).toBe(true);
    await expect.poll(() => readCell.inputValue()).toBe('custom');

    const rules = (await adminData(
      stratum,
      'GET',
      '/permissions?filter[collection][_eq]=articles&fields=action,permissions,fields',
    )) as unknown as Row[];
    expect(rules).toEqual([{ action: 'read', permissions: { _and: [{ status: { _eq: 'published' } }] }, fields: ['*'] }]);

    // The "Why?" view: the draft is denied by the row filter, the published article allowed.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Why?' }).click();
    await expect.poll(() => page.locator('#why-collection option[value="articles"]').count()).toBe(1);
    const picker = page.getByRole('combobox', { name: 'User' });
    await typeWhenEditable(picker, 'Rita');
    await page.getByRole('option', { name: 'Rita Reader' }).click();
    await expect.poll(() => picker.inputValue()).toBe('Rita Reader');
    await page.getByLabel('Collection', { exact: true }).selectOption('articles');
    await page.getByLabel('Action').selectOption('read');
    await page.getByLabel('Item key (optional)').fill(String(draft.id));
    await page.getByRole('button', { name: 'Explain' }).click();
    const verdict = page.locator('.verdict');
    await expect
      .poll(() => verdict.textContent())
      .toBe(`Denied: they have read rules here, but none of their row filters matches item ${String(draft.id)}.`);
    const answer = page.getByRole('region', { name: 'Answer' });
    await expect.poll(() => answer.textContent()).toContain('Article readers (through their role; app access) applies');
    expect(await answer.textContent()).toContain('its row filter does not match the item, so it grants nothing here.');
    expect(await answer.textContent()).toContain('{"_and":[{"status":{"_eq":"published"}}]}');
    expect(await answer.textContent()).toContain('Not title: the rules listing it do not match the item');
    await expectAccessible(page, 'the Why? view of a denied read');

    await page.getByLabel('Item key (optional)').fill(String(published.id));
    await page.getByRole('button', { name: 'Explain' }).click();
    await expect.poll(() => verdict.textContent()).toBe(`Allowed: a read rule's row filter matches item ${String(published.id)}.`);
    expect(await answer.textContent()).toContain('Allowed: id, title, status');
    // The question is in the address: a reload asks again, with the user's name in the picker.
    expect(page.url()).toContain(`item=${String(published.id)}`);
    await page.reload();
    await expect.poll(() => verdict.textContent()).toBe(`Allowed: a read rule's row filter matches item ${String(published.id)}.`);
    await expect.poll(() => picker.inputValue()).toBe('Rita Reader');
    await expectAccessible(page, 'the Why? view of an allowed read');

    // The limited user sees only the published articles, and no access-control section.
    const reader = await openPage(browser);
    try {
      await signIn(reader.page, stratum.url, 'reader@example.com', 'ReaderPass123!', '/admin/content/articles');
      const titles = reader.page.locator('tbody tr');
      await expect.poll(() => titles.count()).toBe(2);
      const text = await reader.page.locator('tbody').textContent();
      expect(text).toContain('Open letter');
      expect(text).toContain('Second story');
      expect(text).not.toContain('Secret draft');
      const nav = reader.page.getByRole('navigation', { name: 'Main' });
      await expect.poll(() => nav.getByRole('link', { name: 'Content' }).isVisible()).toBe(true);
      // The sections' links come after /permissions/me answers: wait for the page to settle, then check.
      await reader.page.waitForLoadState('networkidle');
      for (const label of ['Users', 'Roles', 'Policies', 'Why?']) expect(await nav.getByRole('link', { name: label }).count()).toBe(0);
      await reader.page.goto(`${stratum.url}/admin/users`);
      await expect.poll(() => reader.page.getByRole('alert').textContent()).toBe('You do not have permission to see this.');
      expect(reader.problems).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });

  it('resets a user’s two-factor, attaches and detaches a policy of their own, and saves several matrix cells in one go', async () => {
    const { stratum, page } = suite;
    await adminData(stratum, 'POST', '/collections', {
      collection: 'notes',
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'title', type: 'string' },
        { field: 'body', type: 'text' },
      ],
    });
    const appPolicy = await adminData(stratum, 'POST', '/policies', { name: 'App users', app_access: true });
    const role = await adminData(stratum, 'POST', '/roles', { name: 'Staff' });
    await adminData(stratum, 'POST', '/access', { role: role.id, policy: appPolicy.id });
    const extra = await adminData(stratum, 'POST', '/policies', { name: 'Note takers', app_access: false });
    await adminData(stratum, 'POST', '/users', {
      email: 'tina@example.com',
      password: 'TinaPass123!',
      status: 'active',
      first_name: 'Tina',
      last_name: 'Twofactor',
      role: role.id,
    });
    const login = await stratum.call('POST', '/auth/login', { body: { email: 'tina@example.com', password: 'TinaPass123!' } });
    const token = (login.json as { data: { access_token: string } }).data.access_token;
    const generated = await stratum.call('POST', '/users/me/tfa/generate', { token, body: { password: 'TinaPass123!' } });
    const secret = (generated.json as { data: { secret: string } }).data.secret;
    expect(
      (await stratum.call('POST', '/users/me/tfa/enable', { token, body: { secret, otp: totpCode(secret, new Date()) } })).status,
    ).toBe(200);
    expect((await stratum.call('POST', '/auth/login', { body: { email: 'tina@example.com', password: 'TinaPass123!' } })).status).toBe(401);

    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/users?search=tina');
    await page.getByRole('link', { name: 'Tina Twofactor' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Tina Twofactor', level: 1 }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Reset two-factor authentication' }).click();
    await expect.poll(() => page.getByText('Two-factor authentication is off for this user.').isVisible()).toBe(true);
    expect((await stratum.call('POST', '/auth/login', { body: { email: 'tina@example.com', password: 'TinaPass123!' } })).status).toBe(200);

    // A policy of her own, then detached again.
    await expect.poll(() => page.getByLabel('Policy to attach').locator('option', { hasText: 'Note takers' }).count()).toBe(1);
    await page.getByLabel('Policy to attach').selectOption({ label: 'Note takers' });
    await page.getByRole('button', { name: 'Attach policy' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Detach Note takers' }).isVisible()).toBe(true);
    expect(await adminData(stratum, 'GET', `/access?filter[policy][_eq]=${String(extra.id)}&fields=user.email`)).toEqual([
      { user: { email: 'tina@example.com' } },
    ]);
    await expectAccessible(page, 'the user page with a policy of their own');
    await page.getByRole('button', { name: 'Detach Note takers' }).click();
    await expect.poll(() => page.getByText('No policy is attached to this user directly.').isVisible()).toBe(true);
    expect(await adminData(stratum, 'GET', `/access?filter[policy][_eq]=${String(extra.id)}`)).toEqual([]);

    // Three cells at once, then two more changes: a cell back to none and a custom field list.
    await page.goto(`${stratum.url}/admin/policies/${String(extra.id)}`);
    // From the policy's side: attach it to a user found by the picker, then detach it.
    const userPicker = page.getByRole('combobox', { name: 'User' });
    await typeWhenEditable(userPicker, 'Tina');
    await page.getByRole('option', { name: 'Tina Twofactor' }).click();
    await page.getByRole('button', { name: 'Attach to user' }).click();
    const detach = page.getByRole('button', { name: 'Detach from user tina twofactor' });
    await expect.poll(() => detach.isVisible()).toBe(true);
    expect(await userPicker.inputValue()).toBe('');
    await detach.click();
    await expect.poll(() => page.getByText('Nobody: attach it to a role or a user for it to apply.').isVisible()).toBe(true);

    const cell = (action: string) => page.getByRole('combobox', { name: `${action} notes` });
    await expect.poll(() => cell('Read').isVisible()).toBe(true);
    await cell('Create').selectOption('all');
    await cell('Read').selectOption('all');
    await cell('Update').selectOption('all');
    await page.getByRole('button', { name: 'Save 3 changes' }).click();
    await expect.poll(() => page.getByText('Saved 3 changes.').isVisible()).toBe(true);
    const rules = () =>
      adminData(
        stratum,
        'GET',
        `/permissions?filter[policy][_eq]=${String(extra.id)}&fields=action,fields&sort=action`,
      ) as unknown as Promise<Row[]>;
    expect(await rules()).toEqual([
      { action: 'create', fields: ['*'] },
      { action: 'read', fields: ['*'] },
      { action: 'update', fields: ['*'] },
    ]);
    await cell('Update').selectOption('none');
    await cell('Read').selectOption('custom');
    await page.getByLabel('All fields').uncheck();
    await page.getByLabel('title', { exact: true }).check();
    await page.getByRole('button', { name: 'Close rule' }).click();
    // From the keyboard: "Edit" opens the rule and moves the focus to it, with the edit kept.
    await page.getByRole('button', { name: 'Edit read rule of notes' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id),
      )
      .toBe('rule-title');
    expect(await page.getByLabel('title', { exact: true }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Close rule' }).click();
    await page.getByRole('button', { name: 'Save 2 changes' }).click();
    await expect.poll(() => page.getByText('Saved 2 changes.').isVisible()).toBe(true);
    expect(await rules()).toEqual([
      { action: 'create', fields: ['*'] },
      { action: 'read', fields: ['title'] },
    ]);
    await expectAccessible(page, 'the permission matrix');

    // Create: custom, with a validation filter built in the builder and presets as JSON.
    await cell('Create').selectOption('custom');
    await expect.poll(() => page.getByRole('heading', { name: 'Rule: create on notes' }).isVisible()).toBe(true);
    // An All cell chosen Custom shows Custom too.
    expect(await cell('Create').inputValue()).toBe('custom');
    expect(await page.getByRole('button', { name: 'Apply row filter' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.locator('#validation-0-field').selectOption('title');
    await page.locator('#validation-0-operator').selectOption('_nnull');
    await page.getByRole('button', { name: 'Apply validation' }).click();
    const presets = page.getByLabel('Presets (JSON; default values of the fields)');
    await presets.fill('{"body": ');
    await expect.poll(() => page.locator('#rule-presets-error').textContent()).toBe('Presets: not valid JSON.');
    await presets.fill('{"body": "(empty)"}');
    await expect.poll(() => page.locator('#rule-presets-error').count()).toBe(0);
    await expectAccessible(page, 'the rule editor of a create rule');
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect.poll(() => page.getByText('Saved 1 change.').isVisible()).toBe(true);
    const create = (await adminData(
      stratum,
      'GET',
      `/permissions?filter[policy][_eq]=${String(extra.id)}&filter[action][_eq]=create&fields=validation,presets`,
    )) as unknown as Row[];
    expect(create).toEqual([{ validation: { _and: [{ title: { _nnull: true } }] }, presets: { body: '(empty)' } }]);

    // Deleting the policy takes its rules with it.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete policy' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Policy deleted' }).isVisible()).toBe(true);
    expect(await rules()).toEqual([]);
    expect(await adminData(stratum, 'GET', `/policies?filter[id][_eq]=${String(extra.id)}`)).toEqual([]);
  });

  it('pages through the users, 50 at a time, with the page in the address', async () => {
    const { stratum, page } = suite;
    const batch = Array.from({ length: 53 }, (_, i) => ({ email: `pager-${String(i).padStart(2, '0')}@example.com`, status: 'active' }));
    const created = await stratum.call('POST', '/users', { token: await stratum.adminToken(), body: batch });
    expect(created.status).toBe(200);

    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/users?search=pager-');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(page.url()).toContain('page=2');
    expect(await rows.first().textContent()).toContain('pager-50@example.com');
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'the second page of users');
    await page.reload();
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => rows.count()).toBe(50);
  });
});
