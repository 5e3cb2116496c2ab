import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { adminCalls, listenForSockets } from './realtime-fixture.js';
import { connect, type WsClient } from './ws-client.js';

/**
 * Notifications are written through the one write path, so a subscriber to `service_notifications` hears of
 * them by their own read rules: a user with app access, only their own. "Nothing was sent" is shown by the next
 * message being the one of a later write.
 */
describe('realtime notifications', () => {
  let t: TestApp;
  let url: string;
  const open: WsClient[] = [];
  const admin = adminCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    url = await listenForSockets(t.app);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('a user subscribed to notifications receives their own and never anyone else’s', async () => {
    const ann = await t.userWith({ appAccess: true });
    const bob = await t.userWith({ appAccess: true });
    const c = await connect(url);
    open.push(c);
    expect(await c.ask({ type: 'auth', access_token: ann.token })).toEqual({ type: 'auth', status: 'ok' });
    const init = await c.ask({ type: 'subscribe', collection: 'service_notifications', query: { fields: ['subject', 'recipient'] } });
    expect(init).toEqual({ type: 'subscription', event: 'init', data: [] });

    await admin('POST', '/notifications', { recipient: bob.userId, subject: 'For Bob' });
    const mine = await admin('POST', '/notifications', { recipient: ann.userId, subject: 'For Ann' });
    expect(await c.next()).toEqual({ type: 'subscription', event: 'create', data: [{ subject: 'For Ann', recipient: ann.userId }] });

    // Her own archiving is heard; Bob's is not.
    const bobs = await admin('POST', '/notifications', { recipient: bob.userId, subject: 'Bob again' });
    await admin('PATCH', `/notifications/${String(bobs!.id)}`, { status: 'archived' });
    await admin('PATCH', `/notifications/${String(mine!.id)}`, { status: 'archived' });
    expect(await c.next()).toEqual({ type: 'subscription', event: 'update', data: [{ subject: 'For Ann', recipient: ann.userId }] });
  });

  it('a user without app access or a policy cannot subscribe to notifications', async () => {
    const plain = await t.userWith({ appAccess: false });
    const c = await connect(url);
    open.push(c);
    await c.ask({ type: 'auth', access_token: plain.token });
    expect(await c.ask({ type: 'subscribe', collection: 'service_notifications', uid: 'n' })).toMatchObject({
      type: 'subscribe',
      status: 'error',
      uid: 'n',
    });
  });
});
