import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../../../tests/support/capture-error.js';
import { createEngineFixture, type EngineFixture } from '../../../../tests/support/engine-fixture.js';
import type { DeepQuery, Query } from '../query.types.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

/** `{article id: [comment ids]}` for articles 1, 2, 3 and 5. */
const commentIds = async (deep: DeepQuery, fields = ['id', 'comments.id']) => {
  const { data } = await fx.read('articles', { fields, deep: { comments: deep }, filter: { id: { _in: [1, 2, 3, 5] } }, limit: -1 });
  return Object.fromEntries(
    data.map((row) => [row.id, (row.comments as (number | { id: number })[]).map((c) => (typeof c === 'number' ? c : c.id))]),
  );
};

describe('runAst deep', () => {
  const cases: { name: string; deep: DeepQuery; expected: Record<number, number[]>; fields?: string[] }[] = [
    { name: 'no deep (all children, key order)', deep: {}, expected: { 1: [1, 2, 3], 2: [4], 3: [], 5: [5, 6] } },
    { name: '_limit per parent', deep: { limit: 1 }, expected: { 1: [1], 2: [4], 3: [], 5: [5] } },
    { name: '_limit 2 with _sort', deep: { limit: 2, sort: ['-id'] }, expected: { 1: [3, 2], 2: [4], 3: [], 5: [6, 5] } },
    {
      name: '_sort by a value',
      deep: { sort: ['-score', 'id'], filter: { score: { _nnull: true } } },
      expected: { 1: [1, 3, 2], 2: [4], 3: [], 5: [5] },
    },
    { name: '_offset per parent', deep: { offset: 1 }, expected: { 1: [2, 3], 2: [], 3: [], 5: [6] } },
    { name: '_offset with _limit', deep: { offset: 1, limit: 1 }, expected: { 1: [2], 2: [], 3: [], 5: [6] } },
    { name: '_page with _limit', deep: { page: 2, limit: 2 }, expected: { 1: [3], 2: [], 3: [], 5: [] } },
    { name: '_limit 0', deep: { limit: 0 }, expected: { 1: [], 2: [], 3: [], 5: [] } },
    { name: '_limit -1', deep: { limit: -1 }, expected: { 1: [1, 2, 3], 2: [4], 3: [], 5: [5, 6] } },
    { name: '_filter', deep: { filter: { score: { _gte: 4 } } }, expected: { 1: [1, 3], 2: [4], 3: [], 5: [] } },
    {
      name: '_filter with _limit',
      deep: { filter: { score: { _gte: 4 } }, limit: 1, sort: ['-id'] },
      expected: { 1: [3], 2: [4], 3: [], 5: [] },
    },
    { name: '_search', deep: { search: 'BA' }, expected: { 1: [], 2: [4], 3: [], 5: [5] } },
    {
      name: '_limit on a plain o2m field (keys)',
      deep: { limit: 1, sort: ['-id'] },
      fields: ['id', 'comments'],
      expected: { 1: [3], 2: [4], 3: [], 5: [6] },
    },
  ];
  it.each(cases)('applies $name', async ({ deep, expected, fields }) => {
    expect(await commentIds(deep, fields)).toEqual(expected);
  });

  it('applies nested deep queries level by level', async () => {
    const query: Query = {
      fields: ['id', 'articles.id', 'articles.comments.id'],
      deep: { articles: { sort: ['-id'], deep: { comments: { limit: 1, sort: ['-score'] } } } },
      filter: { id: { _eq: 1 } },
    };
    expect((await fx.read('authors', query)).data).toEqual([
      {
        id: 1,
        articles: [
          { id: 3, comments: [] },
          { id: 1, comments: [{ id: 1 }] },
        ],
      },
    ]);
  });

  it('sorts children by a relational path inside the per-parent window', async () => {
    const { data } = await fx.read('authors', {
      fields: ['id', 'articles.id'],
      filter: { id: { _in: [1, 3] } },
      deep: { articles: { sort: ['-author.email', '-id'], limit: 1 } },
    });
    expect(data).toEqual([
      { id: 1, articles: [{ id: 3 }] },
      { id: 3, articles: [{ id: 5 }] },
    ]);
  });

  it('limits the children of many parents each on its own (more parents than the limit)', async () => {
    const { data } = await fx.read('authors', {
      fields: ['id', 'articles.id'],
      deep: { articles: { limit: 1, sort: ['-views'] } },
      limit: -1,
    });
    expect(data).toEqual([
      { id: 1, articles: [{ id: 1 }] },
      { id: 2, articles: [{ id: 2 }] },
      { id: 3, articles: [{ id: 5 }] },
      { id: 4, articles: [] },
    ]);
  });

  it('applies a deep _filter and _search to an m2o (null where the related item does not match)', async () => {
    const query: Query = {
      fields: ['id', 'author.name'],
      filter: { id: { _in: [1, 2, 5] } },
      deep: { author: { filter: { name: { _starts_with: 'G' } } } },
    };
    expect((await fx.read('articles', query)).data).toEqual([
      { id: 1, author: null },
      { id: 2, author: null },
      { id: 5, author: { name: 'Grace Hopper' } },
    ]);
    const search: Query = { fields: ['id', 'author.name'], filter: { id: { _in: [1, 2] } }, deep: { author: { search: 'emile' } } };
    expect((await fx.read('articles', search)).data).toEqual([
      { id: 1, author: null },
      { id: 2, author: { name: 'Émile Zola' } },
    ]);
  });

  it('rejects a deep filter on an unknown field with 403 naming the path', async () => {
    expect(await errorOf(commentIds({ filter: { nope: { _eq: 1 } } }))).toBe(
      'FORBIDDEN 403: You don\'t have permission to access field "nope" in collection "comments" or it does not exist. Queried in "comments".',
    );
  });
});

describe('runAst row keys', () => {
  /** The statements a read runs (their SQL text). */
  const statementsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
    const heard: string[] = [];
    const listener = (q: { sql: string }) => heard.push(q.sql);
    fx.knex.on('query', listener);
    try {
      await run();
    } finally {
      fx.knex.off('query', listener);
    }
    return heard;
  };

  it('groups children under a primary key shown under another name', async () => {
    const { data } = await fx.read('articles', {
      fields: ['key', 'comments.id'],
      alias: { key: 'id' },
      filter: { id: { _in: [1, 2, 3] } },
    });
    expect(data).toEqual([
      { key: 1, comments: [{ id: 1 }, { id: 2 }, { id: 3 }] },
      { key: 2, comments: [{ id: 4 }] },
      { key: 3, comments: [] },
    ]);
  });

  it('groups children under the hidden key where a field rule hides the primary key on some rows', async () => {
    const rules = [
      { collection: 'articles', fields: ['id'], permissions: { id: { _eq: 1 } } },
      { collection: 'articles', fields: ['comments'] },
      { collection: 'comments', fields: ['id'] },
    ];
    // A filter on `id` would leave out the rows where it is hidden: the first two, in key order.
    const { data } = await fx.read('articles', { fields: ['id', 'comments.id'], limit: 2 }, { rules });
    expect(data).toEqual([
      { id: 1, comments: [{ id: 1 }, { id: 2 }, { id: 3 }] },
      { id: null, comments: [{ id: 4 }] },
    ]);
  });

  it('selects a level’s key once, and not at all on a list level no one matches by key', async () => {
    const sql = await statementsOf(() =>
      fx.read('articles', { fields: ['id', 'comments.text', 'author.name'], filter: { id: { _eq: 1 } } }),
    );
    expect(sql).toHaveLength(3);
    const [root, ...relations] = sql;
    expect(root).not.toContain('__pk');
    expect(relations.filter((s) => s.includes('__pk'))).toHaveLength(1); // the author's, read by key
  });
});
