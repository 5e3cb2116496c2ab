import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';

type Row = Record<string, unknown>;

/** UTC+14: a zone in which zone-less UTC text read as local time lies 14 hours in the past. */
const ZONE = 'Pacific/Kiritimati';
const PREVIOUS_TZ = process.env.TZ;

/**
 * Threat: time confusion. A timestamp written in UTC and read back in the server's (or the database's) local
 * zone moves by hours: sessions die at login or live half a day too long, reset tokens outlive their expiry,
 * activity and `date_created` lie. The Node process runs in UTC+14 here, and the database session starts in
 * UTC+14 as well (PostgreSQL: the test database's own default; every vendor: a pooled connection whose session
 * started in UTC+14 before the dialect's setup ran).
 */
describe('timestamps under non-UTC time zones', () => {
  let t: TestApp;
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  beforeAll(async () => {
    process.env.TZ = ZONE;
    // Sessions shorter than the zone's offset: read 14 hours early, a fresh one would already be over.
    t = await createTestApp({ REFRESH_TOKEN_TTL: '2h', SESSION_COOKIE_TTL: '2h' });
    if (t.vendor === 'postgres') {
      // The server-side default of this database only, then fresh connections that start in it.
      await t.app.knex.raw(`ALTER DATABASE ?? SET timezone TO '${ZONE}'`, [t.app.config.db.database]);
      await t.app.knex.destroy();
      t.app.knex.initialize();
    }
    const created = await admin('POST', '/collections', {
      collection: 'events',
      schema: {},
      meta: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true }, meta: {} },
        { field: 'date_created', type: 'timestamp', schema: {}, meta: { special: ['date-created'] } },
        { field: 'stored_at', type: 'timestamp', schema: { default_value: 'CURRENT_TIMESTAMP' }, meta: {} },
        { field: 'starts_at', type: 'timestamp', schema: {}, meta: {} },
        { field: 'local_at', type: 'dateTime', schema: {}, meta: {} },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    if (PREVIOUS_TZ === undefined) delete process.env.TZ;
    else process.env.TZ = PREVIOUS_TZ;
  });

  it('runs in the zone (the premise of every other test here)', async () => {
    expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(-14 * 60);
    if (t.vendor === 'postgres') {
      const fresh = knexFactory({
        client: 'pg',
        connection: {
          host: t.app.config.db.host,
          port: t.app.config.db.port,
          user: t.app.config.db.user ?? undefined,
          database: t.app.config.db.database,
        },
      });
      try {
        expect((await fresh.raw('SHOW timezone')).rows[0].TimeZone).toBe(ZONE);
      } finally {
        await fresh.destroy();
      }
    }
  });

  const cookiesOf = (response: { cookies: { name: string; value: string }[] }) =>
    Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
  const me = (cookies: Record<string, string>) => t.app.server.inject({ method: 'GET', url: '/users/me', cookies });

  it('keeps a session cookie alive right after login, and a refreshed one too', async () => {
    const login = await t.request('POST', '/auth/login', {
      body: { email: 'admin@example.com', password: 'AdminPass123!', mode: 'session' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const first = await me(cookiesOf(login));
    expect(first.statusCode, first.body).toBe(200);
    const refreshed = await t.app.server.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { mode: 'session' },
      cookies: cookiesOf(login),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await me(cookiesOf(refreshed))).statusCode).toBe(200);

    // The stored expiry is the configured lifetime from now, not 14 hours off.
    const sessions = (await t.app.knex('service_sessions').select('expires')) as Row[];
    const latest = Math.max(...sessions.map((row) => Date.parse(String(t.app.dialect.fromDatabase('timestamp', row.expires)))));
    expect(Math.abs(latest - (Date.now() + t.app.config.auth.refreshTokenTtl))).toBeLessThan(60_000);
  });

  it('refuses a session whose expiry has just passed, also in a zone behind UTC', async () => {
    process.env.TZ = 'Pacific/Pago_Pago';
    try {
      expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(11 * 60);
      const before = ((await t.app.knex('service_sessions').select('id')) as { id: string }[]).map((row) => row.id);
      const login = await t.request('POST', '/auth/login', {
        body: { email: 'admin@example.com', password: 'AdminPass123!', mode: 'session' },
      });
      expect((await me(cookiesOf(login))).statusCode).toBe(200);
      const past = t.app.dialect.toDatabase('timestamp', new Date(Date.now() - 60_000).toISOString()) as string;
      await t.app.knex('service_sessions').whereNotIn('id', before).update({ expires: past });
      expectError(await me(cookiesOf(login)), 401, 'INVALID_CREDENTIALS');
    } finally {
      process.env.TZ = ZONE;
    }
  });

  it('reads back server and database timestamps as the instant they were written', async () => {
    const before = Date.now();
    const created = await admin('POST', '/items/events', { starts_at: '2026-06-01T12:00:00+02:00', local_at: '2026-03-29T02:30:00' });
    const after = Date.now();
    expect(created.statusCode, created.body).toBe(200);
    const row = dataOf(created);
    expect(row.starts_at).toBe('2026-06-01T10:00:00.000Z');
    expect(row.local_at).toBe('2026-03-29T02:30:00');
    for (const field of ['date_created', 'stored_at'] as const) {
      const at = Date.parse(String(row[field]));
      expect(at, `${field}: ${String(row[field])}`).toBeGreaterThanOrEqual(before - 2_000);
      expect(at, `${field}: ${String(row[field])}`).toBeLessThanOrEqual(after + 2_000);
    }
    const read = dataOf(await admin('GET', `/items/events/${String(row.id)}`));
    expect(read).toEqual(row);

    const activity = dataOf<Row[]>(await admin('GET', `/activity?filter[collection][_eq]=events&filter[item][_eq]=${String(row.id)}`));
    const stamped = Date.parse(String(activity[0]!.timestamp));
    expect(stamped).toBeGreaterThanOrEqual(before - 2_000);
    expect(stamped).toBeLessThanOrEqual(after + 2_000);
  });

  it('reads zone-less text the same whatever the process zone: a timestamp as UTC, a date-time as its wall clock', async () => {
    const created = await admin('POST', '/items/events', { starts_at: '2026-07-01T08:00:00', local_at: '2026-03-29T02:30:00.000' });
    expect(created.statusCode, created.body).toBe(200);
    const id = String(dataOf(created).id);
    try {
      expect(dataOf(created)).toMatchObject({ starts_at: '2026-07-01T08:00:00.000Z', local_at: '2026-03-29T02:30:00' });
      const patched = await admin('PATCH', `/items/events/${id}`, { starts_at: '2026-07-01 09:15', local_at: '2026-03-29 02:45:10.5' });
      expect(dataOf(patched)).toMatchObject({ starts_at: '2026-07-01T09:15:00.000Z', local_at: '2026-03-29T02:45:10' });
      expect(dataOf(await admin('GET', `/items/events/${id}`))).toMatchObject({
        starts_at: '2026-07-01T09:15:00.000Z',
        local_at: '2026-03-29T02:45:10',
      });
    } finally {
      await t.app.knex('events').where({ id }).delete();
    }
  });

  it('filters timestamps by the instant, whatever zone the operand names', async () => {
    const ids = async (query: string) =>
      dataOf<Row[]>(await admin('GET', `/items/events?fields=id&filter[starts_at]${query}`)).map((r) => r.id);
    const [only] = await ids('[_nnull]=true');
    expect(await ids('[_eq]=2026-06-01T10:00:00Z')).toEqual([only]);
    expect(await ids(`[_eq]=${encodeURIComponent('2026-06-02T00:00:00+14:00')}`)).toEqual([only]);
    expect(await ids('[_gt]=2026-06-01T09:59:59Z')).toEqual([only]);
    expect(await ids('[_gt]=2026-06-01T10:00:00Z')).toEqual([]);
  });

  it('sets every pooled connection to UTC even when the database session starts in another zone', async () => {
    const config = t.app.dialect.knexConfig(t.app.config.db);
    const pool = config.pool as { afterCreate?: (raw: unknown, done: (error: Error | null, raw: unknown) => void) => void };
    const setup = pool.afterCreate;
    const startInZone: Record<string, string | null> = {
      postgres: `SET TIME ZONE '${ZONE}'`,
      mysql: "SET time_zone = '+13:00'",
      sqlite: null,
    };
    const statement = startInZone[t.vendor] ?? null;
    const knex: Knex = knexFactory({
      ...config,
      pool: {
        min: 1,
        max: 1,
        afterCreate(
          raw: { query(sql: string, callback: (error: Error | null) => void): void },
          done: (error: Error | null, raw: unknown) => void,
        ) {
          const then = () => (setup ? setup(raw, done) : done(null, raw));
          if (statement === null) return then();
          raw.query(statement, (error) => (error ? done(error, raw) : then()));
        },
      },
    });
    try {
      const sql: Record<string, string> = {
        postgres: 'SELECT now() AS now',
        mysql: 'SELECT CURRENT_TIMESTAMP(3) AS now',
        sqlite: "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS now",
      };
      const result = (await knex.raw(sql[t.vendor]!)) as unknown;
      const rows = (
        t.vendor === 'postgres' ? (result as { rows: Row[] }).rows : t.vendor === 'mysql' ? (result as Row[][])[0]! : (result as Row[])
      ) as Row[];
      const now = Date.parse(String(t.app.dialect.fromDatabase('timestamp', rows[0]!.now)));
      expect(Math.abs(now - Date.now())).toBeLessThan(10_000);
    } finally {
      await knex.destroy();
    }
  });
});
