import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import { ownRedisServer, type OwnRedisServer } from '../support/own-redis-server.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { totpCode } from '../setup/totp-code.js';
import { bootstrappedTestDatabase } from '../setup/bootstrapped-database.js';
import { createTestDatabase, testVendor, type TestDatabase } from '../setup/test-database.js';
import { errorCode, expectStatus, login, type Answer } from './answers.js';
import { startInstance, type Instance, type Json } from './instances.js';
import { printInstanceOutputOnFailure } from './print-instance-output-on-failure.js';
import { killConnections as killConnectionsOf } from './kill-connections.js';

/**
 * Faults while real server processes serve one database (issue 13, decision 0019): their Redis (one of this
 * file's own, on its own port) stopped and restarted; the database's connections killed; an instance killed
 * with SIGKILL in the middle of writes, five times over; an instance stopped with SIGTERM mid-request.
 */

const IP_HEADER = 'x-test-client-ip';
/** No request may take longer than this, whatever has failed: a fault answers, it never hangs. */
const NO_HANG_MS = 5_000;

let database: TestDatabase;
let redis: OwnRedisServer;
let A: Instance;
let B: Instance;
let admin: string;
let sql: Knex;

function env(): Record<string, string> {
  return {
    CACHE_SYSTEM_TTL: '0',
    RATE_LIMITER_ENABLED: 'true',
    RATE_LIMITER_POINTS: '100000',
    RATE_LIMITER_STORE: 'redis',
    REDIS: redis.url,
    // Every attempt below comes from an address of its own: the budget that adds them up is the account's
    // over unknown addresses (decision 0043).
    RATE_LIMITER_LOGIN_ACCOUNT_POINTS: '3',
    IP_CUSTOM_HEADER: IP_HEADER,
    LOG_LEVEL: 'info',
  };
}

/** A request that must answer within NO_HANG_MS. */
async function call(
  instance: Instance,
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${method} ${path} on ${instance.name} took more than ${NO_HANG_MS} ms`)), NO_HANG_MS);
  });
  try {
    return await Promise.race([instance.call(method, path, options), hung]);
  } finally {
    clearTimeout(timer);
  }
}

async function ok(instance: Instance, method: string, path: string, body?: unknown, status = 200): Promise<Json> {
  return expectStatus(await call(instance, method, path, { token: admin, body }), status).json?.data;
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

let users = 0;
async function user(): Promise<{ id: string; email: string }> {
  users++;
  const email = `fault${users}@example.com`;
  const created = await ok(A, 'POST', '/users', { email, password: 'UserPass123!', status: 'active' });
  return { id: String(created.id), email };
}

beforeAll(async () => {
  database = await bootstrappedTestDatabase();
  redis = await ownRedisServer();
  [A, B] = (await Promise.all(['A', 'B'].map((name) => startInstance(name, database.db, env())))) as [Instance, Instance];
  admin = (await login(A, 'admin@example.com', 'AdminPass123!')).access_token;
  sql = (await createDatabase(database.db)).knex;
}, 180_000);

// A and B serve every test: one that died fails the next test with how it ended, not with a refused request.
beforeEach(() => {
  for (const instance of [A, B]) instance.assertRunning();
});
printInstanceOutputOnFailure();

afterAll(async () => {
  await Promise.all([A, B].filter(Boolean).map((instance) => instance.stop()));
  if (sql) await closeDatabase(sql);
  await database?.drop();
  await redis?.stop();
});

describe('Redis stopped and restarted while two instances serve', () => {
  it('serves on from memory, fails the one-time code closed, reports it in /server/health, logs once, and shares counts again when Redis is back', async () => {
    let address = 0;
    const attempt = (instance: Instance, email: string, password: string, otp?: string) =>
      call(instance, 'POST', '/auth/login', { body: { email, password, otp }, headers: { [IP_HEADER]: `198.51.100.${++address}` } });

    // Redis up: the throttle is shared (three failures over A and B use up the budget everywhere).
    const shared = await user();
    for (const instance of [A, B, A])
      expect(errorCode(expectStatus(await attempt(instance, shared.email, 'wrong'), 401))).toBe('INVALID_CREDENTIALS');
    expect(errorCode(expectStatus(await attempt(B, shared.email, 'UserPass123!'), 429))).toBe('REQUESTS_EXCEEDED');

    // A user with two-factor, set up while Redis is up.
    const tfaUser = await user();
    const tfaToken = (await login(A, tfaUser.email, 'UserPass123!')).access_token;
    const generated = expectStatus(
      await call(A, 'POST', '/users/me/tfa/generate', { token: tfaToken, body: { password: 'UserPass123!' } }),
      200,
    ).json.data;
    const enabled = expectStatus(
      await call(A, 'POST', '/users/me/tfa/enable', {
        token: tfaToken,
        body: { secret: generated.secret, otp: totpCode(generated.secret, new Date(Date.now() - 30_000)) },
      }),
      200,
    ).json.data;
    const recoveryCodes = enabled.recovery_codes as string[];

    await redis.stop();

    // Everything that does not need Redis answers as before, on both instances.
    for (const instance of [A, B]) {
      expectStatus(await call(instance, 'GET', '/server/ping'), 200);
      expectStatus(await call(instance, 'GET', '/users/me', { token: admin }), 200);
      const health = expectStatus(await call(instance, 'GET', '/server/health'), 200).json;
      expect(health.status).toBe('warn');
      expect(health.checks.redis).toBe('error');
    }
    // Logging in works; the throttle holds per instance (three failures on A refuse A, not B).
    const local = await user();
    await login(B, local.email, 'UserPass123!', { [IP_HEADER]: '203.0.113.1' });
    for (let i = 0; i < 3; i++) expectStatus(await attempt(A, local.email, 'wrong'), 401);
    expect(errorCode(expectStatus(await attempt(A, local.email, 'UserPass123!'), 429))).toBe('REQUESTS_EXCEEDED');
    expectStatus(await attempt(B, local.email, 'UserPass123!'), 200);
    // The one-time code fails closed: its replay guard must be shared. A recovery code (in the database) works.
    expect(errorCode(expectStatus(await attempt(A, tfaUser.email, 'UserPass123!', totpCode(generated.secret, new Date())), 503))).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expectStatus(await attempt(B, tfaUser.email, 'UserPass123!', recoveryCodes[0]), 200);

    // Logged once per instance, however many requests met the outage.
    for (const instance of [A, B]) expect(count(instance.output(), 'Redis is unreachable')).toBe(1);

    await redis.start();
    for (const instance of [A, B]) {
      await expect
        .poll(async () => (await call(instance, 'GET', '/server/health')).json.status, { timeout: 15_000, interval: 200 })
        .toBe('ok');
      expect(count(instance.output(), 'Redis is reachable again')).toBe(1);
    }
    // Shared again: three failures over B and A use up the budget on both.
    const again = await user();
    for (const instance of [B, A, B]) expectStatus(await attempt(instance, again.email, 'wrong'), 401);
    expect(errorCode(expectStatus(await attempt(A, again.email, 'UserPass123!'), 429))).toBe('REQUESTS_EXCEEDED');
    // And the one-time code works again.
    expectStatus(await attempt(B, tfaUser.email, 'UserPass123!', totpCode(generated.secret, new Date())), 200);
  }, 120_000);
});

/** Closes every connection the instances hold to the test database, as a database restart or an operator would. */
function killConnections(): Promise<number> {
  return killConnectionsOf(sql, database.vendor, database.db.database);
}

// SQLite is a file in the instance's own process: it has no connection another process can kill.
if (testVendor() !== 'sqlite')
  describe('database connections killed (pg_terminate_backend, KILL)', () => {
    it('costs requests in flight a clean 503 at most; the pools reconnect by themselves', async () => {
      await ok(A, 'POST', '/collections', {
        collection: 'kill_probe',
        schema: {},
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'n', type: 'integer' },
        ],
      });
      for (let round = 0; round < 3; round++) {
        const load = Array.from({ length: 40 }, (_, i) =>
          i % 2 === 0
            ? call(i % 4 === 0 ? A : B, 'GET', '/items/kill_probe?limit=5', { token: admin })
            : call(i % 4 === 1 ? A : B, 'POST', '/items/kill_probe', { token: admin, body: { n: i } }),
        );
        expect(await killConnections()).toBeGreaterThan(0);
        for (const answer of await Promise.all(load)) {
          expect([200, 503]).toContain(answer.status);
          if (answer.status === 503) expect(errorCode(answer)).toBe('SERVICE_UNAVAILABLE');
        }
        // The next requests on both instances are served: nobody restarted anything.
        for (const instance of [A, B]) {
          expectStatus(await call(instance, 'GET', '/items/kill_probe?limit=1', { token: admin }), 200);
          expectStatus(await call(instance, 'POST', '/items/kill_probe', { token: admin, body: { n: -1 } }), 200);
        }
      }
    }, 120_000);
  });

describe('an instance killed with SIGKILL in the middle of writes, five times', () => {
  it('loses no acknowledged write and leaves no partial one: each item has its activity row and revision, and nothing else exists', async () => {
    await ok(A, 'POST', '/collections', {
      collection: 'ledger',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'n', type: 'integer' },
      ],
    });
    const acknowledged = new Set<string>();
    for (let round = 1; round <= 5; round++) {
      const victim = await startInstance(`victim${round}`, database.db, env());
      const token = (await login(victim, 'admin@example.com', 'AdminPass123!')).access_token;
      let killed = false;
      // Four writers, each writing one item or a batch of three, until the instance dies under them.
      const writer = async (w: number) => {
        for (let i = 0; !killed; i++) {
          const body = i % 2 === 0 ? { n: round * 1000 + w * 100 + i } : [0, 1, 2].map((k) => ({ n: round * 1000 + w * 100 + i + k / 10 }));
          const answer = await victim.call('POST', '/items/ledger', { token, body }).catch(() => null);
          if (answer?.status !== 200) continue;
          for (const item of [answer.json.data].flat() as { id: number }[]) acknowledged.add(String(item.id));
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      const before = acknowledged.size;
      await expect.poll(() => acknowledged.size - before, { timeout: 20_000, interval: 10 }).toBeGreaterThanOrEqual(20 + round * 5);
      await victim.kill();
      killed = true;
      await Promise.all(writers);

      // Integrity, read straight from the database after the crash, in one snapshot: a COMMIT the killed process
      // sent just before it died can still land after the kill, and must not fall between two of these reads.
      const { items, activity, revisions } = await sql.transaction(
        async (trx) => ({
          items: new Set((await trx('ledger').select('id')).map((row: { id: number }) => String(row.id))),
          activity: await trx('service_activity').select('id', 'item').where({ collection: 'ledger', action: 'create' }),
          revisions: await trx('service_revisions').select('activity', 'item').where({ collection: 'ledger' }),
        }),
        database.vendor === 'sqlite' ? undefined : { isolationLevel: 'repeatable read' },
      );
      for (const id of acknowledged) expect(items.has(id), `acknowledged item ${id} exists`).toBe(true);
      expect(new Set(activity.map((row: { item: string }) => String(row.item)))).toEqual(items);
      expect(activity).toHaveLength(items.size);
      expect(new Set(revisions.map((row: { item: string }) => String(row.item)))).toEqual(items);
      const activityIds = new Set(activity.map((row: { id: number }) => Number(row.id)));
      for (const revision of revisions) expect(activityIds.has(Number(revision.activity))).toBe(true);
    }
    // The instances that stayed up see every write. (A write whose commit the kill overtook before it was
    // answered exists in full too: more items than acknowledgements, never fewer.)
    const stored = Number((await sql('ledger').count({ c: '*' }))[0]!.c);
    expect(stored).toBeGreaterThanOrEqual(acknowledged.size);
    expect(Number((await ok(B, 'GET', '/items/ledger?aggregate[count]=*'))[0].count)).toBe(stored);
  }, 180_000);
});

describe('SIGTERM', () => {
  it('drains: a request in flight is answered in full, then the process exits 0', async () => {
    await ok(A, 'POST', '/collections', {
      collection: 'drain',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'n', type: 'integer' },
      ],
    });
    const leaving = await startInstance('leaving', database.db, env());
    const token = (await login(leaving, 'admin@example.com', 'AdminPass123!')).access_token;
    const batch = Array.from({ length: 2_000 }, (_, n) => ({ n }));
    const inFlight = leaving.call('POST', '/items/drain', { token, body: batch });
    // The batch takes a while to write; the signal arrives while it is being handled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const exitCode = leaving.stop();
    const answer = await inFlight;
    expectStatus(answer, 200);
    expect(answer.json.data).toHaveLength(2_000);
    expect(await exitCode).toBe(0);
    expect(Number((await sql('drain').count({ c: '*' }))[0]!.c)).toBe(2_000);
  }, 60_000);
});

// Instances started together (a compose file's `up`) take turns under the database server's lock. SQLite is a
// file of one process, not a database for several instances started at once.
if (testVendor() !== 'sqlite')
  describe('three instances started at the same moment on an empty database', () => {
    it('all start; the migrations run once and one administrator is created, usable through every instance', async () => {
      const empty = await createTestDatabase();
      const started: Instance[] = [];
      let direct: Knex | null = null;
      try {
        started.push(
          ...(await Promise.all(['X', 'Y', 'Z'].map((name) => startInstance(name, empty.db, { ADMIN_PASSWORD: 'AdminPass123!' })))),
        );
        direct = (await createDatabase(empty.db)).knex;
        const versions = (await direct('service_migrations').select('version')).map((row: { version: string }) => row.version);
        expect(versions).toHaveLength(MIGRATIONS.length);
        expect(new Set(versions).size).toBe(MIGRATIONS.length);
        expect(Number((await direct('service_users').count({ c: '*' }))[0]!.c)).toBe(1);
        expect(Number((await direct('service_roles').count({ c: '*' }))[0]!.c)).toBe(1);
        for (const instance of started)
          expect((await login(instance, 'admin@example.com', 'AdminPass123!')).access_token).toEqual(expect.any(String));
        // One of them made the administrator and said so.
        expect(started.filter((instance) => instance.output().includes('an administrator was created'))).toHaveLength(1);
      } finally {
        await Promise.all(started.map((instance) => instance.stop()));
        if (direct) await closeDatabase(direct);
        await empty.drop();
      }
    }, 180_000);
  });
