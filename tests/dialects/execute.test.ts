import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import type { Dialect } from '../../src/database/dialects/dialect.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.js';

/**
 * Dialect.execute, the one executor (decision 0049): every vendor runs a compiled statement the same way, in and
 * outside a transaction. On PostgreSQL, a text read twice becomes a named prepared statement of the connection
 * (DB_PREPARED_STATEMENTS), which must survive a column type change under it, and stay off when the setting is off.
 */
let testDb: TestDatabase;
let knex: Knex;
let dialect: Dialect;
let unnamed: Knex;

const native = (db: Knex, qb: Knex.QueryBuilder) => {
  return dialect.execute(db, qb.toSQL().toNative());
};
const prepared = async (db: Knex): Promise<string[]> =>
  testDb.vendor === 'postgres'
    ? ((await db.raw('select statement from pg_prepared_statements order by name')) as { rows: { statement: string }[] }).rows.map(
        (r) => r.statement,
      )
    : [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  // One connection each, so the statements a read prepares are the ones the next read finds.
  ({ knex, dialect } = await createDatabase({ ...testDb.db, poolMin: 0, poolMax: 1, preparedStatements: true }));
  ({ knex: unnamed } = await createDatabase({ ...testDb.db, poolMin: 0, poolMax: 1, preparedStatements: false }));
  await knex.schema.createTable('direct_things', (table) => {
    table.increments('id');
    table.string('name', 50);
    table.integer('size');
  });
  await knex('direct_things').insert([
    { name: 'a', size: 1 },
    { name: 'b', size: 2 },
  ]);
});

afterAll(async () => {
  await closeDatabase(unnamed);
  await closeDatabase(knex);
  await testDb.drop();
});

describe('Dialect.execute', () => {
  it('answers what knex answers and tells query listeners', async () => {
    const qb = () => knex('direct_things').select('id', 'name').where('size', '>', 0).orderBy('id');
    const heard: string[] = [];
    const listen = (q: { sql: string }) => heard.push(q.sql);
    knex.on('query', listen);
    expect(await native(knex, qb())).toEqual(await qb());
    knex.off('query', listen);
    expect(heard).toHaveLength(2);
  });

  it("reads inside a transaction on the transaction's connection, seeing its own writes", async () => {
    await knex
      .transaction(async (trx) => {
        await trx('direct_things').insert({ name: 'c', size: 3 });
        expect(await native(trx, trx('direct_things').select('size').where('name', '=', 'c'))).toEqual([{ size: 3 }]);
        expect(await native(trx, trx('direct_things').count({ n: '*' }))).toEqual([{ n: 3 }]);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(await native(knex, knex('direct_things').count({ n: '*' }))).toEqual([{ n: 2 }]);
  });

  it("a read outside a transaction that holds the one connection waits for it, and never sees the transaction's rows", async () => {
    const count = async () => Number((await native(knex, knex('direct_things').count({ n: '*' })))[0]!.n);
    let outside: Promise<number> | undefined;
    await knex
      .transaction(async (trx) => {
        await trx('direct_things').insert({ name: 'd', size: 4 });
        // Asked while the transaction holds the pool's only connection: answered after the rollback, never from inside.
        outside = count();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(await outside).toBe(2);
    // And with the connection free again, at once (a free connection is taken without a pool round on SQLite).
    expect(await count()).toBe(2);
    expect(await Promise.all([count(), count(), count()])).toEqual([2, 2, 2]);
  });

  it('answers [] for a statement that returns no rows, and a bad statement fails without breaking the connection', async () => {
    expect(await native(knex, knex('direct_things').where('size', '=', 99).update({ name: 'z' }))).toEqual([]);
    await expect(dialect.execute(knex, { sql: 'select nope from direct_things', bindings: [] })).rejects.toThrow(/nope/);
    expect(await native(knex, knex('direct_things').count({ n: '*' }))).toEqual([{ n: 2 }]);
  });

  it('gives bindings of every kind the values knex gives them (dates, booleans, numbers, text, null)', async () => {
    const qb = () =>
      knex('direct_things')
        .select('id', 'name', 'size')
        .where('size', '>=', 1)
        .andWhere((w) => w.whereNotNull('name').orWhere('name', '=', 'x'))
        .andWhereRaw('? = ?', [true, true])
        .andWhereRaw('? = ?', [new Date('2026-01-02T03:04:05.000Z'), new Date('2026-01-02T03:04:05.000Z')])
        .orderBy('id')
        .limit(5);
    expect(await native(knex, qb())).toEqual(await qb());
  });

  it('executeTable answers the same rows as arrays beside their column names, the statement cached for object reads too', async () => {
    const qb = () => knex('direct_things').select('id', 'name as label', 'size').where('size', '>', 0).orderBy('id');
    const heard: string[] = [];
    const listen = (q: { sql: string }) => heard.push(q.sql);
    knex.on('query', listen);
    const objects = await native(knex, qb());
    // Twice: on PostgreSQL the second read is a named statement, and on SQLite the cached statement left raw mode.
    for (let i = 0; i < 2; i++) {
      const table = await dialect.executeTable(knex, qb().toSQL().toNative());
      expect(table.columns).toEqual(['id', 'label', 'size']);
      expect(table.rows).toEqual(objects.map((row) => [row['id'], row['label'], row['size']]));
      expect(await native(knex, qb())).toEqual(objects);
    }
    knex.off('query', listen);
    expect(heard).toHaveLength(5);
    // Inside a transaction: its own connection, its own writes; a statement without rows answers an empty table.
    await knex
      .transaction(async (trx) => {
        await trx('direct_things').insert({ name: 'c', size: 3 });
        expect((await dialect.executeTable(trx, trx('direct_things').count({ n: '*' }).toSQL().toNative())).rows).toEqual([[3]]);
        expect(
          await dialect.executeTable(trx, trx('direct_things').where('size', '=', 99).update({ name: 'z' }).toSQL().toNative()),
        ).toEqual({
          columns: [],
          rows: [],
        });
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    await expect(dialect.executeTable(knex, { sql: 'select nope from direct_things', bindings: [] })).rejects.toThrow(/nope/);
    expect((await dialect.executeTable(knex, { sql: 'select 1 as one', bindings: [] })).rows).toEqual([[1]]);
  });

  it('on PostgreSQL, prepares a text read a second time as a named statement, and reuses it', async () => {
    if (testDb.vendor !== 'postgres') return expect(dialect.vendor).not.toBe('postgres');
    // Statements the tests above named are left out.
    const earlier = new Set(await prepared(knex));
    const named = async () => (await prepared(knex)).filter((s) => s.includes('direct_things') && !earlier.has(s));
    const qb = () => knex('direct_things').select('name').where('size', '=', 2);
    expect(await native(knex, qb())).toEqual([{ name: 'b' }]);
    expect(await named()).toEqual([]);
    expect(await native(knex, qb())).toEqual([{ name: 'b' }]);
    expect(await native(knex, knex('direct_things').select('name').where('size', '=', 1))).toEqual([{ name: 'a' }]);
    expect(await named()).toEqual([qb().toSQL().toNative().sql]);
    // A key list of more than 16 values (a batch read back) is planned for its values every time: never named.
    const keys = () =>
      knex('direct_things')
        .select('name')
        .whereIn(
          'id',
          Array.from({ length: 17 }, (_, i) => i + 1),
        );
    for (let i = 0; i < 3; i++) expect(await native(knex, keys())).toHaveLength(2);
    expect(await named()).toHaveLength(1);
  });

  it('on PostgreSQL, reads on after a column type changed under a prepared statement', async () => {
    if (testDb.vendor !== 'postgres') return expect(dialect.vendor).not.toBe('postgres');
    const qb = () => knex('direct_things').select('size').orderBy('id');
    await native(knex, qb());
    expect(await native(knex, qb())).toEqual([{ size: 1 }, { size: 2 }]);
    await knex.raw('alter table direct_things alter column size type text');
    expect(await native(knex, qb())).toEqual([{ size: '1' }, { size: '2' }]);
    expect(await native(knex, qb())).toEqual([{ size: '1' }, { size: '2' }]);
  });

  it('on PostgreSQL, a failed read leaves the connection working, and DB_PREPARED_STATEMENTS=false prepares nothing', async () => {
    if (testDb.vendor !== 'postgres') return expect(dialect.vendor).not.toBe('postgres');
    const bad = 'select nope from direct_things';
    await expect(dialect.execute(knex, { sql: bad, bindings: [] })).rejects.toThrow(/nope/);
    await expect(dialect.execute(knex, { sql: bad, bindings: [] })).rejects.toThrow(/nope/);
    expect(await native(knex, knex('direct_things').count({ n: '*' }))).toEqual([{ n: 2 }]);
    const qb = () => unnamed('direct_things').select('id').where('name', '=', 'a');
    for (let i = 0; i < 3; i++) expect(await native(unnamed, qb())).toHaveLength(1);
    expect(await prepared(unnamed)).toEqual([]);
  });
});
