import { beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../database/migrations/run-migrations.js';
import { readCacheVersions } from './cache-versions.js';
import { createCacheSync, type CacheSync } from './create-cache-sync.js';
import { useMemoryDatabase } from '../../../tests/support/memory-database.js';

const db = useMemoryDatabase();

/** A sync whose drops are counted; `time` is its clock. */
function instance(maxAge = 0): { sync: CacheSync; drops: { schema: number; access: number; expiry: number }; time: { now: number } } {
  const drops = { schema: 0, access: 0, expiry: 0 };
  const time = { now: 0 };
  const sync = createCacheSync({
    knex: db.knex,
    maxAge,
    clock: () => time.now,
    onSchemaChange: () => drops.schema++,
    onAccessChange: () => drops.access++,
    onExpiry: () => drops.expiry++,
  });
  return { sync, drops, time };
}

describe('createCacheSync', () => {
  beforeEach(async () => {
    await runMigrations(db.knex, db.dialect);
  });

  it('drops everything on the first check (caches may predate it), then nothing while the versions stay', async () => {
    const a = instance();
    await a.sync.check();
    expect(a.drops).toEqual({ schema: 1, access: 1, expiry: 0 });
    await a.sync.check();
    await a.sync.check();
    expect(a.drops).toEqual({ schema: 1, access: 1, expiry: 0 });
  });

  it("reads the dialect's data version with the versions, and has none before the first check or without one", async () => {
    const counter = { n: 0 };
    const sync = createCacheSync({
      knex: db.knex,
      maxAge: 0,
      // Any SQL expression: a new value per read stands for a snapshot that moved.
      dataVersionSql: `'v' || (SELECT COUNT(*) FROM service_schema_version)`,
      onSchemaChange: () => counter.n++,
      onAccessChange: () => undefined,
      onExpiry: () => undefined,
    });
    expect(sync.dataVersion()).toBeUndefined();
    await sync.check();
    expect(sync.dataVersion()).toBe('v1');
    const plain = instance();
    await plain.sync.check();
    expect(plain.sync.dataVersion()).toBeUndefined();
  });

  it('drops the permission caches of another instance when one records an access change, once per transaction', async () => {
    const a = instance();
    const b = instance();
    await b.sync.check();
    const before = await readCacheVersions(db.knex);
    await db.knex.transaction(async (trx) => {
      await a.sync.recordAccessChange(trx);
      await a.sync.recordAccessChange(trx);
    });
    expect(await readCacheVersions(db.knex)).toEqual({ schema: before!.schema, access: before!.access + 1, sessions: before!.sessions });
    await b.sync.check();
    expect(b.drops).toEqual({ schema: 1, access: 2, expiry: 0 });
  });

  it('forgets the live sign-ins of another instance when one records ended sessions, once per transaction, and nothing else', async () => {
    const a = instance();
    let sessionDrops = 0;
    const b = createCacheSync({
      knex: db.knex,
      maxAge: 0,
      onSchemaChange: () => undefined,
      onAccessChange: () => b.access++,
      onSessionChange: () => sessionDrops++,
      onExpiry: () => undefined,
    }) as CacheSync & { access: number };
    b.access = 0;
    await b.check();
    expect(sessionDrops).toBe(1);
    const before = (await readCacheVersions(db.knex))!;
    await db.knex.transaction(async (trx) => {
      await a.sync.recordSessionChange(trx);
      await a.sync.recordSessionChange(trx);
    });
    expect(await readCacheVersions(db.knex)).toEqual({ ...before, sessions: before.sessions + 1 });
    await b.check();
    expect(sessionDrops).toBe(2);
    expect(b.access).toBe(1);
    await b.check();
    expect(sessionDrops).toBe(2);
  });

  it('does not announce an access change whose transaction rolled back', async () => {
    const a = instance();
    const b = instance();
    await b.sync.check();
    await expect(
      db.knex.transaction(async (trx) => {
        await a.sync.recordAccessChange(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await b.sync.check();
    expect(b.drops).toEqual({ schema: 1, access: 1, expiry: 0 });
  });

  it('drops schema and permission caches of another instance when the schema version moves', async () => {
    const b = instance();
    await b.sync.check();
    await db.knex('service_schema_version').where({ id: 1 }).increment('version', 1);
    await b.sync.check();
    expect(b.drops).toEqual({ schema: 2, access: 2, expiry: 0 });
  });

  it('clear() raises the access version (with system, the schema version too) and drops here at once', async () => {
    const a = instance();
    const b = instance();
    await a.sync.check();
    await b.sync.check();
    const before = (await readCacheVersions(db.knex))!;
    await a.sync.clear({ system: false });
    expect(a.drops).toEqual({ schema: 1, access: 2, expiry: 0 });
    expect(await readCacheVersions(db.knex)).toEqual({ schema: before.schema, access: before.access + 1, sessions: before.sessions });
    await b.sync.check();
    expect(b.drops).toEqual({ schema: 1, access: 2, expiry: 0 });
    await a.sync.clear({ system: true });
    expect(a.drops).toEqual({ schema: 2, access: 3, expiry: 0 });
    expect(await readCacheVersions(db.knex)).toEqual({ schema: before.schema + 1, access: before.access + 2, sessions: before.sessions });
    await b.sync.check();
    expect(b.drops).toEqual({ schema: 2, access: 3, expiry: 0 });
  });

  it('requests arriving together share one read', async () => {
    const b = instance();
    await b.sync.check();
    const queries: string[] = [];
    const listener = (q: { sql: string }) => queries.push(q.sql);
    db.knex.on('query', listener);
    try {
      await Promise.all([b.sync.check(), b.sync.check(), b.sync.check()]);
    } finally {
      db.knex.off('query', listener);
    }
    expect(queries).toHaveLength(1);
  });

  it('a check that starts after a change committed always sees it, even while an older read is in flight', async () => {
    const b = instance();
    await b.sync.check();
    const first = b.sync.check();
    await db.knex('service_schema_version').where({ id: 1 }).increment('access_version', 1);
    await first;
    await b.sync.check();
    expect(b.drops.access).toBe(2);
  });

  it('sends one read at a time: requests arriving while one is in flight share the next, which sees what they must', async () => {
    // The version read through a readDirect whose answers this test gives, one by one.
    const answers: ((row: Record<string, unknown>) => void)[] = [];
    const drops = { access: 0 };
    const sync = createCacheSync({
      knex: db.knex,
      maxAge: 0,
      readDirect: () => new Promise((resolve) => answers.push((row) => resolve([row]))),
      onSchemaChange: () => undefined,
      onAccessChange: () => drops.access++,
      onExpiry: () => undefined,
    });
    const versions = (access: number) => ({ version: 1, access_version: access, session_version: 0 });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = sync.check();
    await expect.poll(() => answers.length).toBe(1);
    // Two requests in two later turns, while the first read is in flight: neither sends a read of its own yet.
    const second = sync.check();
    await turn();
    const third = sync.check();
    await turn();
    expect(answers).toHaveLength(1);
    answers[0]!(versions(0));
    await first;
    // (The first read drops everything: caches may predate it.)
    expect(drops.access).toBe(1);
    // Then one read for both, sent after both arrived: a change committed before they arrived is seen by both.
    await expect.poll(() => answers.length).toBe(2);
    expect(third).toBe(second);
    answers[1]!(versions(1));
    await Promise.all([second, third]);
    expect(drops.access).toBe(2);
    expect(answers).toHaveLength(2);
  });

  it('with CACHE_SYSTEM_TTL, reads everything again once the caches are older than it (changes made by hand)', async () => {
    const b = instance(5000);
    await b.sync.check();
    b.time.now = 4999;
    await b.sync.check();
    expect(b.drops).toEqual({ schema: 1, access: 1, expiry: 0 });
    b.time.now = 5000;
    await b.sync.check();
    expect(b.drops).toEqual({ schema: 1, access: 1, expiry: 1 });
    b.time.now = 9000;
    await b.sync.check();
    expect(b.drops).toEqual({ schema: 1, access: 1, expiry: 1 });
    b.time.now = 10_000;
    await b.sync.check();
    expect(b.drops).toEqual({ schema: 1, access: 1, expiry: 2 });
  });

  it('does nothing (and caches nothing about it) on a database that is not migrated yet', async () => {
    await db.knex.schema.dropTable('service_schema_version');
    const b = instance();
    await b.sync.check();
    await b.sync.recordAccessChange(db.knex);
    await b.sync.clear({ system: true });
    expect(b.drops).toEqual({ schema: 1, access: 1, expiry: 0 });
  });
});
