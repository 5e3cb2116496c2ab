import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineFixture, idsOf, type EngineFixture } from '../../../tests/support/engine-fixture.js';
import { withTransaction } from '../context.js';
import type { Query } from './query.types.js';
import { readByQuery } from './read-by-query.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

describe('readByQuery limit, offset and page', () => {
  const cases: { name: string; query: Query; ids: number[] }[] = [
    { name: 'limit', query: { limit: 2 }, ids: [1, 2] },
    { name: 'limit -1 (all rows)', query: { limit: -1 }, ids: [1, 2, 3, 4, 5, 6] },
    { name: 'limit 0 (no rows)', query: { limit: 0 }, ids: [] },
    { name: 'offset with limit', query: { limit: 2, offset: 2 }, ids: [3, 4] },
    { name: 'offset without limit', query: { limit: -1, offset: 4 }, ids: [5, 6] },
    { name: 'offset past the end', query: { limit: 10, offset: 10 }, ids: [] },
    { name: 'page 1', query: { limit: 2, page: 1 }, ids: [1, 2] },
    { name: 'page 3', query: { limit: 2, page: 3 }, ids: [5, 6] },
    { name: 'page overrides offset', query: { limit: 2, page: 2, offset: 5 }, ids: [3, 4] },
    { name: 'page 0 is ignored', query: { limit: 2, page: 0, offset: 1 }, ids: [2, 3] },
    { name: 'page without a positive limit is ignored', query: { limit: -1, page: 2 }, ids: [1, 2, 3, 4, 5, 6] },
    { name: 'limit after sort and filter', query: { limit: 2, sort: ['-views'], filter: { views: { _nnull: true } } }, ids: [5, 1] },
  ];
  it.each(cases)('applies $name', async ({ query, ids }) => {
    expect(idsOf(await fx.read('articles', { fields: ['id'], ...query }))).toEqual(ids);
  });
});

describe('readByQuery meta', () => {
  it('leaves meta out unless asked', async () => {
    expect(await fx.read('articles', { fields: ['id'], limit: 1 })).toEqual({ data: [{ id: 1 }] });
  });

  const cases: { name: string; query: Query; meta: Record<string, number> }[] = [
    { name: 'total_count', query: { meta: ['total_count'] }, meta: { total_count: 6 } },
    {
      name: 'filter_count with a filter (limit ignored)',
      query: { meta: ['filter_count'], filter: { published: { _eq: true } }, limit: 1 },
      meta: { filter_count: 3 },
    },
    {
      name: 'both, total ignoring the filter',
      query: { meta: ['total_count', 'filter_count'], filter: { views: { _gt: 50 } } },
      meta: { total_count: 6, filter_count: 2 },
    },
    { name: 'filter_count with search', query: { meta: ['filter_count'], search: 'hello' }, meta: { filter_count: 2 } },
    { name: 'filter_count with offset', query: { meta: ['filter_count'], offset: 5, limit: 10 }, meta: { filter_count: 6 } },
    {
      name: 'counts with a relational filter',
      query: { meta: ['filter_count'], filter: { comments: { score: { _gte: 4 } } } },
      meta: { filter_count: 2 },
    },
  ];
  it.each(cases)('counts $name', async ({ query, meta }) => {
    expect((await fx.read('articles', { fields: ['id'], ...query })).meta).toEqual(meta);
  });

  it('applies the scope option to rows and counts', async () => {
    const result = await fx.read(
      'articles',
      { fields: ['id'], meta: ['total_count', 'filter_count'], filter: { views: { _gt: 0 } } },
      { scope: { id: { _in: [1, 2, 3] } } },
    );
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], meta: { total_count: 3, filter_count: 2 } });
  });
});

describe('readByQuery inside a transaction (one read path, decision 0049)', () => {
  it("reads through the same plan and executor, sees the transaction's own writes, and never reuses a result there", async () => {
    const ctx = await fx.ctx();
    const query: Query = { fields: ['id', 'title', 'comments.id'], filter: { title: { _eq: 'in-transaction' } }, meta: ['filter_count'] };
    expect((await readByQuery(ctx, 'articles', query, { reuse: true })).data).toEqual([]);
    await expect(
      withTransaction(ctx, async (trx) => {
        const id = 1000;
        await trx.db('articles').insert({ id, title: 'in-transaction', author: 1 });
        const statements: string[] = [];
        const listen = (q: { sql: string }) => statements.push(q.sql);
        fx.knex.on('query', listen);
        try {
          for (let i = 0; i < 2; i++) {
            const read = await readByQuery(trx, 'articles', query, { reuse: true });
            expect(read).toEqual({ data: [{ id, title: 'in-transaction', comments: [] }], meta: { filter_count: 1 } });
            // Not kept: a result read inside a transaction holds what is not committed.
            expect(Object.isFrozen(read)).toBe(false);
          }
        } finally {
          fx.knex.off('query', listen);
        }
        // Every statement ran both times (no reuse), each heard by knex's listeners.
        expect(statements.length).toBeGreaterThanOrEqual(2);
        expect(statements.length % 2).toBe(0);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Rolled back: outside, nothing of it (and the read before it was not kept as the answer either way).
    expect((await readByQuery(ctx, 'articles', query, { reuse: true })).data).toEqual([]);
  });
});
