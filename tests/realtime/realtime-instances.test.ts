import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { createRedisTestPrefix, deleteRedisKeys, TEST_REDIS_URL } from '../support/redis-test-prefix.js';
import { listenForSockets } from './realtime-fixture.js';
import { connect, type WsClient } from './ws-client.js';

type Row = Record<string, unknown>;

/** Two instances over one database and one Redis: a write on A reaches a subscriber on B, with B's reading of it. */
describe('realtime across instances (Redis pub/sub)', () => {
  const prefix = createRedisTestPrefix();
  let t: TestApp;
  let b: App;
  let urlB: string;
  const open: WsClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ REDIS: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    await seedCollections(t.app);
    b = await createApp(t.app.config);
    urlB = await listenForSockets(b);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await b.close();
    await t.close();
    await deleteRedisKeys(prefix);
  });

  it('a write on A reaches a subscriber on B, read with the subscriber’s permissions there', async () => {
    const { token } = await t.userWith({
      permissions: [{ collection: 'articles', action: 'read', permissions: { status: { _eq: 'published' } }, fields: ['id', 'title'] }],
    });
    const c = await connect(urlB);
    open.push(c);
    expect(await c.ask({ type: 'auth', access_token: token })).toEqual({ type: 'auth', status: 'ok' });
    expect(await c.ask({ type: 'subscribe', collection: 'articles', uid: 'b' })).toMatchObject({ event: 'init', data: [] });

    const write = async (body: Row) => dataOf<Row>(await t.request('POST', '/items/articles', { token: t.adminToken, body }));
    await write({ title: 'Draft on A', body: 'secret' });
    const published = await write({ title: 'Published on A', status: 'published', body: 'secret' });
    expect(await c.next()).toEqual({
      type: 'subscription',
      event: 'create',
      data: [{ id: published.id, title: 'Published on A' }],
      uid: 'b',
    });

    await t.request('DELETE', `/items/articles/${String(published.id)}`, { token: t.adminToken });
    expect(await c.next()).toEqual({ type: 'subscription', event: 'delete', data: [published.id], uid: 'b' });
  });
});
