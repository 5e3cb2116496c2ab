import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';
import { adminCalls, listenForSockets } from './realtime-fixture.js';
import { connect, type WsClient } from './ws-client.js';

/**
 * A share session subscribed to the shared collection hears of its one item only. Two share sessions have no
 * user, role or policies: their reads are keyed by their shares, never shared between them (decision 0105).
 */
describe('realtime share sessions', () => {
  let t: TestApp;
  let url: string;
  const open: WsClient[] = [];
  const admin = adminCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    url = await listenForSockets(t.app);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  const shareSocket = async (item: unknown) => {
    const share = await admin('POST', '/shares', { collection: 'articles', item });
    const auth = await t.request('POST', '/shares/auth', { token: null, body: { share: share!.id } });
    const token = (auth.json() as { data: { access_token: string } }).data.access_token;
    const socket = await connect(url);
    open.push(socket);
    expect(await socket.ask({ type: 'auth', access_token: token })).toEqual({ type: 'auth', status: 'ok' });
    return socket;
  };

  it('hears of the shared item and of no other; two shares never share a read', async () => {
    const first = await admin('POST', '/items/articles', { title: 'First' });
    const second = await admin('POST', '/items/articles', { title: 'Second' });
    const a = await shareSocket(first!.id);
    const b = await shareSocket(second!.id);
    const query = { fields: ['id', 'title'] };
    expect(await a.ask({ type: 'subscribe', collection: 'articles', query })).toEqual({
      type: 'subscription',
      event: 'init',
      data: [{ id: first!.id, title: 'First' }],
    });
    expect(await b.ask({ type: 'subscribe', collection: 'articles', query })).toEqual({
      type: 'subscription',
      event: 'init',
      data: [{ id: second!.id, title: 'Second' }],
    });

    await admin('PATCH', '/items/articles', { keys: [first!.id, second!.id], data: { title: 'Both changed' } });
    expect(await a.next()).toEqual({ type: 'subscription', event: 'update', data: [{ id: first!.id, title: 'Both changed' }] });
    expect(await b.next()).toEqual({ type: 'subscription', event: 'update', data: [{ id: second!.id, title: 'Both changed' }] });
    // A socket subscribed to a collection its share can't read is refused.
    expect(await a.ask({ type: 'subscribe', collection: 'authors', uid: 'x' })).toMatchObject({ status: 'error', uid: 'x' });
  });
});
