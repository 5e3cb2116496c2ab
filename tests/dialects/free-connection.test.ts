import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import type { Dialect } from '../../src/database/dialects/dialect.js';
import { withConnection } from '../../src/database/execute/knex-connection.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.js';

/**
 * The executor's connection (knex-connection.ts, withConnection): outside a transaction, a connection free in the
 * pool while no acquire waits is taken at once, without tarn's acquire, and given back through the pool's own
 * release; one knex has marked broken is left to tarn, whose validation drops it.
 */
type Resource = { resource: { __knex__disposed?: unknown } };
type TarnPool = {
  free: Resource[];
  used: Resource[];
  acquire(): { promise: Promise<unknown> };
  release(resource: unknown): boolean;
  on(event: 'acquireRequest', listener: () => void): void;
  removeListener(event: 'acquireRequest', listener: () => void): void;
  numPendingAcquires(): number;
};

let testDb: TestDatabase;
let knex: Knex;
let dialect: Dialect;
const pool = () => (knex.client as { pool: TarnPool }).pool;
const read = (db: Knex) => dialect.execute(db, db('free_things').select('name').orderBy('id').toSQL().toNative());
/** The driver connection withConnection gives, held across a turn of the event loop. */
const lease = (db: Knex) => withConnection(db, (connection: unknown) => new Promise((resolve) => setImmediate(() => resolve(connection))));

/** The acquires tarn is asked for while `work` runs. */
async function acquiresDuring(work: () => Promise<unknown>): Promise<number> {
  let acquires = 0;
  const listener = () => acquires++;
  pool().on('acquireRequest', listener);
  try {
    await work();
  } finally {
    pool().removeListener('acquireRequest', listener);
  }
  return acquires;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ knex, dialect } = await createDatabase({ ...testDb.db, poolMin: 0, poolMax: 1 }));
  await knex.schema.createTable('free_things', (table) => {
    table.increments('id');
    table.string('name', 50);
  });
  await knex('free_things').insert([{ name: 'a' }, { name: 'b' }]);
});

afterAll(async () => {
  await closeDatabase(knex);
  await testDb.drop();
});

describe('the executor on a free pooled connection', () => {
  it('takes a free connection without an acquire, and gives it back to the pool', async () => {
    // Handed out once by knex's own acquire (the next test shows why that matters).
    await lease(knex);
    expect(pool().free).toHaveLength(1);
    const connection = pool().free[0]!.resource;
    expect(await acquiresDuring(async () => expect(await lease(knex)).toBe(connection))).toBe(0);
    expect(pool().used).toHaveLength(0);
    expect(pool().free.map((r) => r.resource)).toEqual([connection]);
    expect(await read(knex)).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('waits its turn when no connection is free, and every connection ends free', async () => {
    await read(knex);
    const connection = pool().free[0]!.resource;
    // Three at once on a pool of one: the first takes the free connection, the others acquire it in turn.
    const acquires = await acquiresDuring(async () => {
      expect(await Promise.all([lease(knex), lease(knex), lease(knex)])).toEqual([connection, connection, connection]);
    });
    expect(acquires).toBe(2);
    expect(pool().used).toHaveLength(0);
    expect(pool().free).toHaveLength(1);
    expect(pool().numPendingAcquires()).toBe(0);
  });

  it("inside a transaction, gives the transaction's own connection, whatever the pool holds", async () => {
    await knex.transaction(async (trx) => {
      await trx('free_things').insert({ name: 'c' });
      const own = await lease(trx);
      expect(pool().used.map((r) => r.resource)).toEqual([own]);
      expect(await read(trx)).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
      await trx('free_things').where({ name: 'c' }).delete();
    });
    expect(pool().used).toHaveLength(0);
  });

  it("takes only a connection knex's own acquire has handed out before (knex's first-time work on it stays)", async () => {
    const other = await createDatabase({ ...testDb.db, poolMin: 0, poolMax: 1 });
    try {
      const otherPool = (other.knex.client as { pool: TarnPool }).pool;
      // A connection made and given back by the pool alone, never handed out by knex.
      otherPool.release(await otherPool.acquire().promise);
      let acquires = 0;
      otherPool.on('acquireRequest', () => acquires++);
      await lease(other.knex);
      expect(acquires).toBe(1);
      await lease(other.knex);
      expect(acquires).toBe(1);
    } finally {
      await closeDatabase(other.knex);
    }
  });

  it('leaves a connection knex marked broken to the pool, which drops it and reads on a new one', async () => {
    await read(knex);
    const broken = pool().free[0]!.resource;
    broken.__knex__disposed = new Error('marked broken by the test');
    const other = await lease(knex);
    expect(other).not.toBe(broken);
    expect(pool().free.map((r) => r.resource)).toEqual([other]);
    expect(await read(knex)).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it("leaves a connection its dialect's check refuses to the pool (a MariaDB connection killed while free)", async () => {
    // mysql2 marks a connection the server ended only on itself, never as knex's `__knex__disposed`; knex's
    // mysql2 client tells it by `validateConnection`, as tarn's validation asks. (The real kill, on every vendor:
    // tests/http/system/database-connections-killed.test.ts.)
    await read(knex);
    const refused = pool().free[0]!.resource;
    const client = knex.client as { validateConnection(connection: unknown): unknown };
    const own = Object.getOwnPropertyDescriptor(client, 'validateConnection');
    const validate = client.validateConnection.bind(client);
    client.validateConnection = (connection) => connection !== refused && validate(connection);
    try {
      const other = await lease(knex);
      expect(other).not.toBe(refused);
      expect(pool().free.map((r) => r.resource)).toEqual([other]);
      expect(await read(knex)).toEqual([{ name: 'a' }, { name: 'b' }]);
    } finally {
      if (own) Object.defineProperty(client, 'validateConnection', own);
      else delete (client as { validateConnection?: unknown }).validateConnection;
    }
  });
});
