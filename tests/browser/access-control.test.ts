import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, expectAccessible, launchChromium, openPage, saveScreenshot, signIn, startStratum, type StratumProcess } from './browser-harness.js';
import { findChromium } from './find-chromium.js';

type Row = Record<string, unknown>;

/** As admin through the API: the answer's data, or the test fails with the answer. */
async function ok(stratum: StratumProcess, method: string, path: string, body?: unknown): Promise<Row> {
  const response = await stratum.call(method, path, { token: await stratum.adminToken(), body });
  if (response.status !== 200 && response.status !== 204) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.json)}`);
  return ((response.json as { data?: Row } | null)?.data ?? {}) as Row;
}

describe.skipIf(findChromium() === null)('the access-control screens: users and roles', () => {
  let stratum: StratumProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    [stratum, browser] = await Promise.all([startStratum(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stratum?.stop();
  });
  beforeEach(async () => {
    ({ context, page, problems } = await openPage(browser));
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const path = await saveScreenshot(page, task.name).catch(() => null);
      if (path) console.log(`screenshot of the failed test: ${path}`);
    }
    expect(problems, 'errors in the page (CSP violations, exceptions)').toEqual([]);
    await context.close();
  });

  it('creates roles with a parent, creates a user, suspends and re-activates them, and shows their sessions', async () => {
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

    const users = await ok(stratum, 'GET', '/users?filter[email][_eq]=erin@example.com&fields=status,role.name');
    expect(users).toEqual([{ status: 'active', role: { name: 'Editors' } }]);
  });
});
