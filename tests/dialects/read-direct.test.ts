import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import type { Dialect } from '../../src/database/dialects/dialect.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.js';

/**
 * Dialect.readDirect, the hot read path without knex's runner: offered by SQLite and PostgreSQL. On PostgreSQL,
 * a text read twice becomes a named prepared statement of the connection (DB_PREPARED_STATEMENTS), which must
 * survive a column type change under it, and stay off when the setting is off.
 */
let testDb: TestDatabase;
let knex: Knex;
let dialect: Dialect;
let unnamed: Knex;

const native = (db: Knex, qb: Knex.QueryBuilder) => {
  const { sql, bindings } = qb.toSQL().toNative();
  return dialect.readDirect!(db, sql, bindings)!;
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

describe('readDirect', () => {
  it('is offered by SQLite and PostgreSQL', () => {
    expect(Boolean(dialect.readDirect)).toBe(testDb.vendor !== 'mysql');
  });

  it('answers what knex answers, tells query listeners, and declines inside a transaction', async () => {
    if (!dialect.readDirect) return expect(testDb.vendor).toBe('mysql');
    const qb = () => knex('direct_things').select('id', 'name').where('size', '>', 0).orderBy('id');
    const heard: string[] = [];
    const listen = (q: { sql: string }) => heard.push(q.sql);
    knex.on('query', listen);
    expect(await native(knex, qb())).toEqual(await qb());
    knex.off('query', listen);
    expect(heard).toHaveLength(2);
    await knex.transaction(async (trx) => {
      expect(dialect.readDirect!(trx, 'select 1', [])).toBeUndefined();
    });
  });

  it('on PostgreSQL, prepares a text read a second time as a named statement, and reuses it', async () => {
    if (testDb.vendor !== 'postgres') return expect(dialect.vendor).not.toBe('postgres');
    const qb = () => knex('direct_things').select('name').where('size', '=', 2);
    expect(await native(knex, qb())).toEqual([{ name: 'b' }]);
    expect((await prepared(knex)).filter((s) => s.includes('direct_things'))).toEqual([]);
    expect(await native(knex, qb())).toEqual([{ name: 'b' }]);
    expect(await native(knex, knex('direct_things').select('name').where('size', '=', 1))).toEqual([{ name: 'a' }]);
    expect((await prepared(knex)).filter((s) => s.includes('direct_things'))).toEqual([qb().toSQL().toNative().sql]);
    // A key list of more than 16 values (a batch read back) is planned for its values every time: never named.
    const keys = () =>
      knex('direct_things')
        .select('name')
        .whereIn(
          'id',
          Array.from({ length: 17 }, (_, i) => i + 1),
        );
    for (let i = 0; i < 3; i++) expect(await native(knex, keys())).toHaveLength(2);
    expect((await prepared(knex)).filter((s) => s.includes('direct_things'))).toHaveLength(1);
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
    await expect(dialect.readDirect!(knex, bad, [])!).rejects.toThrow(/nope/);
    await expect(dialect.readDirect!(knex, bad, [])!).rejects.toThrow(/nope/);
    expect(await native(knex, knex('direct_things').count({ n: '*' }))).toEqual([{ n: 2 }]);
    const qb = () => unnamed('direct_things').select('id').where('name', '=', 'a');
    for (let i = 0; i < 3; i++) expect(await native(unnamed, qb())).toHaveLength(1);
    expect(await prepared(unnamed)).toEqual([]);
  });
});
