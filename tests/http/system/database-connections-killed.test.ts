import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../../src/database/connection.js';
import { SCHEMA_VERSION_TABLE } from '../../../src/database/migrations/index.js';
import { killConnections } from '../../cluster/kill-connections.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { expectError } from '../../setup/expect-error.js';
import { testVendor } from '../../setup/test-database.js';

/**
 * The database ends the server's connections (pg_terminate_backend, MariaDB KILL) at chosen moments: an idle
 * pooled connection, a write's transaction, and the schema read a version change starts in the background. The
 * process must neither crash (an unhandled rejection or 'error' event ends a Node process) nor stay broken:
 * the request that met the loss gets 503 SERVICE_UNAVAILABLE at most, and the next one is served. To hit one
 * query exactly, a table is locked from another connection so the query waits on it; then its backend is killed.
 * On every vendor (SQLite too), the background schema read is also made to fail by a table gone missing.
 */

let t: TestApp;
/** A connection of the test's own to the same database ("another process"); not on SQLite. */
let sql: Knex | null = null;
const vendor = testVendor();
const faults: { event: string; reason: unknown }[] = [];
const onRejection = (reason: unknown) => faults.push({ event: 'unhandledRejection', reason });
const onException = (reason: unknown) => faults.push({ event: 'uncaughtException', reason });

beforeAll(async () => {
  t = await createTestApp({ CACHE_SYSTEM_TTL: '0' });
  if (vendor !== 'sqlite') sql = (await createDatabase(t.app.config.db)).knex;
  const created = await t.request('POST', '/collections', {
    token: t.adminToken,
    body: {
      collection: 'probe',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'n', type: 'integer' },
      ],
    },
  });
  expect(created.statusCode).toBe(200);
});
afterAll(async () => {
  if (sql) await closeDatabase(sql);
  await t?.close();
});
beforeEach(() => {
  faults.length = 0;
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
});
afterEach(() => {
  process.off('unhandledRejection', onRejection);
  process.off('uncaughtException', onException);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the schema read a version change starts, failing while nobody waits for it', () => {
  it('leaves no unhandled rejection, and the next request reads the schema again and is served', async () => {
    const { knex } = t.app;
    // The overview is built; then another instance changes the schema (its version, raised by hand here).
    expect((await t.request('GET', '/items/probe', { token: t.adminToken })).statusCode).toBe(200);
    await knex(SCHEMA_VERSION_TABLE).where({ id: 1 }).increment({ version: 1 });
    // The schema can't be read (a table gone: a query that fails however the connection is).
    await knex.schema.renameTable('service_relations', 'service_relations_away');
    try {
      // The request reads the versions, starts reading the schema again, and is refused (a token that is no
      // token) without waiting for that read.
      expectError(await t.request('GET', '/items/probe', { token: 'not-a-token' }), 401, 'INVALID_CREDENTIALS');
      await sleep(200);
    } finally {
      await knex.schema.renameTable('service_relations_away', 'service_relations');
    }
    expect(faults).toEqual([]);
    expect((await t.request('GET', '/items/probe', { token: t.adminToken })).statusCode).toBe(200);
  });
});

// SQLite is a file in the server's own process: no other process can end its connection.
if (vendor !== 'sqlite')
  describe('database connections killed under an in-process server', () => {
    const database = () => t.app.config.db.database;
    const other = () => sql!;

    /** The server connections of the test database that wait for a table lock (the query to kill). */
    async function waiting(): Promise<number[]> {
      if (vendor === 'postgres') {
        const result = (await other().raw(
          "SELECT pid FROM pg_stat_activity WHERE datname = ? AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
          [database()],
        )) as { rows: { pid: number }[] };
        return result.rows.map((row) => row.pid);
      }
      const [rows] = (await other().raw(
        "SELECT id FROM information_schema.processlist WHERE db = ? AND state LIKE 'Waiting for table%' AND id <> CONNECTION_ID()",
        [database()],
      )) as [{ id: number }[]];
      return rows.map((row) => Number(row.id));
    }

    async function kill(id: number): Promise<void> {
      if (vendor === 'postgres') await other().raw('SELECT pg_terminate_backend(?)', [id]);
      else await other().raw(`KILL ${Number(id)}`);
    }

    /** How many connections other than the test's own the database still has. */
    async function otherConnections(): Promise<number> {
      if (vendor === 'postgres') {
        const result = (await other().raw('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()', [
          database(),
        ])) as { rows: { n: number }[] };
        return result.rows[0]!.n;
      }
      const [rows] = (await other().raw('SELECT count(*) AS n FROM information_schema.processlist WHERE db = ? AND id <> CONNECTION_ID()', [
        database(),
      ])) as [{ n: number }[]];
      return Number(rows[0]!.n);
    }

    /**
     * Runs `during` while `table` is locked from the test's own connection, so that the server's queries on it
     * wait; `during` kills them. The lock ends afterwards, whatever happened.
     */
    async function withTableLocked(table: string, during: () => Promise<void>): Promise<void> {
      const trx = await other().transaction();
      try {
        if (vendor === 'postgres') await trx.raw(`LOCK TABLE "${table}" IN ACCESS EXCLUSIVE MODE`);
        else await trx.raw(`LOCK TABLES \`${table}\` WRITE`);
        await during();
      } finally {
        if (vendor === 'mysql') await trx.raw('UNLOCK TABLES');
        await trx.commit();
      }
    }

    /** Kills the server's queries that wait for the lock, once there is one; answers how many. */
    async function killWaiting(): Promise<number> {
      await expect.poll(async () => (await waiting()).length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      const ids = await waiting();
      for (const id of ids) await kill(id);
      return ids.length;
    }

    /** Lets the server's driver see its connections end, and Node report what nobody handled. */
    async function settle(): Promise<void> {
      await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toEqual([]);
      await sleep(100);
    }

    it('the schema read that a version change starts, killed while the request that started it is refused first: no unhandled rejection; the next request is served', async () => {
      // The overview is built; then another instance changes the schema (its version, raised by hand here).
      expect((await t.request('GET', '/items/probe', { token: t.adminToken })).statusCode).toBe(200);
      await other()(SCHEMA_VERSION_TABLE).where({ id: 1 }).increment({ version: 1 });
      await withTableLocked('service_relations', async () => {
        // The request reads the versions, starts reading the schema again, and is refused (a token that is no
        // token) without waiting for that read: nobody waits for it.
        expectError(await t.request('GET', '/items/probe', { token: 'not-a-token' }), 401, 'INVALID_CREDENTIALS');
        expect(await killWaiting()).toBeGreaterThan(0);
      });
      await settle();
      expect(faults).toEqual([]);
      expect((await t.request('GET', '/items/probe', { token: t.adminToken })).statusCode).toBe(200);
    });

    it('a write whose transaction connection is killed answers 503 SERVICE_UNAVAILABLE, leaves nothing behind, and the next write is served', async () => {
      const before = Number((await other()('probe').count({ c: '*' }))[0]!.c);
      await withTableLocked('probe', async () => {
        const write = t.request('POST', '/items/probe', { token: t.adminToken, body: { n: 1 } });
        expect(await killWaiting()).toBe(1);
        expectError(await write, 503, 'SERVICE_UNAVAILABLE');
      });
      await settle();
      expect(faults).toEqual([]);
      expect(Number((await other()('probe').count({ c: '*' }))[0]!.c)).toBe(before);
      expect((await t.request('POST', '/items/probe', { token: t.adminToken, body: { n: 2 } })).statusCode).toBe(200);
      expect(Number((await other()('probe').count({ c: '*' }))[0]!.c)).toBe(before + 1);
    });

    it('idle pooled connections killed: no unhandled error event; the next requests are served on new connections', async () => {
      // Several connections in the pool, all idle afterwards.
      const warm = await Promise.all(Array.from({ length: 4 }, () => t.request('GET', '/items/probe', { token: t.adminToken })));
      for (const answer of warm) expect(answer.statusCode).toBe(200);
      expect(await killConnections(other(), vendor, database())).toBeGreaterThan(0);
      await expect.poll(otherConnections, { timeout: 10_000, interval: 20 }).toBe(0);
      await sleep(100);
      expect(faults).toEqual([]);
      const next = await Promise.all(
        Array.from({ length: 4 }, (_, n) =>
          t.request(n % 2 ? 'POST' : 'GET', '/items/probe', { token: t.adminToken, ...(n % 2 ? { body: { n } } : {}) }),
        ),
      );
      for (const answer of next) expect(answer.statusCode).toBe(200);
    });
  });
