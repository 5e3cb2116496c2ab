import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';

/** The notifications inbox: the unread count in the navigation, the list, archiving, live updates. */
describe.skipIf(findChromium() === null)('the notifications inbox', () => {
  const suite = useBrowserSuite();

  it('shows the unread count, lists the inbox, archives, and updates live', async () => {
    const { stratum, page } = suite;
    const me = (await adminData(stratum, 'GET', '/users/me?fields=id')).id as string;
    await adminData(stratum, 'POST', '/notifications', [
      { recipient: me, subject: 'Your export of articles is ready', message: 'Saved to the file library.' },
      { recipient: me, subject: 'Review needed', message: 'Please look at the draft.' },
    ]);
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Notifications 2 unread' }).isVisible()).toBe(true);

    await nav.getByRole('link', { name: /Notifications/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Notifications', level: 1 }).isVisible()).toBe(true);
    const inbox = page.getByRole('list', { name: 'Inbox' });
    await expect.poll(() => inbox.getByRole('listitem').count()).toBe(2);
    await expectAccessible(page, 'the notifications inbox');

    await page.getByRole('button', { name: 'Archive Review needed' }).click();
    await expect.poll(() => page.getByText('Archived 1 notification.').isVisible()).toBe(true);
    await expect.poll(() => nav.getByRole('link', { name: 'Notifications 1 unread' }).isVisible()).toBe(true);
    expect(await adminData(stratum, 'GET', `/notifications?filter[subject][_eq]=Review needed&fields=status`)).toEqual([
      { status: 'archived' },
    ]);

    // A new notification shows without a reload, in the list and in the count.
    await expect.poll(() => page.getByText('Updates live').isVisible()).toBe(true);
    await adminData(stratum, 'POST', '/notifications', { recipient: me, subject: 'Mentioned in a comment' });
    await expect.poll(() => inbox.getByRole('heading', { name: 'Mentioned in a comment' }).isVisible()).toBe(true);
    await expect.poll(() => nav.getByRole('link', { name: 'Notifications 2 unread' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Archived' }).click();
    const archived = page.getByRole('list', { name: 'Archived notifications' });
    await expect.poll(() => archived.getByRole('heading', { name: 'Review needed' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the archived notifications');
    await page.getByRole('button', { name: 'Move to inbox Review needed' }).click();
    await expect.poll(() => page.getByText('No archived notifications.').isVisible()).toBe(true);
  });
});
