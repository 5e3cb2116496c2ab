import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { adminCalls, listenForSockets } from './realtime-fixture.js';
import { connect, type WsClient } from './ws-client.js';

type Row = Record<string, unknown>;

/**
 * Subscriptions: init, then create/update/delete, each read again with the subscriber's own permissions and
 * query. "Nothing was sent" is shown by the next message being the one of a later write.
 */
describe('realtime subscriptions', () => {
  let t: TestApp;
  let url: string;
  let clock = Date.now();
  const open: WsClient[] = [];
  const authed = async (token: string) => {
    const c = await connect(url);
    open.push(c);
    expect(await c.ask({ type: 'auth', access_token: token })).toEqual({ type: 'auth', status: 'ok' });
    return c;
  };
  const admin = adminCalls(() => t);
  const create = async (body: Row) => (await admin('POST', '/items/articles', body))!;

  beforeAll(async () => {
    t = await createTestApp({ ACCESS_TOKEN_TTL: '15m' }, { now: () => new Date(clock) });
    await seedCollections(t.app);
    url = await listenForSockets(t.app);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('init with the query, then create, update and delete events; unsubscribe ends them', async () => {
    const first = await create({ title: 'Before', rating: 1 });
    const c = await authed(t.adminToken);
    const init = await c.ask({
      type: 'subscribe',
      collection: 'articles',
      query: { fields: ['id', 'title'], filter: { id: { _eq: first.id } } },
      uid: 'a',
    });
    expect(init).toEqual({ type: 'subscription', event: 'init', data: [{ id: first.id, title: 'Before' }], uid: 'a' });

    const made = await create({ title: 'Made', rating: 2 });
    // The subscription's filter (id = first) is not the event's: the query's fields apply, its filter too.
    await admin('PATCH', `/items/articles/${String(first.id)}`, { title: 'After' });
    expect(await c.next()).toEqual({ type: 'subscription', event: 'update', data: [{ id: first.id, title: 'After' }], uid: 'a' });
    await admin('DELETE', `/items/articles/${String(made.id)}`);
    expect(await c.next()).toEqual({ type: 'subscription', event: 'delete', data: [made.id], uid: 'a' });

    expect(await c.ask({ type: 'unsubscribe', uid: 'a' })).toEqual({ type: 'unsubscribe', status: 'ok', uid: 'a' });
    await create({ title: 'Unheard' });
    expect(await c.ask({ type: 'ping' })).toEqual({ type: 'pong' });
  });

  it('event and item narrow a subscription', async () => {
    const item = await create({ title: 'Watched' });
    const c = await authed(t.adminToken);
    expect(
      await c.ask({ type: 'subscribe', collection: 'articles', event: 'update', item: item.id, query: { fields: ['title'] }, uid: 'one' }),
    ).toEqual({ type: 'subscription', event: 'init', data: { title: 'Watched' }, uid: 'one' });
    await create({ title: 'Other create' });
    const other = await create({ title: 'Other' });
    await admin('PATCH', `/items/articles/${String(other.id)}`, { rating: 3 });
    await admin('PATCH', `/items/articles/${String(item.id)}`, { title: 'Watched 2' });
    expect(await c.next()).toEqual({ type: 'subscription', event: 'update', data: [{ title: 'Watched 2' }], uid: 'one' });
  });

  it('a limited subscriber never receives rows their filter hides, nor fields outside their mask, even from admin writes', async () => {
    const { token } = await t.userWith({
      permissions: [
        { collection: 'articles', action: 'read', permissions: { status: { _eq: 'published' } }, fields: ['id', 'title', 'status'] },
      ],
    });
    const c = await authed(token);
    const init = await c.ask({ type: 'subscribe', collection: 'articles', query: { filter: { title: { _starts_with: 'Limited' } } } });
    expect(init).toEqual({ type: 'subscription', event: 'init', data: [] });

    await create({ title: 'Limited draft', body: 'secret body', rating: 9 });
    const published = await create({ title: 'Limited published', status: 'published', body: 'secret body', rating: 9 });
    expect(await c.next()).toEqual({
      type: 'subscription',
      event: 'create',
      data: [{ id: published.id, title: 'Limited published', status: 'published' }],
    });
    // Moved out of their rows: the update is not theirs to see.
    await admin('PATCH', `/items/articles/${String(published.id)}`, { status: 'draft', title: 'Limited hidden' });
    const again = await create({ title: 'Limited again', status: 'published' });
    expect(await c.next()).toMatchObject({ event: 'create', data: [{ id: again.id }] });
  });

  it('a query naming a field outside their mask is refused at subscribe (FORBIDDEN)', async () => {
    const { token } = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['id', 'title'] }] });
    const c = await authed(token);
    expect(await c.ask({ type: 'subscribe', collection: 'articles', query: { fields: ['body'] }, uid: 'x' })).toMatchObject({
      type: 'subscribe',
      status: 'error',
      error: { code: 'FORBIDDEN' },
      uid: 'x',
    });
  });

  it('users: a subscriber who may read users never receives a password or a token', async () => {
    const { token } = await t.userWith({ permissions: [{ collection: 'service_users', action: 'read', fields: ['*'] }] });
    const c = await authed(token);
    await c.ask({ type: 'subscribe', collection: 'service_users', query: { filter: { email: { _eq: 'watched@example.com' } } } });
    const user = await admin('POST', '/users', {
      email: 'watched@example.com',
      password: 'Secret-Password-1',
      token: 'static-secret-token',
    });
    const event = await c.next();
    expect(event).toMatchObject({ type: 'subscription', event: 'create', data: [{ id: user!.id, email: 'watched@example.com' }] });
    const row = (event.data as Row[])[0]!;
    expect(JSON.stringify(event)).not.toContain('Secret-Password-1');
    expect(JSON.stringify(event)).not.toContain('static-secret-token');
    expect(row.password === undefined || row.password === '**********').toBe(true);
  });

  it('reads a write once for sockets of one reader with one query, and apart for another query (decision 0064)', async () => {
    // Only this test's sockets: the earlier tests' are closed first.
    for (const c of open.splice(0)) c.close();
    await expect.poll(() => t.app.realtime.size()).toBe(0);
    const same = await Promise.all([authed(t.adminToken), authed(t.adminToken), authed(t.adminToken)]);
    const other = await authed(t.adminToken);
    for (const [index, c] of same.entries())
      expect(
        await c.ask({ type: 'subscribe', collection: 'articles', query: { fields: ['id', 'title'] }, uid: `s${index}` }),
      ).toMatchObject({
        event: 'init',
      });
    expect(await other.ask({ type: 'subscribe', collection: 'articles', query: { fields: ['title'] }, uid: 'o' })).toMatchObject({
      event: 'init',
    });

    const items = t.app.items;
    const original = items.readByQuery;
    const reads: string[] = [];
    items.readByQuery = (ctx, collection, query, options) => {
      if (options?.scope) reads.push(collection);
      return original(ctx, collection, query, options);
    };
    try {
      const made = await create({ title: 'Shared' });
      for (const [index, c] of same.entries())
        expect(await c.next()).toEqual({
          type: 'subscription',
          event: 'create',
          data: [{ id: made.id, title: 'Shared' }],
          uid: `s${index}`,
        });
      expect(await other.next()).toEqual({ type: 'subscription', event: 'create', data: [{ title: 'Shared' }], uid: 'o' });
    } finally {
      items.readByQuery = original;
    }
    expect(reads).toEqual(['articles', 'articles']);
    for (const c of [...same, other]) c.close();
  });

  it('a subscriber who signed out receives nothing more (INVALID_CREDENTIALS told once, then the public role)', async () => {
    const email = `signed-out-${Date.now()}@example.com`;
    await t.userWith({ email, permissions: [{ collection: 'articles', action: 'read', fields: ['*'] }] });
    const loggedIn = await t.request('POST', '/auth/login', { body: { email, password: 'UserPass123!' } });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const { access_token, refresh_token } = (loggedIn.json() as { data: { access_token: string; refresh_token: string } }).data;
    const c = await authed(access_token);
    expect(await c.ask({ type: 'subscribe', collection: 'articles', query: { fields: ['id'] } })).toMatchObject({ event: 'init' });
    const before = await create({ title: 'Seen' });
    expect(await c.next()).toMatchObject({ event: 'create', data: [{ id: before.id }] });

    expect((await t.request('POST', '/auth/logout', { body: { refresh_token } })).statusCode).toBe(204);
    await create({ title: 'Not seen' });
    expect(await c.next()).toMatchObject({ type: 'auth', status: 'error', error: { code: 'INVALID_CREDENTIALS' } });
    await create({ title: 'Still not seen' });
    expect(await c.ask({ type: 'ping' })).toEqual({ type: 'pong' });
  });

  it('a suspended subscriber receives nothing more', async () => {
    const { token, userId } = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['*'] }] });
    const c = await authed(token);
    expect(await c.ask({ type: 'subscribe', collection: 'articles', query: { fields: ['id'] } })).toMatchObject({ event: 'init' });
    await admin('PATCH', `/users/${userId}`, { status: 'suspended' });
    await create({ title: 'After suspension' });
    expect(await c.next()).toMatchObject({ type: 'auth', status: 'error' });
    await create({ title: 'After suspension 2' });
    expect(await c.ask({ type: 'ping' })).toEqual({ type: 'pong' });
  });

  it('an access token that expires: TOKEN_EXPIRED, then the public role, until it authenticates again', async () => {
    const { token } = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['*'] }] });
    const c = await authed(token);
    expect(await c.ask({ type: 'subscribe', collection: 'articles', query: { fields: ['id'] } })).toMatchObject({ event: 'init' });
    clock += 16 * 60 * 1000;
    const fresh = await t.login('admin@example.com', 'AdminPass123!');
    const write = (title: string) => t.request('POST', '/items/articles', { token: fresh, body: { title } });
    await write('After expiry');
    expect(await c.next()).toMatchObject({ type: 'auth', status: 'error', error: { code: 'TOKEN_EXPIRED' } });
    await write('After expiry 2');
    expect(await c.ask({ type: 'ping' })).toEqual({ type: 'pong' });
    expect(await c.ask({ type: 'auth', access_token: fresh })).toEqual({ type: 'auth', status: 'ok' });
    const seen = dataOf<Row>(await write('After re-auth'));
    expect(await c.next()).toMatchObject({ event: 'create', data: [{ id: seen.id }] });
  });
});
