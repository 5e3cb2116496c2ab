import type { AddressInfo } from 'node:net';
import { createDirectus, realtime, staticToken } from '@directus/sdk';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';

type Row = Record<string, unknown>;

/** The official SDK's realtime() client (with `ws` as its WebSocket on Node 20), in handshake mode. */
describe('@directus/sdk realtime()', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('connects, authenticates, subscribes and hears a create', async () => {
    const client = createDirectus(base, { globals: { WebSocket: WebSocket as never } })
      .with(staticToken(t.adminToken))
      .with(realtime({ authMode: 'handshake', reconnect: false, heartbeat: false }));
    await client.connect();
    try {
      const { subscription } = await client.subscribe('articles', { query: { fields: ['id', 'title'] }, uid: 'sdk' });
      const messages = subscription[Symbol.asyncIterator]();
      expect((await messages.next()).value).toMatchObject({ type: 'subscription', event: 'init' });
      // The SDK listens for the next message only while a next() is pending (a one-shot listener per message), so
      // ask for it before writing: the create's message may reach the socket before the POST's answer does.
      const next = messages.next();
      const created = dataOf<Row>(await t.request('POST', '/items/articles', { token: t.adminToken, body: { title: 'From SDK test' } }));
      expect((await next).value).toMatchObject({ event: 'create', data: [{ id: created.id, title: 'From SDK test' }] });
    } finally {
      client.disconnect();
    }
  });
});
