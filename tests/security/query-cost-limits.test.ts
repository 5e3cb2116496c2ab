import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';

type Row = Record<string, unknown>;

const CHILDREN = 150;

/** One article with 150 comments, and 150 comments in all. */
async function seed(t: TestApp): Promise<number> {
  await seedCollections(t.app);
  const [article] = (await t.app.knex('articles').insert({ title: 'Busy' }).returning('id')) as ({ id: number } | number)[];
  const id = typeof article === 'object' ? article.id : (article as number);
  const rows = Array.from({ length: CHILDREN }, (_, i) => ({ body: `c${i}`, article: id }));
  for (let i = 0; i < rows.length; i += 50) await t.app.knex('comments').insert(rows.slice(i, i + 50));
  return id;
}

/**
 * Threat: one read that returns (and makes the database read) an unbounded number of rows: `limit=-1`,
 * a huge `deep[..][_limit]`, or simply a nested one-to-many list, which had no limit at all. Every list,
 * nested ones included, now has a default (QUERY_LIMIT_DEFAULT) and a cap (QUERY_LIMIT_MAX, 1,000 by default);
 * `-1` means "up to the cap".
 */
describe('query cost limits (defaults)', () => {
  let t: TestApp;
  let article: number;

  beforeAll(async () => {
    t = await createTestApp();
    article = await seed(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.request('GET', url, { token: t.adminToken });

  it('a nested one-to-many list stops at QUERY_LIMIT_DEFAULT (100), rows or keys', async () => {
    const rows = dataOf<Row>(await get(`/items/articles/${article}?fields=id,comments.id`));
    expect((rows.comments as unknown[]).length).toBe(100);
    const keys = dataOf<Row>(await get(`/items/articles/${article}?fields=id,comments`));
    expect((keys.comments as unknown[]).length).toBe(100);
    const list = dataOf<Row[]>(await get('/items/articles?fields=id,comments'));
    expect((list[0]!.comments as unknown[]).length).toBe(100);
  });

  it('the nested keys are the first 100 in their order', async () => {
    const keys = dataOf<Row>(await get(`/items/articles/${article}?fields=comments`)).comments as number[];
    const all = (await t.app.knex('comments').orderBy('id').select('id')).map((r: { id: number }) => r.id);
    expect(keys).toEqual(all.slice(0, 100));
  });

  it('a limited list of nested keys is still read in the parent statement where the dialect can', async () => {
    const statements: string[] = [];
    const listener = (q: { sql: string }) => {
      if (!q.sql.includes('schema_version')) statements.push(q.sql);
    };
    t.app.knex.on('query', listener);
    try {
      const rows = dataOf<Row[]>(await get('/items/articles?fields=id,comments&sort=id'));
      expect((rows[0]!.comments as unknown[]).length).toBe(100);
    } finally {
      t.app.knex.off('query', listener);
    }
    expect(statements).toHaveLength(t.vendor === 'mysql' ? 2 : 1);
  });

  it('deep[..][_limit] and -1 reach further, up to the cap', async () => {
    const more = dataOf<Row>(await get(`/items/articles/${article}?fields=comments.id&deep[comments][_limit]=150`));
    expect((more.comments as unknown[]).length).toBe(150);
    const all = dataOf<Row>(await get(`/items/articles/${article}?fields=comments&deep[comments][_limit]=-1`));
    expect((all.comments as unknown[]).length).toBe(150);
  });

  it('QUERY_LIMIT_MAX is 1,000 by default: a larger limit or _limit is 400', async () => {
    expectError(await get('/items/comments?limit=1001'), 400, 'INVALID_QUERY');
    expectError(await get(`/items/articles/${article}?fields=comments.id&deep[comments][_limit]=1001`), 400, 'INVALID_QUERY');
    expect(dataOf<Row[]>(await get('/items/comments?limit=1000')).length).toBe(CHILDREN);
  });

  it('GraphQL nested lists have the same default and cap', async () => {
    const response = await t.request('POST', '/graphql', {
      token: t.adminToken,
      body: { query: `{ articles_by_id(id: ${article}) { comments { id } } }` },
    });
    const data = (response.json() as { data: { articles_by_id: { comments: unknown[] } } }).data;
    expect(data.articles_by_id.comments.length).toBe(100);
    const capped = await t.request('POST', '/graphql', {
      token: t.adminToken,
      body: { query: `{ articles_by_id(id: ${article}) { comments(limit: 1001) { id } } }` },
    });
    expect((capped.json() as { errors?: { extensions: { code: string } }[] }).errors?.[0]?.extensions.code).toBe('INVALID_QUERY');
  });
});

describe('query cost limits (QUERY_LIMIT_MAX=120)', () => {
  let t: TestApp;
  let article: number;

  beforeAll(async () => {
    t = await createTestApp({ QUERY_LIMIT_MAX: '120', QUERY_LIMIT_DEFAULT: '200' });
    article = await seed(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.request('GET', url, { token: t.adminToken });

  it('limit=-1 means up to the cap; a default above the cap is the cap', async () => {
    expect(dataOf<Row[]>(await get('/items/comments?limit=-1')).length).toBe(120);
    expect(dataOf<Row[]>(await get('/items/comments')).length).toBe(120);
    expectError(await get('/items/comments?limit=121'), 400, 'INVALID_QUERY');
  });

  it('deep[..][_limit]=-1 means up to the cap, and above it is 400; the nested default is capped too', async () => {
    expect(
      (dataOf<Row>(await get(`/items/articles/${article}?fields=comments&deep[comments][_limit]=-1`)).comments as unknown[]).length,
    ).toBe(120);
    expect((dataOf<Row>(await get(`/items/articles/${article}?fields=comments.body`)).comments as unknown[]).length).toBe(120);
    expectError(await get(`/items/articles/${article}?fields=comments&deep[comments][_limit]=121`), 400, 'INVALID_QUERY');
  });

  it('an export (read and sent in pages) may ask for every row; its nested lists keep their limits', async () => {
    const exported = await get('/items/comments?limit=-1&fields=id&export=json');
    expect(exported.statusCode).toBe(200);
    expect((JSON.parse(exported.body) as unknown[]).length).toBe(CHILDREN);
    const past = await get('/items/comments?limit=140&fields=id&export=csv');
    expect(past.body.split('\n')).toHaveLength(141);
    const nested = JSON.parse((await get(`/items/articles?filter[id][_eq]=${article}&fields=comments&export=json`)).body) as Row[];
    expect((nested[0]!.comments as unknown[]).length).toBe(120);
    expectError(await get(`/items/articles?fields=comments&deep[comments][_limit]=121&export=json`), 400, 'INVALID_QUERY');
  });

  it('a SEARCH body is held to the same limits', async () => {
    const response = await t.request('SEARCH', '/items/comments', { token: t.adminToken, body: { query: { limit: 500 } } });
    expectError(response, 400, 'INVALID_QUERY');
  });
});
