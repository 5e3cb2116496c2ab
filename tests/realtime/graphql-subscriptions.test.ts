import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApp, type App } from '../../src/app.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { createRedisTestPrefix, deleteRedisKeys, TEST_REDIS_URL } from '../support/redis-test-prefix.js';
import { adminCalls, socketUrl } from './realtime-fixture.js';
import { graphqlClient, subscription, watching, type Received } from './graphql-client.js';
import type { Client } from 'graphql-ws';

type Row = Record<string, unknown>;

const urlOf = (app: App, path = '/graphql') => socketUrl(app, path);

/** A raw graphql-ws socket, to send what no client library would; resolves to the close code. */
async function rawSocket(url: string, messages: string[], protocol: string | null = 'graphql-transport-ws'): Promise<number> {
  const socket = protocol ? new WebSocket(url, protocol) : new WebSocket(url);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  for (const message of messages) socket.send(message);
  return closed;
}

describe('GraphQL subscriptions (graphql-ws, handshake mode)', () => {
  let t: TestApp;
  let url: string;
  const clients: Client[] = [];
  const client = (params?: Record<string, unknown>) => {
    const c = graphqlClient(url, params);
    clients.push(c);
    return c;
  };
  const admin = adminCalls(() => t);
  const create = async (body: Row) => (await admin('POST', '/items/articles', body))!;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    url = urlOf(t.app);
  });
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await t.close();
  });

  it('create, update and delete arrive as { key, event, data } with the fields of the selection', async () => {
    const before = t.app.realtime.watching();
    const s = subscription(client({ access_token: t.adminToken }), 'subscription { articles_mutated { key event data { id title } } }');
    await watching(t.app, before + 1);
    const made = await create({ title: 'Made', body: 'not selected' });
    expect(await s.next()).toEqual({
      data: { articles_mutated: { key: String(made.id), event: 'create', data: { id: String(made.id), title: 'Made' } } },
    });
    await admin('PATCH', `/items/articles/${String(made.id)}`, { title: 'Changed' });
    expect(await s.next()).toEqual({
      data: { articles_mutated: { key: String(made.id), event: 'update', data: { id: String(made.id), title: 'Changed' } } },
    });
    await admin('DELETE', `/items/articles/${String(made.id)}`);
    expect(await s.next()).toEqual({ data: { articles_mutated: { key: String(made.id), event: 'delete', data: null } } });
    s.stop();
    await watching(t.app, before);
  });

  it('the event argument narrows the subscription; the primary key is read even when not selected', async () => {
    const before = t.app.realtime.watching();
    const s = subscription(
      client({ access_token: t.adminToken }),
      'subscription { articles_mutated(event: update) { key data { title } } }',
    );
    await watching(t.app, before + 1);
    const made = await create({ title: 'Created unheard' });
    await admin('PATCH', `/items/articles/${String(made.id)}`, { title: 'Updated heard' });
    expect(await s.next()).toEqual({ data: { articles_mutated: { key: String(made.id), data: { title: 'Updated heard' } } } });
    s.stop();
    await watching(t.app, before);
  });

  it('a limited user never receives rows their filter hides nor fields outside their mask, even from admin writes', async () => {
    const { token } = await t.userWith({
      permissions: [
        { collection: 'articles', action: 'read', permissions: { status: { _eq: 'published' } }, fields: ['id', 'title', 'status'] },
      ],
    });
    const limited = client({ access_token: token });
    // A field outside their mask is not in their schema.
    const masked = subscription(limited, 'subscription { articles_mutated { key data { body } } }');
    expect(JSON.stringify(await masked.next())).toContain('Cannot query field \\"body\\"');

    const before = t.app.realtime.watching();
    const s = subscription(limited, 'subscription { articles_mutated { key event data { id title status } } }');
    await watching(t.app, before + 1);
    await create({ title: 'Hidden draft', body: 'secret body' });
    const published = await create({ title: 'Visible', status: 'published', body: 'secret body' });
    const event = await s.next();
    expect(event).toEqual({
      data: {
        articles_mutated: {
          key: String(published.id),
          event: 'create',
          data: { id: String(published.id), title: 'Visible', status: 'published' },
        },
      },
    });
    // Moved out of their rows: not theirs to see; the next thing they hear is a later write.
    await admin('PATCH', `/items/articles/${String(published.id)}`, { status: 'draft' });
    const again = await create({ title: 'Visible again', status: 'published' });
    expect(await s.next()).toMatchObject({ data: { articles_mutated: { key: String(again.id), event: 'create' } } });
    expect(JSON.stringify(event)).not.toContain('secret body');
    s.stop();
    await watching(t.app, before);
  });

  it('an unknown collection and one the caller may not read answer the same GraphQL error', async () => {
    const { token } = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['id'] }] });
    const c = client({ access_token: token });
    const unknown = await subscription(c, 'subscription { nothing_mutated { key } }').next();
    const forbidden = await subscription(c, 'subscription { comments_mutated { key } }').next();
    expect(unknown.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('Cannot query field "nothing_mutated"') })]);
    expect(forbidden.errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Cannot query field "comments_mutated"') }),
    ]);
  });

  it('queries and mutations are not run over the socket', async () => {
    const c = client({ access_token: t.adminToken });
    const query = await subscription(c, '{ articles { id } }').next();
    const mutation = await subscription(c, 'mutation { delete_articles_items(ids: ["1"]) { ids } }').next();
    expect(query.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('Only subscriptions') })]);
    expect(mutation.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('Only subscriptions') })]);
  });

  it('handshake: no access_token, a wrong one or one of the wrong type is refused (4403)', async () => {
    for (const params of [undefined, { access_token: 'not-a-token' }, { access_token: 42 }]) {
      const s = subscription(client(params), 'subscription { articles_mutated { key } }');
      expect(await s.next()).toEqual({ closed: 4403 });
    }
  });

  it('malformed messages close the socket as graphql-ws specifies; the server goes on', async () => {
    expect(await rawSocket(url, ['not json'])).toBe(4400);
    expect(await rawSocket(url, [JSON.stringify({ type: 'connection_init', payload: 'not an object' })])).toBe(4400);
    expect(await rawSocket(url, [JSON.stringify({ type: 'subscribe', id: '1', payload: { query: 'subscription { a }' } })])).toBe(4401);
    expect(await rawSocket(url, ['{}'], null)).toBe(4406);
    const before = t.app.realtime.watching();
    const s = subscription(client({ access_token: t.adminToken }), 'subscription { articles_mutated { key } }');
    await watching(t.app, before + 1);
    const made = await create({ title: 'After the bad input' });
    expect(await s.next()).toEqual({ data: { articles_mutated: { key: String(made.id) } } });
    s.stop();
    await watching(t.app, before);
  });

  it('a plain GET /graphql still answers queries over HTTP', async () => {
    const response = await t.request('GET', '/graphql?query=%7B__typename%7D', { token: t.adminToken });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('GraphQL subscriptions: strict and public modes', () => {
  let strict: TestApp;
  let open: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    strict = await createTestApp({ WEBSOCKETS_GRAPHQL_AUTH: 'strict', WEBSOCKETS_GRAPHQL_CONN_LIMIT: '1' });
    open = await createTestApp({ WEBSOCKETS_GRAPHQL_AUTH: 'public', WEBSOCKETS_GRAPHQL_PATH: '/graphql-live' });
    for (const t of [strict, open]) {
      await seedCollections(t.app);
      await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    }
  });
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await strict.close();
    await open.close();
  });

  /** The status an upgrade is refused with. */
  const refusal = (url: string) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url, 'graphql-transport-ws');
      socket.once('open', () => reject(new Error('upgrade accepted')));
      socket.once('unexpected-response', (request, response) => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
    });

  it('strict: an upgrade without a token is answered 401; with ?access_token= the socket is that user; over the limit 503', async () => {
    expect(await refusal(urlOf(strict.app))).toBe(401);
    const c = graphqlClient(`${urlOf(strict.app)}?access_token=${encodeURIComponent(strict.adminToken)}`);
    clients.push(c);
    const s = subscription(c, 'subscription { articles_mutated { key event } }');
    await watching(strict.app, 1);
    const made = dataOf<Row>(await strict.request('POST', '/items/articles', { token: strict.adminToken, body: { title: 'Strict' } }));
    expect(await s.next()).toEqual({ data: { articles_mutated: { key: String(made.id), event: 'create' } } });
    // WEBSOCKETS_GRAPHQL_CONN_LIMIT=1, and one socket is open.
    expect(await refusal(`${urlOf(strict.app)}?access_token=${encodeURIComponent(strict.adminToken)}`)).toBe(503);
  });

  it('public (at WEBSOCKETS_GRAPHQL_PATH): without a token the public role (no articles), with one that user', async () => {
    const url = urlOf(open.app, '/graphql-live');
    const anonymous = graphqlClient(url);
    const signed = graphqlClient(url, { access_token: open.adminToken });
    clients.push(anonymous, signed);
    expect((await subscription(anonymous, 'subscription { articles_mutated { key } }').next()).errors).toBeDefined();
    const s = subscription(signed, 'subscription { articles_mutated { key } }');
    await watching(open.app, 1);
    const made = dataOf<Row>(await open.request('POST', '/items/articles', { token: open.adminToken, body: { title: 'Public mode' } }));
    expect(await s.next()).toEqual({ data: { articles_mutated: { key: String(made.id) } } });
  });
});

describe('GraphQL subscriptions: the rate limiter', () => {
  it('each operation counts as a request: over the limit REQUESTS_EXCEEDED, and the socket stays open', async () => {
    // A frozen clock: the rate limiter's window never ends during the test.
    const frozen = new Date();
    const t = await createTestApp(
      { RATE_LIMITER_ENABLED: 'true', RATE_LIMITER_POINTS: '5', RATE_LIMITER_DURATION: '60' },
      { now: () => frozen },
    );
    try {
      await seedCollections(t.app);
      await t.app.server.listen({ port: 0, host: '127.0.0.1' });
      const c = graphqlClient(urlOf(t.app), { access_token: t.adminToken });
      const outcomes: Received[] = [];
      // Each invalid document is answered at once (an error), without holding a subscription.
      for (let i = 0; i < 10; i++) outcomes.push(await subscription(c, 'subscription { nothing_mutated { key } }').next());
      const codes = outcomes.map((o) => (o.errors as { extensions?: { code?: string } }[])[0]?.extensions?.code ?? 'GRAPHQL');
      expect(codes).toContain('REQUESTS_EXCEEDED');
      expect(codes.indexOf('REQUESTS_EXCEEDED')).toBeGreaterThan(0);
      expect(outcomes.every((o) => o.closed === undefined)).toBe(true);
      await c.dispose();
    } finally {
      await t.close();
    }
  });
});

describe('GraphQL subscriptions across instances (Redis)', () => {
  const prefix = createRedisTestPrefix();
  let t: TestApp;
  let b: App;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp({ REDIS: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    await seedCollections(t.app);
    b = await createApp(t.app.config);
    await b.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await client.dispose();
    await b.close();
    await t.close();
    await deleteRedisKeys(prefix);
  });

  it('a write on A reaches a subscriber on B, read with their permissions there', async () => {
    const { token } = await t.userWith({
      permissions: [{ collection: 'articles', action: 'read', permissions: { status: { _eq: 'published' } }, fields: ['id', 'title'] }],
    });
    client = graphqlClient(urlOf(b), { access_token: token });
    const s = subscription(client, 'subscription { articles_mutated { key event data { id title } } }');
    await watching(b, 1);
    const write = async (body: Row) => dataOf<Row>(await t.request('POST', '/items/articles', { token: t.adminToken, body }));
    await write({ title: 'Draft on A' });
    const published = await write({ title: 'Published on A', status: 'published' });
    expect(await s.next()).toEqual({
      data: {
        articles_mutated: { key: String(published.id), event: 'create', data: { id: String(published.id), title: 'Published on A' } },
      },
    });
  });
});
