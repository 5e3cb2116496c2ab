import { describe, expect, it } from 'vitest';
import { totpCode } from '../setup/totp-code.js';
import { adminData, type Row } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, typeWhenEditable } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { USER_PASSWORD, userWith } from './user-with.js';

describe.skipIf(findChromium() === null)('the account and activity pages', () => {
  const suite = useBrowserSuite();

  const signOut = async () => {
    const { page } = suite;
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Stratum' }).isVisible()).toBe(true);
  };

  it('edits the own profile within the policy, with the server’s refusal on its field', async () => {
    const { stratum, page } = suite;
    await userWith(stratum, 'taken@example.com', [], ['Tom', 'Taken']);
    // Own record only, and only these fields: no title or description.
    await userWith(
      stratum,
      'pat@example.com',
      [
        {
          collection: 'service_users',
          action: 'update',
          fields: ['first_name', 'last_name', 'email', 'location'],
          permissions: { id: { _eq: '$CURRENT_USER' } },
        },
      ],
      ['Pat', 'Profile'],
    );
    await signIn(page, stratum.url, 'pat@example.com', USER_PASSWORD, '/admin/account');
    const first = page.getByLabel('First name');
    await expect.poll(() => first.inputValue()).toBe('Pat');
    expect(await page.getByLabel('Location').isEditable()).toBe(true);
    expect(await page.getByLabel('Title').count()).toBe(0);
    expect(await page.getByLabel('Description').count()).toBe(0);
    await expectAccessible(page, 'the profile form');

    await first.fill('Patricia');
    await page.getByLabel('Location').fill('Lisbon');
    const email = page.getByLabel('Email');
    await email.fill('taken@example.com');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.locator('#profile-email-error').textContent()).toBe('Another account already uses this e-mail address.');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBe('profile-email-error');
    await expectAccessible(page, 'the profile form with a refusal');

    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.locator('#profile-email-error').textContent()).toBe('Email must be a valid email.');

    await email.fill('Patricia@Example.com');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Your profile is saved. Your other sessions were signed out.');
    // The server normalised the address; the name in the header follows.
    expect(await email.inputValue()).toBe('patricia@example.com');
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Patricia Profile');
    const users = (await adminData(
      stratum,
      'GET',
      '/users?filter[email][_eq]=patricia@example.com&fields=first_name,location',
    )) as unknown as Row[];
    expect(users).toEqual([{ first_name: 'Patricia', location: 'Lisbon' }]);
  });

  it('makes new recovery codes with a current code; the old ones stop working and a new one signs in', async () => {
    const { stratum, page } = suite;
    const email = 'rory@example.com';
    await userWith(stratum, email, [], ['Rory', 'Recovery']);
    const login = await stratum.call('POST', '/auth/login', { body: { email, password: USER_PASSWORD } });
    const token = (login.json as { data: { access_token: string } }).data.access_token;
    const generated = await stratum.call('POST', '/users/me/tfa/generate', { token, body: { password: USER_PASSWORD } });
    const secret = (generated.json as { data: { secret: string } }).data.secret;
    // Each 30-second step's code works once: the previous step's here, the current one to sign in, the next one below.
    const enabled = await stratum.call('POST', '/users/me/tfa/enable', {
      token,
      body: { secret, otp: totpCode(secret, new Date(Date.now() - 30_000)) },
    });
    expect(enabled.status).toBe(200);
    const oldCodes = (enabled.json as { data: { recovery_codes: string[] } }).data.recovery_codes;

    await signIn(page, stratum.url, email, USER_PASSWORD, '/admin/account');
    await page.getByLabel('One-time code').fill(totpCode(secret, new Date()));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'New recovery codes…' }).click();
    const code = page.getByLabel('One-time code');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Create new recovery codes' }).click();
    await expect.poll(() => page.locator('#tfa-renew-otp-error').textContent()).toContain('That code is not valid');
    await expectAccessible(page, 'the new recovery codes form');
    await code.fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: 'Create new recovery codes' }).click();
    const items = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(10);
    expect(await page.getByRole('status').textContent()).toContain('the old ones no longer work');
    const newCodes = await items.allTextContents();
    expect(newCodes.some((c) => oldCodes.includes(c))).toBe(false);
    await expectAccessible(page, 'the new recovery codes');
    await page.getByRole('button', { name: 'I have saved the codes' }).click();
    await expect.poll(() => page.getByText('Two-factor authentication is on.').isVisible()).toBe(true);

    const withOld = await stratum.call('POST', '/auth/login', { body: { email, password: USER_PASSWORD, otp: oldCodes[0] } });
    expect(withOld.status).toBe(401);

    await signOut();
    await signIn(page, stratum.url, email, USER_PASSWORD);
    await page.getByLabel('One-time code').fill(newCodes[3]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.user-name').textContent()).toBe('Rory Recovery');
  });

  it('filters the activity by user, and the export follows', async () => {
    const { stratum, page } = suite;
    const una = await userWith(stratum, 'una@example.com', [], ['Una', 'User']);
    await userWith(stratum, 'ulla@example.com', [], ['Ulla', 'Other']);
    for (const email of ['una@example.com', 'ulla@example.com'])
      expect((await stratum.call('POST', '/auth/login', { body: { email, password: USER_PASSWORD } })).status).toBe(200);

    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/activity');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const picker = page.getByRole('combobox', { name: 'User' });
    await typeWhenEditable(picker, 'Una');
    await page.getByRole('option', { name: 'Una User' }).click();
    await expect.poll(() => picker.inputValue()).toBe('Una User');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The User column names the user.
    await expect.poll(async () => [...new Set(await rows.locator('td:nth-child(5)').allTextContents())]).toEqual(['Una User']);
    expect(await rows.locator('td:nth-child(2)').allTextContents()).toContain('login');
    await expectAccessible(page, 'the activity page filtered by user');

    const href = (await page.getByRole('link', { name: 'JSON' }).getAttribute('href'))!;
    expect(JSON.parse(new URL(href, stratum.url).searchParams.get('filter')!)).toEqual({ user: { _eq: una } });

    await page.getByRole('button', { name: 'Any user' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(async () => new Set(await rows.locator('td:nth-child(5)').allTextContents()).size).toBeGreaterThan(1);
  });
});
