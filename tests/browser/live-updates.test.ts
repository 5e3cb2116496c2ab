import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { refusedUpgrade, useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { USER_PASSWORD, userWith } from './user-with.js';

/** Notes, two public and one private; a reader who may read only the public ones (title and status). */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'notes',
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
      { field: 'status', type: 'string' },
    ],
  });
  await adminData(stratum, 'POST', '/items/notes', [
    { title: 'First', body: 'one', status: 'public' },
    { title: 'Second', body: 'two', status: 'public' },
    { title: 'Hidden', body: 'three', status: 'private' },
  ]);
  await userWith(stratum, 'reader@example.com', [
    { collection: 'notes', action: 'read', fields: ['id', 'title', 'status'], permissions: { status: { _eq: 'public' } } },
  ]);
}

/** The app's WebSockets in this page, and the messages it sent on them. */
function watchSockets(page: Page): { sockets: WebSocket[]; sent: Record<string, unknown>[] } {
  const sockets: WebSocket[] = [];
  const sent: Record<string, unknown>[] = [];
  page.on('websocket', (socket) => {
    sockets.push(socket);
    socket.on('framesent', (frame) => {
      if (typeof frame.payload === 'string') sent.push(JSON.parse(frame.payload) as Record<string, unknown>);
    });
  });
  return { sockets, sent };
}

const row = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) });

describe.skipIf(!findChromium())('live updates over /websocket (the session cookie at the upgrade)', () => {
  // The default `handshake` mode: the server takes this site's session cookie the browser sends with the upgrade
  // (see docs/app.md, Live updates; decision 0085).
  const suite = useBrowserSuite({ setUp: seed });

  it('updates the items list when someone else creates, updates and deletes, keeping the selection', async () => {
    const { page, stratum } = suite;
    const watched = watchSockets(page);
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/notes');
    await expect.poll(() => page.getByText('Updates live').count()).toBe(1);
    await page.getByRole('checkbox', { name: 'Select item 1' }).check();

    const created = await adminData(stratum, 'POST', '/items/notes', { title: 'Third', body: 'new', status: 'public' });
    await expect.poll(() => row(page, 'Third').count()).toBe(1);
    await adminData(stratum, 'PATCH', '/items/notes/2', { title: 'Second, renamed' });
    await expect.poll(() => row(page, 'Second, renamed').count()).toBe(1);
    await adminData(stratum, 'DELETE', `/items/notes/${String(created.id)}`);
    await expect.poll(() => row(page, 'Third').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Select item 1' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Delete selected (1)' }).count()).toBe(1);
    await expectAccessible(page, 'a live items list');
    expect(watched.sockets).toHaveLength(1);
    expect(watched.sent.filter((m) => m.type === 'auth')).toEqual([]);
  });

  it('says on the item page that someone else changed it, keeps the unsaved edits, reloads on request', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/notes/1');
    await expect.poll(() => page.getByText('Updates live').count()).toBe(1);
    await page.getByLabel('Title').fill('My unsaved title');

    await adminData(stratum, 'PATCH', '/items/notes/1', { body: 'changed elsewhere' });
    await expect.poll(() => page.getByText('Someone else changed this item.').count()).toBe(1);
    expect(await page.getByLabel('Title').inputValue()).toBe('My unsaved title');
    expect(await page.getByLabel('Body').inputValue()).toBe('one');
    await expectAccessible(page, 'an item changed elsewhere');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Body').inputValue()).toBe('changed elsewhere');
    expect(await page.getByLabel('Title').inputValue()).toBe('First');
    expect(await page.getByText('Someone else changed this item.').count()).toBe(0);

    // The user's own save is not someone else's change.
    await page.getByLabel('Title').fill('First, saved here');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Saved.').count()).toBe(1);
    await adminData(stratum, 'GET', '/items/notes/1');
    expect(await page.getByText('Someone else changed this item.').count()).toBe(0);

    await adminData(stratum, 'DELETE', '/items/notes/1');
    await expect.poll(() => page.getByText('Someone else deleted this item.').count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Back to Notes' }).count()).toBe(1);
  });

  it('keeps one socket across views, each view subscribing while shown, and closes it on sign-out', async () => {
    const { page, stratum } = suite;
    const watched = watchSockets(page);
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/notes');
    await expect.poll(() => page.getByText('Updates live').count()).toBe(1);
    await page.getByRole('link', { name: 'Second' }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: /Notes 2/ }).count()).toBe(1);
    await expect.poll(() => page.getByText('Updates live').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await expect.poll(() => page.getByText('Updates live').count()).toBe(1);

    expect(watched.sockets).toHaveLength(1);
    const all = watched.sent.filter((m) => m.type === 'subscribe');
    // The navigation's unread count listens to the user's notifications for the whole session: one subscription.
    expect(all.filter((m) => m.collection === 'service_notifications')).toHaveLength(1);
    const subscribes = all.filter((m) => m.collection !== 'service_notifications');
    expect(subscribes.map((m) => [m.collection, m.item ?? null])).toEqual([
      ['notes', null],
      ['notes', '2'],
      ['service_activity', null],
      ['notes', null],
    ]);
    // Leaving a view unsubscribes its subscription.
    expect(watched.sent.filter((m) => m.type === 'unsubscribe').map((m) => m.uid)).toEqual([subscribes[0]!.uid, subscribes[1]!.uid]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => watched.sockets[0]!.isClosed()).toBe(true);
  });

  it('adds new activity to the activity page as it happens', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/activity');
    await expect.poll(() => page.getByText('Updates live').count()).toBe(1);
    const before = await page.getByRole('row').count();
    await adminData(stratum, 'POST', '/items/notes', { title: 'Logged', status: 'public' });
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(before);
    await expectAccessible(page, 'the live activity page');
  });

  it('shows a limited reader only the changes their policy lets them read', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, 'reader@example.com', USER_PASSWORD, '/admin/content/notes');
    await expect.poll(() => page.getByText('Updates live').count()).toBe(1);
    await expect.poll(() => row(page, 'Hidden').count()).toBe(0);

    await adminData(stratum, 'POST', '/items/notes', { title: 'Secret plan', status: 'private' });
    await adminData(stratum, 'POST', '/items/notes', { title: 'Open news', status: 'public' });
    await expect.poll(() => row(page, 'Open news').count()).toBe(1);
    expect(await row(page, 'Secret plan').count()).toBe(0);
    // No Body column: the reader may not read that field.
    expect(await page.getByRole('columnheader', { name: /Body/ }).count()).toBe(0);
  });
});

describe.skipIf(!findChromium())('without realtime (WEBSOCKETS_ENABLED=false)', () => {
  const suite = useBrowserSuite({ env: { WEBSOCKETS_ENABLED: 'false' }, setUp: seed, ignoreProblem: refusedUpgrade });

  it('works as before: one attempt, no retries, no errors, no live note', async () => {
    const { page, stratum } = suite;
    const watched = watchSockets(page);
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/notes');
    await expect.poll(() => row(page, 'First').count()).toBe(1);
    await page.getByRole('link', { name: 'First' }).first().click();
    await expect.poll(() => page.getByLabel('Title').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Activity' }).count()).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Notes' }).click();
    await expect.poll(() => row(page, 'Second').count()).toBe(1);
    expect(await page.getByText('Updates live').count()).toBe(0);
    expect(watched.sockets.length).toBeLessThanOrEqual(1);
  });
});
