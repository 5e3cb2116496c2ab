import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { knexConfig } from './knex-config.js';
import { readDirect } from './read-direct.js';

describe('readDirect', () => {
  it('reads on the pooled connection, formats bindings like knex, tells query listeners, and declines inside a transaction', async () => {
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
      expect(await readDirect(knex, 'select a, b from t where a = ? order by a', [true])).toEqual([{ a: 1, b: 'x' }]);
      expect(heard).toEqual(['select a, b from t where a = ? order by a']);
      await knex.transaction(async (trx) => {
        expect(readDirect(trx, 'select a from t', [])).toBeUndefined();
      });
      await expect(readDirect(knex, 'delete from t', [])!).rejects.toThrow(/reads only/);
      expect(await knex('t').count({ n: '*' })).toEqual([{ n: 2 }]);
    } finally {
      await knex.destroy();
    }
  });
});
