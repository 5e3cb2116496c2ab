import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrappedTestDatabase } from '../setup/bootstrapped-database.js';
import type { TestDatabase } from '../setup/test-database.js';
import { ownRedisServer, type OwnRedisServer } from '../support/own-redis-server.js';
import { connect, type Message, type WsClient } from '../realtime/ws-client.js';
import { expectStatus, login } from './answers.js';
import { startInstance, type Instance, type Json } from './instances.js';
import { printInstanceOutputOnFailure } from './print-instance-output-on-failure.js';

/**
 * Realtime over three real server processes on one database and one Redis (a Redis of this file's own, so that
 * it can be killed and restarted): a write through A's REST API reaches the subscribers on B and C, each read
 * with its own user's rules; with Redis down each instance still serves its own subscribers and /server/health
 * says the channel is down; once Redis is back, writes cross the instances again. The rate limiter keeps its
 * counts in memory here, so the `redis` health check is the realtime channel's alone.
 */

let database: TestDatabase;
let redis: OwnRedisServer;
let A: Instance;
let B: Instance;
let C: Instance;
let admin: string;
const open: WsClient[] = [];

async function ok(instance: Instance, method: string, path: string, body?: unknown): Promise<Json> {
  return expectStatus(await instance.call(method, path, { token: admin, body }), 200).json?.data;
}

let users = 0;
/** A user whose policy reads `rt_notes` rows it owns only; returns its id and a token. */
async function limitedUser(): Promise<{ id: string; token: string }> {
  users++;
  const email = `realtime${users}@example.com`;
  const role = await ok(A, 'POST', '/roles', { name: `Realtime role ${users}` });
  const policy = await ok(A, 'POST', '/policies', { name: `Realtime policy ${users}`, app_access: false, admin_access: false });
  await ok(A, 'POST', '/access', { role: role.id, policy: policy.id });
  await ok(A, 'POST', '/permissions', {
    policy: policy.id,
    collection: 'rt_notes',
    action: 'read',
    fields: ['id', 'title', 'owner'],
    permissions: { owner: { _eq: '$CURRENT_USER' } },
  });
  const created = await ok(A, 'POST', '/users', { email, password: 'UserPass123!', role: role.id, status: 'active' });
  return { id: String(created.id), token: (await login(A, email, 'UserPass123!')).access_token };
}

/** A socket on `on`, signed in with `token` and subscribed to rt_notes' creations under `uid`. */
async function subscriber(on: Instance, token: string, uid: string): Promise<WsClient> {
  const client = await connect(`${on.url.replace('http', 'ws')}/websocket`);
  open.push(client);
  expect(await client.ask({ type: 'auth', access_token: token })).toMatchObject({ type: 'auth', status: 'ok' });
  expect(
    await client.ask({ type: 'subscribe', collection: 'rt_notes', event: 'create', query: { fields: ['id', 'title', 'owner'] }, uid }),
  ).toMatchObject({ type: 'subscription', event: 'init', uid });
  return client;
}

/** Creates a note through `on`'s REST API as the administrator. */
async function write(
  on: Instance,
  title: string,
  owner: string | null = null,
): Promise<{ id: number; title: string; owner: string | null }> {
  const row = await ok(on, 'POST', '/items/rt_notes', { title, owner });
  return { id: row.id as number, title, owner };
}

function created(uid: string, row: { id: number; title: string; owner: string | null }): Message {
  return { type: 'subscription', event: 'create', data: [row], uid };
}

/**
 * The rows of the next creation messages `client` hears under `uid`, read until there are at least `count`: writes
 * close together may arrive coalesced in one message (decision 0070), which a busy machine makes likely.
 */
async function createdRows(client: WsClient, uid: string, count: number): Promise<unknown[]> {
  const rows: unknown[] = [];
  while (rows.length < count) {
    const message = await client.next();
    expect(message).toMatchObject({ type: 'subscription', event: 'create', uid });
    rows.push(...(message.data as unknown[]));
  }
  return rows;
}

async function health(on: Instance): Promise<{ status: string; checks: Record<string, string> }> {
  return expectStatus(await on.call('GET', '/server/health'), 200).json;
}

beforeAll(async () => {
  database = await bootstrappedTestDatabase();
  redis = await ownRedisServer();
  const env = { CACHE_SYSTEM_TTL: '0', REDIS: redis.url, RATE_LIMITER_STORE: 'memory', LOG_LEVEL: 'info' };
  [A, B, C] = (await Promise.all(['A', 'B', 'C'].map((name) => startInstance(name, database.db, env)))) as [Instance, Instance, Instance];
  admin = (await login(A, 'admin@example.com', 'AdminPass123!')).access_token;
  await ok(A, 'POST', '/collections', {
    collection: 'rt_notes',
    schema: {},
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
      { field: 'owner', type: 'string' },
    ],
  });
}, 180_000);

printInstanceOutputOnFailure();

afterAll(async () => {
  for (const client of open) client.close();
  await Promise.all([A, B, C].filter(Boolean).map((instance) => instance.stop()));
  await database?.drop();
  await redis?.stop();
});

describe('realtime over three instances', () => {
  it("a write through A's REST API reaches subscribers on B and C, each read with its own user's rules", async () => {
    const ann = await limitedUser();
    const bob = await limitedUser();
    const adminOnB = await subscriber(B, admin, 'admin-b');
    const annOnB = await subscriber(B, ann.token, 'ann-b');
    const bobOnC = await subscriber(C, bob.token, 'bob-c');

    const bobs = await write(A, "Bob's note", bob.id);
    const anns = await write(A, "Ann's note", ann.id);
    const nobodys = await write(A, 'Nobody’s note');
    const bobsSecond = await write(A, "Bob's second note", bob.id);

    // The administrator on B hears every write, in order.
    expect(await createdRows(adminOnB, 'admin-b', 4)).toEqual([bobs, anns, nobodys, bobsSecond]);
    // Ann on B hears her note only; Bob on C his two, and nothing between them.
    expect(await createdRows(annOnB, 'ann-b', 1)).toEqual([anns]);
    expect(await createdRows(bobOnC, 'bob-c', 2)).toEqual([bobs, bobsSecond]);
    // The next thing Ann hears is a later note of hers, so Bob's second note never reached her.
    const annsSecond = await write(C, "Ann's second note", ann.id);
    expect(await createdRows(annOnB, 'ann-b', 1)).toEqual([annsSecond]);
    expect(await createdRows(adminOnB, 'admin-b', 1)).toEqual([annsSecond]);
    for (const client of [adminOnB, annOnB, bobOnC]) client.close();
  }, 60_000);

  it('with Redis killed each instance serves its own subscribers and reports the channel down; once it is back, writes cross again', async () => {
    for (const on of [A, B, C]) expect(await health(on)).toMatchObject({ status: 'ok', checks: { redis: 'ok' } });
    const onA = await subscriber(A, admin, 'a');
    const onB = await subscriber(B, admin, 'b');
    const onC = await subscriber(C, admin, 'c');

    await redis.stop();
    for (const on of [A, B, C])
      await expect
        .poll(async () => health(on), { timeout: 15_000, interval: 100 })
        .toMatchObject({ status: 'warn', checks: { redis: 'error' } });

    // Each instance still delivers its own writes to its own subscribers (that none crossed to the others, the
    // first message each hears after Redis is back shows).
    const fromA = await write(A, 'Written on A while Redis is down');
    expect(await onA.next()).toEqual(created('a', fromA));
    const fromB = await write(B, 'Written on B while Redis is down');
    expect(await onB.next()).toEqual(created('b', fromB));
    const fromC = await write(C, 'Written on C while Redis is down');
    expect(await onC.next()).toEqual(created('c', fromC));
    for (const on of [A, B, C]) expect(on.output()).toContain('Realtime fan-out: no Redis');

    await redis.start();
    for (const on of [A, B, C])
      await expect
        .poll(async () => health(on), { timeout: 20_000, interval: 200 })
        .toMatchObject({ status: 'ok', checks: { redis: 'ok' } });
    for (const on of [A, B, C]) expect(on.output()).toContain('Realtime fan-out: Redis is back');

    // Subscribed again: a write on A reaches B and C (and A's own subscriber), and one on C reaches A and B.
    const again = await write(A, 'Written on A after Redis came back');
    for (const [client, uid] of [
      [onA, 'a'],
      [onB, 'b'],
      [onC, 'c'],
    ] as const)
      expect(await client.next()).toEqual(created(uid, again));
    const fromCAgain = await write(C, 'Written on C after Redis came back');
    for (const [client, uid] of [
      [onA, 'a'],
      [onB, 'b'],
      [onC, 'c'],
    ] as const)
      expect(await client.next()).toEqual(created(uid, fromCAgain));
  }, 120_000);
});
