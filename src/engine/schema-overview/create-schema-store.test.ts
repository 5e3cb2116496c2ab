import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../database/migrations/run-migrations.js';
import { createSchemaStore } from './create-schema-store.js';
import { readSchemaVersion } from './schema-version.js';
import { useMemoryDatabase } from '../../../tests/support/memory-database.js';

const db = useMemoryDatabase();

/** A build function that counts its calls and answers the call number. */
function counter(): { build: () => Promise<number>; calls: () => number } {
  let calls = 0;
  return { build: async () => ++calls, calls: () => calls };
}

describe('createSchemaStore: cached()', () => {
  beforeEach(async () => {
    await runMigrations(db.knex, db.dialect);
  });

  it('builds once while the stored version stays the same', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    const { build, calls } = counter();
    expect(await store.cached('a', build)).toBe(1);
    expect(await store.cached('a', build)).toBe(1);
    expect(calls()).toBe(1);
    expect(await store.cached('b', build)).toBe(2);
  });

  it('builds again after a change recorded by another store (another process) on the same database', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    const other = createSchemaStore(db.knex, db.dialect);
    const { build } = counter();
    expect(await store.cached('a', build)).toBe(1);
    const before = await readSchemaVersion(db.knex);
    await db.knex.transaction(async (trx) => {
      await other.recordChange(trx);
      await other.recordChange(trx);
    });
    expect(await readSchemaVersion(db.knex)).toBe((before ?? 0) + 1);
    expect(await store.cached('a', build)).toBe(2);
    expect(await store.cached('a', build)).toBe(2);
  });

  it('keeps the version when the transaction of a change rolls back', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    const { build } = counter();
    await store.cached('a', build);
    const before = await readSchemaVersion(db.knex);
    await expect(
      db.knex.transaction(async (trx) => {
        await store.recordChange(trx);
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await readSchemaVersion(db.knex)).toBe(before);
  });

  it('builds again after invalidate() (a change in this process)', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    const { build } = counter();
    await store.cached('a', build);
    store.invalidate();
    expect(await store.cached('a', build)).toBe(2);
  });

  it('does not keep a failed build', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    await expect(store.cached('a', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await store.cached('a', async () => 'built')).toBe('built');
  });

  it('shares one build between concurrent callers', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    const { build, calls } = counter();
    const answers = await Promise.all([store.cached('a', build), store.cached('a', build), store.cached('a', build)]);
    expect(answers).toEqual([1, 1, 1]);
    expect(calls()).toBe(1);
  });
});

describe('createSchemaStore without the version table (not migrated)', () => {
  it('caches nothing and records nothing', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    const { build } = counter();
    expect(await store.cached('a', build)).toBe(1);
    expect(await store.cached('a', build)).toBe(2);
    await store.recordChange(db.knex);
    await runMigrations(db.knex, db.dialect);
    store.invalidate();
    expect(await store.cached('a', build)).toBe(3);
    expect(await store.cached('a', build)).toBe(3);
  });
});

describe('createSchemaStore: revalidate()', () => {
  beforeEach(async () => {
    await runMigrations(db.knex, db.dialect);
  });

  it('keeps the same overview object when nothing changed, and drops the cached values', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    const first = await store.get();
    const { build } = counter();
    await store.cached('a', build);
    store.revalidate();
    expect(await store.get()).toBe(first);
    expect(await store.cached('a', build)).toBe(2);
  });

  it('answers a new overview when the database changed by hand', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    await db.knex.schema.createTable('by_hand', (table) => table.increments('id'));
    const first = await store.get();
    expect(first.collections['by_hand']?.fields['label']).toBeUndefined();
    await db.knex.schema.alterTable('by_hand', (table) => table.string('label'));
    store.revalidate();
    const second = await store.get();
    expect(second).not.toBe(first);
    expect(second.collections['by_hand']?.fields['label']).toBeDefined();
  });
});

describe('createSchemaStore: revalidate() while the database fails', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeEach(async () => {
    await runMigrations(db.knex, db.dialect);
    unhandled.length = 0;
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
  });

  /** Lets the failed read settle, and Node notice a rejection nobody handles (it would end a server process). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('leaves no unhandled rejection when nobody asks for the overview before the read fails, and recovers', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    const first = await store.get();
    // The read of the schema fails (on a server: its connection killed) and no request waits for it (the
    // request that made it current was refused before it needed the schema).
    await db.knex.schema.renameTable('service_relations', 'service_relations_away');
    store.revalidate();
    await settle();
    expect(unhandled).toEqual([]);
    await expect(store.get()).rejects.toThrow();
    // The database is back: the next request reads it again.
    await db.knex.schema.renameTable('service_relations_away', 'service_relations');
    expect(await store.get()).toEqual(first);
  });

  it('leaves no unhandled rejection when a failed revalidation is replaced by another one', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    await store.get();
    await db.knex.schema.renameTable('service_relations', 'service_relations_away');
    store.revalidate();
    store.revalidate();
    await settle();
    expect(unhandled).toEqual([]);
    await db.knex.schema.renameTable('service_relations_away', 'service_relations');
    store.revalidate();
    expect((await store.get()).collections).toBeDefined();
  });

  it('still answers the failure to a request waiting for the overview', async () => {
    const store = createSchemaStore(db.knex, db.dialect);
    await store.get();
    await db.knex.schema.renameTable('service_relations', 'service_relations_away');
    store.revalidate();
    await expect(store.get()).rejects.toThrow(/service_relations/);
    await db.knex.schema.renameTable('service_relations_away', 'service_relations');
  });
});
