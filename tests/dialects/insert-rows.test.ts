import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import type { Dialect } from '../../src/database/dialects/dialect.js';
import { insertRowsReturning } from '../../src/database/insert-rows-returning.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.js';

/** Multi-row inserts that must hand every row its own key (insertRowsReturning, Dialect.insertWithChildren). */

let testDb: TestDatabase;
let knex: Knex;
let dialect: Dialect;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ knex, dialect } = await createDatabase(testDb.db));
  await knex.schema.createTable('parents', (table) => {
    table.increments('id');
    table.string('name', 50).notNullable();
    table.integer('size');
  });
  await knex.schema.createTable('children', (table) => {
    table.increments('id');
    table.integer('parent').unsigned().notNullable().references('id').inTable('parents');
    table.string('label', 50);
    table.json('doc');
  });
});

afterAll(async () => {
  await closeDatabase(knex);
  await testDb.drop();
});

const nameOf = async (id: unknown) => ((await knex('parents').where({ id }).first()) as { name: string }).name;

describe('insertRowsReturning', () => {
  it('returns each row its own key, in order, across runs of different columns and given keys', async () => {
    const rows = [
      { name: 'a' },
      { name: 'b' },
      { name: 'c', size: 3 },
      { id: 900, name: 'd' },
      { name: 'e', size: 5 },
      { name: 'f', size: 6 },
      { name: 'g' },
    ];
    const sync = dialect.syncAutoIncrement;
    const returned = await insertRowsReturning(knex, dialect, 'parents', rows, {
      key: 'id',
      afterGivenKeys: sync ? () => sync(knex, 'parents', 'id') : undefined,
    });
    expect(returned).toHaveLength(rows.length);
    for (const [i, row] of rows.entries()) expect(await nameOf(returned[i]!.id)).toBe(row.name);
    expect(Number(returned[3]!.id)).toBe(900);
    // Automatic keys after the given one are past it, and grow in the order of the rows.
    expect(Number(returned[4]!.id)).toBeGreaterThan(900);
    expect(Number(returned[5]!.id)).toBeGreaterThan(Number(returned[4]!.id));
    expect(Number(returned[1]!.id)).toBeGreaterThan(Number(returned[0]!.id));
  });

  it('returns the asked columns where the database returns inserted rows, the key alone elsewhere', async () => {
    const returned = await insertRowsReturning(
      knex,
      dialect,
      'parents',
      [
        { name: 'x', size: 1 },
        { name: 'y', size: 2 },
      ],
      { key: 'id', columns: ['name', 'size'] },
    );
    if (dialect.supportsReturning)
      expect(returned.map((r) => [r.name, Number(r.size)])).toEqual([
        ['x', 1],
        ['y', 2],
      ]);
    else expect(returned.map((r) => Object.keys(r))).toEqual([['id'], ['id']]);
    expect(await nameOf(returned[1]!.id)).toBe('y');
  });

  it('inserts one statement per run of rows where the database returns inserted rows', async () => {
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    knex.on('query', listen);
    try {
      await insertRowsReturning(
        knex,
        dialect,
        'parents',
        Array.from({ length: 30 }, (_, i) => ({ name: `n${i}` })),
        { key: 'id' },
      );
    } finally {
      knex.off('query', listen);
    }
    expect(statements).toHaveLength(dialect.supportsReturning ? 1 : 30);
  });

  it('splits a long run into statements of at most 500 rows (SQLite refuses longer compound SELECTs), keys in order', async () => {
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    const rows = Array.from({ length: 1_201 }, (_, i) => ({ name: `long${i}` }));
    knex.on('query', listen);
    let returned: Record<string, unknown>[];
    try {
      returned = await insertRowsReturning(knex, dialect, 'parents', rows, { key: 'id' });
    } finally {
      knex.off('query', listen);
    }
    expect(statements).toHaveLength(dialect.supportsReturning ? 3 : 1_201);
    expect(returned.map((r) => Number(r.id))).toEqual([...returned.map((r) => Number(r.id))].sort((a, b) => a - b));
    expect(await nameOf(returned[1_200]!.id)).toBe('long1200');
    expect(await nameOf(returned[500]!.id)).toBe('long500');
  });

  it('writes nothing of a statement that fails', async () => {
    const before = await knex('parents').count({ n: '*' }).first();
    await expect(insertRowsReturning(knex, dialect, 'parents', [{ name: 'ok' }, { name: null }], { key: 'id' })).rejects.toThrow();
    const after = await knex('parents').count({ n: '*' }).first();
    if (dialect.supportsReturning) expect(Number(after?.n)).toBe(Number(before?.n));
  });
});

describe('insertWithChildren', () => {
  it('is offered by PostgreSQL, whose data-modifying CTEs make it one statement', () => {
    expect(Boolean(dialect.insertWithChildren)).toBe(testDb.vendor === 'postgres');
  });

  it('gives each parent its key and each child row its own parent, with JSON cast in SQL', async () => {
    if (!dialect.insertWithChildren) return expect(testDb.vendor).not.toBe('postgres');
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    knex.on('query', listen);
    const result = await dialect
      .insertWithChildren(
        knex,
        { table: 'parents', rows: [{ name: 'p1' }, { name: 'p2' }, { name: 'p3' }] },
        {
          table: 'children',
          parentColumn: 'parent',
          columns: ['label', 'doc'],
          casts: { doc: 'json' },
          rows: [{ label: 'of p1', doc: JSON.stringify({ n: 1 }) }, null, { label: 'of p3', doc: null }],
        },
      )
      .finally(() => knex.off('query', listen));
    expect(statements).toHaveLength(1);
    expect(result.parentIds).toHaveLength(3);
    expect(await Promise.all(result.parentIds.map(nameOf))).toEqual(['p1', 'p2', 'p3']);
    expect(result.childIds[1]).toBeNull();
    const first = (await knex('children').where({ id: result.childIds[0] }).first()) as { parent: number; label: string; doc: unknown };
    const third = (await knex('children').where({ id: result.childIds[2] }).first()) as { parent: number; label: string; doc: unknown };
    expect([first.parent, first.label]).toEqual([result.parentIds[0], 'of p1']);
    expect(typeof first.doc === 'string' ? JSON.parse(first.doc) : first.doc).toEqual({ n: 1 });
    expect([third.parent, third.label, third.doc]).toEqual([result.parentIds[2], 'of p3', null]);
  });
});
