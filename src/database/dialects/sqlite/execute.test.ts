import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { knexConfig } from './knex-config.js';
import { execute } from './execute.js';

describe('the SQLite executor', () => {
  it('reads on the connection, formats bindings like knex, tells query listeners, and reads inside a transaction', async () => {
    const knex = knexFactory(knexConfig({ filename: ':memory:' } as never));
    try {
      await knex.schema.createTable('t', (table) => {
        table.integer('a');
        table.text('b');
      });
      await knex('t').insert([
        { a: 1, b: 'x' },
        { a: 0, b: 'y' },
      ]);
      const heard: string[] = [];
      knex.on('query', (q: { sql: string }) => heard.push(q.sql));
      expect(await execute(knex, { sql: 'select a, b from t where a = ? order by a', bindings: [true] })).toEqual([{ a: 1, b: 'x' }]);
      expect(heard).toEqual(['select a, b from t where a = ? order by a']);
      await knex
        .transaction(async (trx) => {
          await trx('t').insert({ a: 2, b: 'z' });
          // The transaction's own write, seen by a read on its connection.
          expect(await execute(trx, { sql: 'select b from t where a = ?', bindings: [2] })).toEqual([{ b: 'z' }]);
          await trx.rollback();
        })
        .catch(() => undefined);
      expect(await execute(knex, { sql: 'select count(*) as n from t', bindings: [] })).toEqual([{ n: 2 }]);
      expect(await execute(knex, { sql: 'delete from t where a = ?', bindings: [0] })).toEqual([]);
      expect(await knex('t').count({ n: '*' })).toEqual([{ n: 1 }]);
    } finally {
      await knex.destroy();
    }
  });
});
