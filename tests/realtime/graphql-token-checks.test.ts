import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';
import { graphqlClient, subscription, watching } from './graphql-client.js';
import { adminCalls, socketUrl } from './realtime-fixture.js';

const QUERY = 'subscription { articles_mutated { key event } }';

/**
 * A GraphQL subscription socket's token is checked before every event, as a REST-style socket's: once it stopped
 * holding (sign-out, suspension, expiry) the socket is closed 4403 and hears nothing more (decision 0071).
 */
describe('GraphQL subscriptions: a token that stops holding', () => {
  let t: TestApp;
  let clock = Date.now();
  const clients: Client[] = [];
  /** The administrator's calls, with a token that the clock moves past are made again (`later`). */
  let adminToken = '';
  const admin = adminCalls(() => ({ ...t, adminToken }));
  const later = async (ms: number) => {
    clock += ms;
    adminToken = await t.login('admin@example.com', 'AdminPass123!');
  };
  const create = async (title: string) => (await admin('POST', '/items/articles', { title }))!;
  let users = 0;
  const reader = async () => {
    const email = `gql-reader-${++users}-${Date.now()}@example.com`;
    return { email, ...(await t.userWith({ email, permissions: [{ collection: 'articles', action: 'read', fields: ['*'] }] })) };
  };
  /** A subscription of `token`'s socket, with its first event seen (so it is running). */
  const subscribed = async (token: string) => {
    const c = graphqlClient(socketUrl(t.app, '/graphql'), { access_token: token });
    clients.push(c);
    const before = t.app.realtime.watching();
    const s = subscription(c, QUERY);
    await watching(t.app, before + 1);
    const seen = await create('Seen');
    expect(await s.next()).toEqual({ data: { articles_mutated: { key: String(seen.id), event: 'create' } } });
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp({ ACCESS_TOKEN_TTL: '15m' }, { now: () => new Date(clock) });
    adminToken = t.adminToken;
    await seedCollections(t.app);
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await t.close();
  });

  it('signing out closes the socket (4403) at the next event: nothing of it is sent', async () => {
    const { email } = await reader();
    const loggedIn = await t.request('POST', '/auth/login', { body: { email, password: 'UserPass123!' } });
    const { access_token, refresh_token } = (loggedIn.json() as { data: { access_token: string; refresh_token: string } }).data;
    const s = await subscribed(access_token);
    expect((await t.request('POST', '/auth/logout', { body: { refresh_token } })).statusCode).toBe(204);
    await create('Not seen');
    expect(await s.next()).toEqual({ closed: 4403 });
  });

  it('suspension closes the socket (4403) at the next event', async () => {
    const { token, userId } = await reader();
    const s = await subscribed(token);
    await admin('PATCH', `/users/${userId}`, { status: 'suspended' });
    await create('Not seen');
    expect(await s.next()).toEqual({ closed: 4403 });
  });

  it('an expired token closes the socket (4403) at the next heartbeat, a quiet one too; a fresh token goes on', async () => {
    const { token } = await reader();
    const s = await subscribed(token);
    const quietClient = graphqlClient(socketUrl(t.app, '/graphql'), { access_token: token });
    clients.push(quietClient);
    const before = t.app.realtime.watching();
    const quiet = subscription(quietClient, 'subscription { articles_mutated(event: delete) { key } }');
    await watching(t.app, before + 1);

    await later(16 * 60 * 1000);
    await t.app.realtime.heartbeat();
    expect(await quiet.next()).toEqual({ closed: 4403 });
    expect(await s.next()).toEqual({ closed: 4403 });
    // A socket with a fresh token goes on.
    const other = await subscribed(adminToken);
    const made = await create('After expiry');
    expect(await other.next()).toEqual({ data: { articles_mutated: { key: String(made.id), event: 'create' } } });
  });
});
