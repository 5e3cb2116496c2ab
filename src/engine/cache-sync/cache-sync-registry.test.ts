import { beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../database/migrations/run-migrations.js';
import { createCacheRegistry } from '../../kernel/caches/index.js';
import { createCacheSync } from './create-cache-sync.js';
import { useMemoryDatabase } from '../../../tests/support/memory-database.js';

const db = useMemoryDatabase();

/** An instance's registry with one cache per version, filled, and its cache sync. */
function instance(maxAge = 0) {
  const caches = createCacheRegistry();
  const time = { now: 0 };
  const bound = {
    schema: caches.lru<string, number>('schema-bound', { max: 5, invalidatedBy: ['schema'] }),
    access: caches.lru<string, number>('access-bound', { max: 5, invalidatedBy: ['access'] }),
    sessions: caches.lru<string, number>('sessions-bound', { max: 5, invalidatedBy: ['sessions'] }),
    none: caches.lru<string, number>('unbound', { max: 5 }),
  };
  const fill = () => Object.values(bound).forEach((cache) => cache.set('k', 1));
  const held = () => Object.fromEntries(Object.entries(bound).map(([name, cache]) => [name, cache.size]));
  const sync = createCacheSync({
    knex: db.knex,
    maxAge,
    clock: () => time.now,
    caches,
    onSchemaChange: () => undefined,
    onAccessChange: () => undefined,
    onExpiry: () => undefined,
  });
  return { sync, fill, held, time };
}

describe('createCacheSync with a cache registry', () => {
  beforeEach(async () => {
    await runMigrations(db.knex, db.dialect);
  });

  it("empties another instance's caches bound to the access version when one records an access change, and only those", async () => {
    const a = instance();
    const b = instance();
    await b.sync.check();
    b.fill();
    await db.knex.transaction((trx) => a.sync.recordAccessChange(trx));
    await b.sync.check();
    expect(b.held()).toEqual({ schema: 1, access: 0, sessions: 1, none: 1 });
  });

  it('empties the caches bound to the session version when sign-ins ended elsewhere', async () => {
    const a = instance();
    const b = instance();
    await b.sync.check();
    b.fill();
    await db.knex.transaction((trx) => a.sync.recordSessionChange(trx));
    await b.sync.check();
    expect(b.held()).toEqual({ schema: 1, access: 1, sessions: 0, none: 1 });
  });

  it('empties every version-bound cache when the schema version moves, and keeps them while nothing moves', async () => {
    const b = instance();
    await b.sync.check();
    b.fill();
    await b.sync.check();
    expect(b.held()).toEqual({ schema: 1, access: 1, sessions: 1, none: 1 });
    await db.knex('service_schema_version').where({ id: 1 }).increment('version', 1);
    await b.sync.check();
    expect(b.held()).toEqual({ schema: 0, access: 0, sessions: 0, none: 1 });
  });

  it('empties every version-bound cache when CACHE_SYSTEM_TTL runs out, and the access-bound ones on clear()', async () => {
    const b = instance(1000);
    await b.sync.check();
    b.fill();
    b.time.now = 1000;
    await b.sync.check();
    expect(b.held()).toEqual({ schema: 0, access: 0, sessions: 0, none: 1 });
    b.fill();
    await b.sync.clear({ system: false });
    expect(b.held()).toEqual({ schema: 1, access: 0, sessions: 1, none: 1 });
  });
});
