import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';
import { connect, type Message, type WsClient } from './ws-client.js';

/** A test app listening on a port of the OS's choice; `url` of its realtime endpoint. */
async function listening(env: Record<string, string>, overrides: Parameters<typeof createTestApp>[1] = {}) {
  const t = await createTestApp(env, overrides);
  await seedCollections(t.app);
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.server.address() as AddressInfo).port;
  return { t, port, url: `ws://127.0.0.1:${port}/websocket` };
}

describe('WEBSOCKETS_REST_AUTH=strict', () => {
  let t: TestApp;
  let url: string;
  let port: number;
  const open: WsClient[] = [];
  beforeAll(async () => {
    ({ t, url, port } = await listening({ WEBSOCKETS_REST_AUTH: 'strict', WEBSOCKETS_REST_CONN_LIMIT: '4' }));
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('refuses an upgrade without a token (401) and one with a bad token', async () => {
    await expect(connect(url)).rejects.toMatchObject({ status: 401 });
    await expect(connect(`${url}?access_token=nonsense`)).rejects.toMatchObject({ status: expect.any(Number) as number });
  });

  it('takes ?access_token= at the upgrade: the socket is ready at once', async () => {
    const c = await connect(`${url}?access_token=${t.adminToken}`);
    open.push(c);
    expect(await c.ask({ type: 'subscribe', collection: 'articles', query: { limit: 1 }, uid: 1 })).toMatchObject({
      type: 'subscription',
      event: 'init',
      uid: 1,
    });
  });

  it("takes the session cookie from this site's pages, not from another site's (cross-site WebSocket hijacking)", async () => {
    const login = await t.request('POST', '/auth/login', {
      body: { email: 'admin@example.com', password: 'AdminPass123!', mode: 'session' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const name = t.app.config.auth.sessionCookie.name;
    const cookie = ([login.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith(`${name}=`))!.split(';')[0]!;
    const same = await connect(url, { headers: { cookie, origin: `http://127.0.0.1:${port}` } });
    open.push(same);
    expect(await same.ask({ type: 'ping' })).toEqual({ type: 'pong' });
    await expect(connect(url, { headers: { cookie, origin: 'https://evil.example' } })).rejects.toMatchObject({ status: 403 });
  });

  it('refuses upgrades past WEBSOCKETS_REST_CONN_LIMIT (503), open sockets going on', async () => {
    while (t.app.realtime.size() < 4) open.push(await connect(`${url}?access_token=${t.adminToken}`));
    await expect(connect(`${url}?access_token=${t.adminToken}`)).rejects.toMatchObject({ status: 503 });
    expect(await open[0]!.ask({ type: 'ping' })).toEqual({ type: 'pong' });
  });
});

describe('WEBSOCKETS_REST_AUTH=handshake (the default) with the session cookie at the upgrade', () => {
  let t: TestApp;
  let url: string;
  let port: number;
  let cookie: string;
  const open: WsClient[] = [];
  beforeAll(async () => {
    ({ t, url, port } = await listening({}));
    const login = await t.request('POST', '/auth/login', {
      body: { email: 'admin@example.com', password: 'AdminPass123!', mode: 'session' },
    });
    const name = t.app.config.auth.sessionCookie.name;
    cookie = ([login.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith(`${name}=`))!.split(';')[0]!;
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it("starts a socket opened with this site's session cookie as its user, with no auth message (as Directus does)", async () => {
    const c = await connect(url, { headers: { cookie, origin: `http://127.0.0.1:${port}` } });
    open.push(c);
    expect(await c.ask({ type: 'subscribe', collection: 'articles', query: { limit: 1 }, uid: 1 })).toMatchObject({
      type: 'subscription',
      event: 'init',
      uid: 1,
    });
  });

  it("does not use another site's cookie (cross-site WebSocket hijacking): that socket must still authenticate", async () => {
    const c = await connect(url, { headers: { cookie, origin: 'https://evil.example' } });
    open.push(c);
    const answer = await c.ask({ type: 'subscribe', collection: 'articles', uid: 2 });
    expect(answer).toMatchObject({ type: 'auth', status: 'error', error: { code: 'AUTH_FAILED' } });
  });

  it('does not use a token in the query string in handshake mode', async () => {
    const c = await connect(`${url}?access_token=${t.adminToken}`);
    open.push(c);
    expect(await c.ask({ type: 'subscribe', collection: 'articles', uid: 3 })).toMatchObject({
      status: 'error',
      error: { code: 'AUTH_FAILED' },
    });
  });
});

describe('WEBSOCKETS_REST_AUTH=public', () => {
  let t: TestApp;
  let url: string;
  const open: WsClient[] = [];
  beforeAll(async () => {
    // A frozen clock: the rate limiter's window never ends during the test.
    const frozen = new Date();
    ({ t, url } = await listening(
      { WEBSOCKETS_REST_AUTH: 'public', RATE_LIMITER_ENABLED: 'true', RATE_LIMITER_POINTS: '40', RATE_LIMITER_DURATION: '60' },
      { now: () => frozen },
    ));
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('starts as the public role (which may read nothing here) and may authenticate later', async () => {
    const c = await connect(url);
    open.push(c);
    expect(await c.ask({ type: 'subscribe', collection: 'articles' })).toMatchObject({
      status: 'error',
      error: { code: 'INVALID_COLLECTION' },
    });
    expect(await c.ask({ type: 'auth', access_token: t.adminToken })).toEqual({ type: 'auth', status: 'ok' });
    expect(await c.ask({ type: 'subscribe', collection: 'articles' })).toMatchObject({ type: 'subscription', event: 'init' });
  });

  it('a failed auth keeps a public socket open, as it was', async () => {
    const c = await connect(url);
    open.push(c);
    expect(await c.ask({ type: 'auth', access_token: 'bad' })).toMatchObject({ status: 'error', error: { code: 'AUTH_FAILED' } });
    expect(await c.ask({ type: 'ping' })).toEqual({ type: 'pong' });
  });

  it('messages count in the rate limiter: REQUESTS_EXCEEDED, and the socket stays open', async () => {
    const c = await connect(url);
    open.push(c);
    const answers: Message[] = [];
    for (let i = 0; i < 45; i++) {
      c.send({ type: 'ping', uid: i });
      const answer = await c.next();
      answers.push(answer);
      if (answer.status === 'error') break;
    }
    expect(answers.at(-1)).toMatchObject({ type: 'ping', status: 'error', error: { code: 'REQUESTS_EXCEEDED' } });
    expect(answers.slice(0, -1).every((a) => a.type === 'pong')).toBe(true);
  });
});

describe('heartbeat', () => {
  let t: TestApp;
  let url: string;
  const open: WsClient[] = [];
  beforeAll(async () => {
    ({ t, url } = await listening({ WEBSOCKETS_REST_AUTH: 'public' }, { realtimeTimings: { heartbeatMs: 100 } }));
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('pings each period; a socket that answers stays, one that stays silent for a period is closed (4002)', async () => {
    const c = await connect(url);
    open.push(c);
    expect(await c.next()).toEqual({ type: 'ping' });
    c.send({ type: 'pong' });
    expect(await c.next()).toEqual({ type: 'ping' });
    // Silent from now on.
    expect(await c.closed).toBe(4002);
  });
});
