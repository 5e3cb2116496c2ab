import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineFixture, type EngineFixture } from '../../../../tests/support/engine-fixture.js';
import { createCacheRegistry } from '../../../kernel/caches/index.js';
import type { Context } from '../../context.js';
import { buildAst } from '../ast/build-ast.js';
import { createCompileEnv } from '../create-compile-env.js';
import type { Filter, Query, QueryResult } from '../query.types.js';
import { readByQuery } from '../read-by-query.js';
import { splitSql } from './split-sql.js';
import { readCaches } from './read-caches.js';
import { runAst } from './run-ast.js';
import { findReadPlans, readPlanKey, readValuesKey } from './read-plans.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

/** A context whose read plans and kept results are its own (a fresh app's): a read compiled from nothing. */
const fresh = async (ctx: Context): Promise<Context> => ({ ...ctx, caches: createCacheRegistry() });
const plansOf = (ctx: Context) => ctx.caches.list().find((c) => c.name === 'query.read-plans')?.size ?? 0;

/**
 * The read compiled the plain way, without plans or recorded values (runAst: the AST's root statement with the
 * values written in by knex), with its `meta` counts as lists without a window: what a plan must answer.
 */
async function plainRead(ctx: Context, collection: string, query: Query): Promise<QueryResult> {
  const astEnv = { schema: ctx.schema, permissions: ctx.permissions, maxRelationalDepth: ctx.config.query.maxRelationalDepth };
  const rows = (q: Query) => runAst(createCompileEnv(ctx), buildAst(astEnv, collection, q));
  const result: QueryResult = { data: await rows(query) };
  if (query.meta) {
    const all = { fields: ['id'], limit: -1 };
    result.meta = {
      total_count: (await rows(all)).length,
      filter_count: (await rows({ ...all, filter: query.filter, search: query.search })).length,
    };
  }
  return result;
}

/**
 * Reads `queries` one after the other through one app's plans (each read's values filled into a plan kept for an
 * earlier one where they compile to the same text), and each again from nothing and the plain way: the answers
 * must be the same.
 */
async function sameAsFresh(collection: string, queries: Query[], ctx?: Context): Promise<Context> {
  const shared = ctx ?? (await fresh(await fx.ctx()));
  for (const query of queries) {
    const through = await readByQuery(shared, collection, query, { reuse: true });
    expect(through, JSON.stringify(query)).toEqual(await readByQuery(await fresh(shared), collection, query));
    expect(through, JSON.stringify(query)).toEqual(await plainRead(shared, collection, query));
  }
  return shared;
}

const each = (make: (value: unknown) => Filter, values: unknown[], more: Query = {}): Query[] =>
  values.map((value) => ({ fields: ['id', 'title'], sort: ['id'], ...more, filter: make(value) }));

describe('read plans across values (decision 0056)', () => {
  it('serves every value of one shape from one plan, with the values of each read', async () => {
    const ctx = await sameAsFresh(
      'articles',
      each((n) => ({ views: { _lte: n } }), [0, 7, 50, 100, 1000, 7, 0]),
    );
    expect(plansOf(ctx)).toBe(1);
    expect(variantsOf(ctx, { fields: ['id', 'title'], sort: ['id'], filter: { views: { _lte: 0 } } })).toHaveLength(1);
  });

  const cases: { name: string; collection?: string; queries: Query[] }[] = [
    { name: '_eq with null (IS NULL) and values', queries: each((v) => ({ price: { _eq: v } }), [null, 0, 9.99, null, '19.5', 'null']) },
    { name: '_neq with null and values', queries: each((v) => ({ status: { _neq: v } }), ['draft', null, 'published', null]) },
    { name: '_in lists of other lengths', queries: each((v) => ({ id: { _in: v } }), [[1], [1, 2], [2, 3, 4], [5], '1,3', [1, 2]]) },
    { name: '_nin lists of other lengths', queries: each((v) => ({ id: { _nin: v } }), [[1], [1, 2, 3], [4]]) },
    { name: '_null and _nnull true and false', queries: each((v) => ({ price: { _null: v } }), [true, false, true, false]) },
    { name: '_empty and _nempty on text', queries: each((v) => ({ body: { _empty: v } }), [true, false, true]) },
    { name: '_nempty on text', queries: each((v) => ({ title: { _nempty: v } }), [true, false]) },
    { name: 'booleans in their text forms', queries: each((v) => ({ published: { _eq: v } }), [true, 'false', false, 'true', 1, '0']) },
    { name: 'numbers and numeric text', queries: each((v) => ({ views: { _gt: v } }), [5, '50', 99.0, '0']) },
    { name: '_between', queries: each((v) => ({ views: { _between: v } }), [[0, 10], [50, 100], '7,1000']) },
    {
      name: 'timestamps in several forms (coerced by the field type)',
      queries: each(
        (v) => ({ published_at: { _gte: v } }),
        ['2024-01-01', '2024-03-15T12:00:00Z', 1706774400000, '2023-12-31T23:59:59+00:00'],
      ),
    },
    {
      name: 'dates (another collection)',
      collection: 'authors',
      queries: each((v) => ({ born: { _lt: v } }), ['1990-01-01', '2000-06-30', '1950-01-01']).map((q) => ({ ...q, fields: ['id'] })),
    },
    {
      name: '_contains, _starts_with, _ends_with (values wrapped in %, wildcards escaped)',
      queries: [
        ...each((v) => ({ title: { _contains: v } }), ['ello', '%', '_', 'o', '100%_']),
        ...each((v) => ({ title: { _starts_with: v } }), ['Hello', 'h', '100%']),
        ...each((v) => ({ title: { _icontains: v } }), ['HELLO', 'café', 'x']),
      ],
    },
    {
      name: 'a function of a field',
      queries: each((v) => ({ 'year(published_at)': { _eq: v } }), [2024, 2023, '2024', null]),
    },
    {
      name: 'relational filters',
      queries: [
        ...each((v) => ({ author: { name: { _eq: v } } }), ['Ada', 'Grace', null, 'nobody']),
        ...each((v) => ({ comments: { _some: { score: { _gte: v } } } }), [1, 4, 5, 100]),
      ],
    },
    {
      name: '_and / _or with values of every kind',
      queries: each(
        (v) => ({ _or: [{ views: { _lte: Array.isArray(v) ? 0 : v } }, { status: { _in: Array.isArray(v) ? v : ['draft'] } }] }),
        [5, 100, ['archived', 'draft'], 7, ['published']],
      ),
    },
    {
      name: 'search: text, a number, a uuid',
      queries: ['hello', '100', 'café', '7', '00000000-0000-4000-8000-000000000000', ''].map((search) => ({
        fields: ['id'],
        sort: ['id'],
        search,
      })),
    },
    {
      name: 'limit (-1: none), offset and page',
      queries: [
        { limit: 2 },
        { limit: -1 },
        { limit: 0 },
        { limit: 3, offset: 2 },
        { limit: -1, offset: 4 },
        { limit: 2, page: 3 },
        { limit: 2, page: 2, offset: 5 },
        { limit: 1, page: 0, offset: 1 },
        { limit: -1, page: 2 },
        { limit: 5 },
      ].map((q) => ({ fields: ['id'], sort: ['id'], ...q })),
    },
    {
      name: 'meta counts with the values of each read, an empty page included',
      queries: each((n) => ({ views: { _lte: n } }), [50, -1, 1000, -5, 7], { meta: ['total_count', 'filter_count'], limit: 2 }),
    },
  ];
  it.each(cases)('answers as a fresh read: $name', async ({ collection, queries }) => {
    await sameAsFresh(collection ?? 'articles', queries);
  });

  it('answers $NOW with the time of each read', async () => {
    const at = async (now: string) => fresh(await fx.ctx({ now: new Date(now) }));
    const ctx = await at('2024-02-15T00:00:00Z');
    const query: Query = { fields: ['id'], sort: ['id'], filter: { published_at: { _lte: '$NOW' } } };
    const ids = async (now: string) => {
      const shared = { ...(await fx.ctx({ now: new Date(now) })), caches: ctx.caches };
      const result = await readByQuery(shared, 'articles', query, { reuse: true });
      expect(result).toEqual(await readByQuery(await at(now), 'articles', query));
      return result.data.map((r) => r.id);
    };
    expect(await ids('2024-02-15T00:00:00Z')).toEqual([1, 4]);
    expect(await ids('2023-06-01T00:00:00Z')).toEqual([]);
    expect(await ids('2024-04-01T00:00:00Z')).toEqual([1, 2, 4]);
    expect(plansOf(ctx)).toBe(1);
  });

  it('refuses an invalid value of a kept shape as a fresh read does', async () => {
    const ctx = await sameAsFresh(
      'articles',
      each((n) => ({ views: { _lte: n } }), [5]),
    );
    await expect(
      readByQuery(ctx, 'articles', { fields: ['id', 'title'], sort: ['id'], filter: { views: { _lte: 'many' } } }),
    ).rejects.toMatchObject({
      code: 'INVALID_QUERY',
    });
    await expect(
      readByQuery(ctx, 'articles', { fields: ['id', 'title'], sort: ['id'], filter: { views: { _lte: 2 ** 40 } } }),
    ).rejects.toMatchObject({
      code: 'INVALID_QUERY',
    });
  });

  it('keeps a plan per text a shape compiles to (IS NULL beside = ?), not one per value', async () => {
    const ctx = await sameAsFresh(
      'articles',
      each((v) => ({ price: { _eq: v } }), [null, 0, 9.99, null, 100, 19.5]),
    );
    expect(plansOf(ctx)).toBe(1);
    expect(variantsOf(ctx, { fields: ['id', 'title'], sort: ['id'], filter: { price: { _eq: 1 } } })).toHaveLength(2);
  });

  it('answers only its own values when a stand-in is not found exactly once among the values', async () => {
    // The reader's row rule (compiled as it is, in the key) holds the LIMIT's stand-in number: the plan can't tell its place.
    const ctx = await fresh(
      await fx.ctx({ rules: [{ collection: 'articles', permissions: { price: { _neq: Number.MAX_SAFE_INTEGER - 7 } } }] }),
    );
    for (const limit of [1, 2, 1]) {
      const query: Query = { fields: ['id'], sort: ['id'], limit };
      const through = await readByQuery(ctx, 'articles', query);
      expect(through).toEqual(await readByQuery(await fresh(ctx), 'articles', query));
      expect(through.data).toHaveLength(limit);
    }
    const plans = findReadPlans(
      readCaches(ctx.caches),
      ctx.schema,
      readPlanKey('articles', { fields: ['id'], sort: ['id'] }, null, ctx.permissions),
    );
    expect(plans.map((p) => p.values)).toEqual([null, null]);
  });

  it('keeps results by the exact values: a kept result never answers a read with other values', async () => {
    const ctx = await fresh(await fx.ctx());
    const query = (n: number): Query => ({ fields: ['id'], sort: ['id'], filter: { views: { _lte: n } } });
    await readByQuery(ctx, 'articles', query(7), { reuse: true });
    // Kept at its second sighting (decision 0172).
    const first = await readByQuery(ctx, 'articles', query(7), { reuse: true });
    // Where the dialect can tell that nothing changed (here: without the request's data version, SQLite only).
    if ((await ctx.dialect.dataToken(ctx.db, ctx.dataVersion)) !== undefined)
      expect(await readByQuery(ctx, 'articles', query(7), { reuse: true })).toBe(first);
    const other = await readByQuery(ctx, 'articles', query(50), { reuse: true });
    expect(other).not.toBe(first);
    expect(other.data.length).toBeGreaterThan(first.data.length);
  });

  it('never shares rows between two readers with different row rules, whatever the values', async () => {
    const caches = createCacheRegistry();
    const as = async (status: string) => ({
      ...(await fx.ctx({ rules: [{ collection: 'articles', permissions: { status: { _eq: status } } }] })),
      caches,
    });
    const query = (n: number): Query => ({ fields: ['id', 'status'], sort: ['id'], filter: { views: { _gte: n } } });
    for (const n of [0, 7, 0, 50]) {
      const published = await readByQuery(await as('published'), 'articles', query(n), { reuse: true });
      const drafts = await readByQuery(await as('draft'), 'articles', query(n), { reuse: true });
      expect(published.data.every((r) => r.status === 'published')).toBe(true);
      expect(drafts.data.every((r) => r.status === 'draft')).toBe(true);
      expect(published.data.length).toBeGreaterThan(0);
      expect(published).toEqual(await plainRead(await as('published'), 'articles', query(n)));
      expect(drafts).toEqual(await plainRead(await as('draft'), 'articles', query(n)));
    }
    // One plan per reader's rules.
    expect(caches.list().find((c) => c.name === 'query.read-plans')?.size).toBe(2);
    // A reader who may not filter on a field is refused on a shape another reader's plan holds.
    const narrow = { ...(await fx.ctx({ rules: [{ collection: 'articles', fields: ['id', 'status'] }] })), caches };
    await expect(readByQuery(narrow, 'articles', query(0))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('a plain filter filled operator by operator (decision 0186)', () => {
  /** The filter parts of the plans kept for `query`'s shape: whether each fills its values from its operators. */
  const leafParts = (ctx: Context, query: Query) =>
    findReadPlans(readCaches(ctx.caches), ctx.schema, readPlanKey('articles', query, null, ctx.permissions)).flatMap((plan) =>
      (plan.values?.parts ?? []).filter((part) => part.kind === 'filter').map((part) => 'leaves' in part && part.leaves !== undefined),
    );
  const bench = (n: unknown): Query => ({
    fields: ['id', 'title'],
    sort: ['-views', 'id'],
    limit: 3,
    filter: { _and: [{ status: { _eq: 'published' } }, { views: { _lte: n } }] },
  });

  it('fills operators on fields joined by AND and OR from the plan, with the answers of a fresh read', async () => {
    const ctx = await sameAsFresh('articles', [5, 100, 7, '50', 0, 1000].map(bench));
    expect(leafParts(ctx, bench(5))).toEqual([true]);
    const counted = (n: unknown): Query => ({ ...bench(n), meta: ['filter_count', 'total_count'] });
    await sameAsFresh('articles', [5, 100, -1, 7].map(counted), ctx);
    expect(leafParts(ctx, counted(5))).toEqual([true, true]);
  });

  it('does not for a relational filter, whose subquery is text of its own', async () => {
    const query = (name: unknown): Query => ({ fields: ['id'], sort: ['id'], filter: { author: { name: { _eq: name } } } });
    const ctx = await sameAsFresh('articles', ['Ada', 'Grace', 'nobody'].map(query));
    expect(leafParts(ctx, query('Ada'))).toEqual([false]);
  });

  it('compiles the whole filter again when an operator gives other text, and refuses what a fresh read refuses', async () => {
    const ctx = await sameAsFresh('articles', [5, 100].map(bench));
    const eq = (v: unknown): Query => ({ ...bench(5), filter: { _or: [{ price: { _eq: v } }, { views: { _gt: 3 } }] } });
    await sameAsFresh('articles', [1, null, 9.99, null, '0'].map(eq), ctx);
    await expect(readByQuery(ctx, 'articles', bench('many'))).rejects.toMatchObject({ code: 'INVALID_QUERY' });
    await expect(readByQuery(ctx, 'articles', bench({ a: 1 }))).rejects.toMatchObject({ code: 'INVALID_QUERY' });
    await expect(readByQuery(ctx, 'articles', bench(null))).rejects.toMatchObject({ code: 'INVALID_QUERY' });
  });

  it("fills a field the reader sees on some rows only (its CASE WHEN) and keeps the reader's row rule", async () => {
    const reader = await fx.ctx({
      rules: [
        { collection: 'articles', fields: ['id', 'title', 'status'], permissions: { status: { _eq: 'published' } } },
        { collection: 'articles', fields: ['id', 'title', 'status', 'views'], permissions: { status: { _eq: 'draft' } } },
      ],
    });
    const query = (n: unknown): Query => ({ fields: ['id', 'status'], sort: ['id'], filter: { views: { _gte: n } } });
    const ctx = await sameAsFresh('articles', [0, 5, 100, 0, '3'].map(query), await fresh(reader));
    expect(leafParts(ctx, query(0))).toEqual([true]);
    for (const n of [0, 5]) expect(await readByQuery(ctx, 'articles', query(n))).toEqual(await plainRead(ctx, 'articles', query(n)));
  });
});

describe("the caller's scope as values (decision 0184)", () => {
  const byKeys = (keys: number[]): Filter => ({ id: { _in: keys } });
  const query: Query = { fields: ['id', 'title', 'status'], sort: ['id'], limit: -1 };

  it('serves reads of one scope shape (the keys a write answers with) from one plan, each with its own keys', async () => {
    const ctx = await fresh(await fx.ctx());
    for (const keys of [[1], [2], [5], [1], [999], [3]]) {
      const through = await readByQuery(ctx, 'articles', query, { scope: byKeys(keys) });
      expect(through, JSON.stringify(keys)).toEqual(await readByQuery(await fresh(ctx), 'articles', query, { scope: byKeys(keys) }));
      expect(through, JSON.stringify(keys)).toEqual(await plainRead(ctx, 'articles', { ...query, filter: byKeys(keys) }));
      expect(through.data.map((row) => row.id)).toEqual(keys.filter((key) => key <= 6));
    }
    expect(plansOf(ctx)).toBe(1);
    const kept = findReadPlans(readCaches(ctx.caches), ctx.schema, readPlanKey('articles', query, byKeys([1]), ctx.permissions));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.values).not.toBeNull();
  });

  it("narrows the reader's rows with the scope, in the page and its counts, for lists of other lengths too", async () => {
    const reader = await fx.ctx({ rules: [{ collection: 'articles', permissions: { status: { _eq: 'published' } } }] });
    const ctx = await fresh(reader);
    const counted: Query = { ...query, meta: ['total_count', 'filter_count'], filter: { views: { _gte: 1 } } };
    // [3] and [4] are not the reader's rows: an empty page, whose counts are a statement of their own.
    for (const keys of [[1], [1, 2], [3], [2, 5], [5], [4], [1, 2, 3, 5], [2]]) {
      const through = await readByQuery(ctx, 'articles', counted, { scope: byKeys(keys) });
      expect(through, JSON.stringify(keys)).toEqual(await readByQuery(await fresh(reader), 'articles', counted, { scope: byKeys(keys) }));
      expect(through.data.every((row) => row.status === 'published')).toBe(true);
      expect(through.meta?.total_count, JSON.stringify(keys)).toBe(keys.filter((key) => [1, 2, 5].includes(key)).length);
    }
    // One plan per length of the list (each its own SQL text), under one shape.
    const kept = findReadPlans(readCaches(ctx.caches), ctx.schema, readPlanKey('articles', counted, byKeys([1]), ctx.permissions));
    expect(kept.length).toBeGreaterThan(1);
    expect(plansOf(ctx)).toBe(1);
  });

  it('hands a read that repeats the last values the statement filled for them, and fills other values anew', async () => {
    const ctx = await fresh(await fx.ctx());
    const planOf = () => findReadPlans(readCaches(ctx.caches), ctx.schema, readPlanKey('articles', query, byKeys([1]), ctx.permissions))[0];
    await readByQuery(ctx, 'articles', query, { scope: byKeys([1]) });
    await readByQuery(ctx, 'articles', query, { scope: byKeys([2]) });
    const filled = planOf()?.filled;
    expect(filled?.values).toBe(readValuesKey(query, byKeys([2])));
    expect((await readByQuery(ctx, 'articles', query, { scope: byKeys([2]) })).data.map((row) => row.id)).toEqual([2]);
    expect(planOf()?.filled).toBe(filled);
    expect((await readByQuery(ctx, 'articles', query, { scope: byKeys([5]) })).data.map((row) => row.id)).toEqual([5]);
    expect(planOf()?.filled?.values).toBe(readValuesKey(query, byKeys([5])));
  });

  it('keeps results by the exact scope: a kept result never answers a read of other keys', async () => {
    const ctx = await fresh(await fx.ctx());
    await readByQuery(ctx, 'articles', query, { scope: byKeys([1]), reuse: true });
    const first = await readByQuery(ctx, 'articles', query, { scope: byKeys([1]), reuse: true });
    if ((await ctx.dialect.dataToken(ctx.db, ctx.dataVersion)) !== undefined)
      expect(await readByQuery(ctx, 'articles', query, { scope: byKeys([1]), reuse: true })).toBe(first);
    const other = await readByQuery(ctx, 'articles', query, { scope: byKeys([2]), reuse: true });
    expect(other.data.map((row) => row.id)).toEqual([2]);
    expect(first.data.map((row) => row.id)).toEqual([1]);
  });
});

describe('splitSql', () => {
  it('sorts bindings as knex reads the text: ?? identifiers, ? values, \\? a question mark', () => {
    expect(splitSql({ sql: '?? = ? AND ?? IN (?, ?) AND x = \\?', bindings: ['t0.a', 1, 't0.b', 2, 3] })).toEqual({
      identifiers: ['t0.a', 't0.b'],
      values: [1, 2, 3],
      at: [1, 3, 4],
    });
    expect(splitSql({ sql: '?? = ?', bindings: ['t0.a'] })).toBeNull();
    expect(splitSql({ sql: '?? = ?', bindings: ['t0.a', 1, 2] })).toBeNull();
  });
});

/** The plans kept for the shape of `query` on articles. */
function variantsOf(ctx: Context, query: Query) {
  return findReadPlans(readCaches(ctx.caches), ctx.schema, readPlanKey('articles', query, null, ctx.permissions));
}
