import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';
import { adminCalls, listenForSockets } from './realtime-fixture.js';
import { connect, type WsClient } from './ws-client.js';

type Row = Record<string, unknown>;

/** Directus's REST-style realtime protocol at /websocket (handshake mode, the default): messages, auth, bad input. */
describe('realtime protocol (handshake)', () => {
  let t: TestApp;
  let url: string;
  const open: WsClient[] = [];
  const client = async () => {
    const c = await connect(url);
    open.push(c);
    return c;
  };
  const authed = async (token: string) => {
    const c = await client();
    expect(await c.ask({ type: 'auth', access_token: token })).toEqual({ type: 'auth', status: 'ok' });
    return c;
  };
  const admin = adminCalls(() => t);

  beforeAll(async () => {
    // A login takes at least LOGIN_STALL_TIME, longer than the auth timeout: the timeout is for the message to arrive.
    t = await createTestApp({ WEBSOCKETS_MAX_MESSAGE_SIZE: '4kb', LOGIN_STALL_TIME: '300' }, { realtimeTimings: { authTimeoutMs: 200 } });
    await seedCollections(t.app);
    url = await listenForSockets(t.app);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('authenticates with an access token and answers ping with pong (uid echoed)', async () => {
    const c = await authed(t.adminToken);
    expect(await c.ask({ type: 'ping', uid: 'p1' })).toEqual({ type: 'pong', uid: 'p1' });
    expect(await c.ask({ type: 'ping', uid: 7 })).toEqual({ type: 'pong', uid: 7 });
  });

  it('logs in with email and password (through the auth service; slower than the timeout) and hands back a refresh token', async () => {
    const c = await client();
    const answer = await c.ask({ type: 'auth', email: 'admin@example.com', password: 'AdminPass123!' });
    expect(answer).toMatchObject({ type: 'auth', status: 'ok' });
    expect(typeof answer.refresh_token).toBe('string');
    // The refresh token works in a second socket.
    const d = await client();
    expect(await d.ask({ type: 'auth', refresh_token: answer.refresh_token })).toMatchObject({ type: 'auth', status: 'ok' });
  });

  it('a wrong password: AUTH_FAILED and the socket closes', async () => {
    const c = await client();
    expect(await c.ask({ type: 'auth', email: 'admin@example.com', password: 'wrong' })).toEqual({
      type: 'auth',
      status: 'error',
      error: { code: 'AUTH_FAILED', message: 'Authentication failed.' },
    });
    expect(await c.closed).toBe(4001);
  });

  it('a bad token: AUTH_FAILED and close', async () => {
    const c = await client();
    expect(await c.ask({ type: 'auth', access_token: 'not-a-token' })).toMatchObject({
      type: 'auth',
      status: 'error',
      error: { code: 'AUTH_FAILED' },
    });
    expect(await c.closed).toBe(4001);
  });

  it('another message before auth: AUTH_FAILED and close', async () => {
    const c = await client();
    expect(await c.ask({ type: 'subscribe', collection: 'articles', uid: 's' })).toMatchObject({
      type: 'auth',
      status: 'error',
      error: { code: 'AUTH_FAILED' },
      uid: 's',
    });
    expect(await c.closed).toBe(4001);
  });

  it('no auth within the timeout: AUTH_TIMEOUT and close', async () => {
    const c = await client();
    expect(await c.next()).toMatchObject({ type: 'auth', status: 'error', error: { code: 'AUTH_TIMEOUT' } });
    expect(await c.closed).toBe(4001);
  });

  it.each([
    ['malformed JSON', '{"type":"ping"', 'error'],
    ['a JSON array', '[1,2]', 'error'],
    ['a bare string', '"ping"', 'error'],
    ['an unknown type', JSON.stringify({ type: 'explode', uid: 'u' }), 'explode'],
    ['no type', JSON.stringify({ uid: 'u' }), 'error'],
    ['a collection of the wrong type', JSON.stringify({ type: 'subscribe', collection: 5 }), 'subscribe'],
    ['a query that is not an object', JSON.stringify({ type: 'subscribe', collection: 'articles', query: 'x' }), 'subscribe'],
    ['an unknown event', JSON.stringify({ type: 'subscribe', collection: 'articles', event: 'drop' }), 'subscribe'],
    ['an unknown items action', JSON.stringify({ type: 'items', collection: 'articles', action: 'truncate' }), 'items'],
    ['ids that are not a list', JSON.stringify({ type: 'items', collection: 'articles', action: 'read', ids: 'a,b' }), 'items'],
    ['a uid that is an object', JSON.stringify({ type: 'ping', uid: { a: 1 } }), 'ping'],
    ['a binary frame that is not JSON', Buffer.from([0xff, 0x00, 0xfe]), 'error'],
    ['an over-size message', JSON.stringify({ type: 'ping', pad: 'x'.repeat(5000) }), 'error'],
  ] as [string, string | Buffer, string][])('%s: INVALID_PAYLOAD, and the socket stays usable', async (_name, text, type) => {
    const c = await authed(t.adminToken);
    const next = c.next();
    c.sendRaw(text);
    const answer = await next;
    expect(answer).toMatchObject({ type, status: 'error', error: { code: 'INVALID_PAYLOAD' } });
    expect(await c.ask({ type: 'ping' })).toEqual({ type: 'pong' });
  });

  it('a message over twice the limit closes the socket (1009), and the server goes on', async () => {
    const c = await authed(t.adminToken);
    c.sendRaw(JSON.stringify({ type: 'ping', pad: 'x'.repeat(9000) }));
    expect(await c.closed).toBe(1009);
    const d = await authed(t.adminToken);
    expect(await d.ask({ type: 'ping' })).toEqual({ type: 'pong' });
  });

  it('items: create, read, update and delete through the item services', async () => {
    const c = await authed(t.adminToken);
    const created = await c.ask({ type: 'items', collection: 'articles', action: 'create', data: { title: 'Socket' }, uid: 'c' });
    expect(created).toMatchObject({ type: 'items', uid: 'c', data: { title: 'Socket', status: 'draft' } });
    const id = (created.data as Row).id;
    expect(await c.ask({ type: 'items', collection: 'articles', action: 'read', id, query: { fields: ['title'] } })).toEqual({
      type: 'items',
      data: { title: 'Socket' },
    });
    expect(
      await c.ask({ type: 'items', collection: 'articles', action: 'update', id, data: { rating: 5 }, query: { fields: ['rating'] } }),
    ).toEqual({
      type: 'items',
      data: { rating: 5 },
    });
    expect(await c.ask({ type: 'items', collection: 'articles', action: 'delete', ids: [id] })).toEqual({ type: 'items', data: [id] });
    expect(await admin('GET', `/items/articles?filter[id][_eq]=${String(id)}`)).toEqual([]);
    // The write was recorded like a REST write.
    const activity = await t.app
      .knex('service_activity')
      .where({ collection: 'articles', item: String(id) })
      .select('action');
    expect(activity.map((a: Row) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('items and subscribe: an unknown collection and one they may not read get the same INVALID_COLLECTION', async () => {
    const { token } = await t.userWith({ permissions: [] });
    const c = await authed(token);
    const unknown = await c.ask({ type: 'subscribe', collection: 'nope', uid: 1 });
    const hidden = await c.ask({ type: 'subscribe', collection: 'articles', uid: 2 });
    expect(unknown).toMatchObject({ type: 'subscribe', status: 'error', error: { code: 'INVALID_COLLECTION' }, uid: 1 });
    expect((hidden.error as Row).message).toBe((unknown.error as Row).message);
    expect(await c.ask({ type: 'items', collection: 'nope', action: 'read' })).toMatchObject({ error: { code: 'INVALID_COLLECTION' } });
    expect(await c.ask({ type: 'items', collection: 'articles', action: 'create', data: { title: 'x' } })).toMatchObject({
      type: 'items',
      status: 'error',
      error: { code: 'FORBIDDEN' },
    });
  });
});
