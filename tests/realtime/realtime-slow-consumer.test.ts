import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';
import { adminCalls, listenForSockets } from './realtime-fixture.js';
import { connect, type WsClient } from './ws-client.js';

/** Subscriptions on the slow socket: each write sends it this many copies of the row. */
const COPIES = 20;
/** A body that fits every vendor's TEXT column (MariaDB: 64 KB). */
const BODY = 'x'.repeat(60_000);

/**
 * WEBSOCKETS_MAX_BUFFERED_SIZE (decision 0070): a client that stops reading is closed with 1013 once what the server
 * holds for it passes the bound, instead of its events piling up in the server's memory; the others go on.
 */
describe('realtime: a socket that stops reading', () => {
  let t: TestApp;
  let url: string;
  const open: WsClient[] = [];
  const admin = adminCalls(() => t);
  const authed = async () => {
    const c = await connect(url);
    open.push(c);
    expect(await c.ask({ type: 'auth', access_token: t.adminToken })).toEqual({ type: 'auth', status: 'ok' });
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp({ WEBSOCKETS_MAX_BUFFERED_SIZE: '256kb' });
    await seedCollections(t.app);
    url = await listenForSockets(t.app);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('is closed with 1013 (try again later) while a reading socket keeps its events', async () => {
    const slow = await authed();
    for (let i = 0; i < COPIES; i++) {
      const init = await slow.ask({
        type: 'subscribe',
        collection: 'articles',
        event: 'create',
        query: { fields: ['id', 'body'] },
        uid: i,
      });
      expect(init).toMatchObject({ type: 'subscription', event: 'init' });
    }
    const reader = await authed();
    expect(await reader.ask({ type: 'subscribe', collection: 'articles', event: 'create', query: { fields: ['id'] } })).toMatchObject({
      event: 'init',
    });
    // The client stops reading: its kernel buffers fill, then the server's queue for it grows.
    (slow.socket as unknown as { _socket: Socket })._socket.pause();

    let writes = 0;
    while (t.app.realtime.size() > 1 && writes < 400) {
      const row = (await admin('POST', '/items/articles', { title: `slow ${writes}`, body: BODY }))!;
      writes++;
      await t.app.realtime.settled();
      expect(await reader.next()).toEqual({ type: 'subscription', event: 'create', data: [{ id: row.id }] });
    }
    expect(t.app.realtime.size()).toBe(1);

    // Once it reads again it gets what was sent before the bound, then the close frame.
    (slow.socket as unknown as { _socket: Socket })._socket.resume();
    expect(await slow.closed).toBe(1013);

    // The server goes on: the reading socket still hears writes.
    const after = (await admin('POST', '/items/articles', { title: 'after' }))!;
    expect(await reader.next()).toEqual({ type: 'subscription', event: 'create', data: [{ id: after.id }] });
  });

  it('refuses a bound that is not a size (the configuration check)', async () => {
    await expect(createTestApp({ WEBSOCKETS_MAX_BUFFERED_SIZE: 'lots' })).rejects.toThrow(/WEBSOCKETS_MAX_BUFFERED_SIZE/);
  });
});
