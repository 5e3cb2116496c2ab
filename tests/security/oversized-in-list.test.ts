import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';

type Row = Record<string, unknown>;

const COUNT = 70_000;

/**
 * Threat: an `_in` list longer than the vendor's limit of bound variables (SQLite 32,766; PostgreSQL and
 * MariaDB 65,535) made every such read a 500. Long lists are bound as one value (a JSON or array parameter)
 * inside the dialect, so they work on every vendor, and `_nin`, relational paths and GraphQL alike.
 */
describe(`an _in of ${COUNT.toLocaleString('en')} values`, () => {
  let t: TestApp;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ MAX_PAYLOAD_SIZE: '4mb' });
    await seedCollections(t.app);
    const author = dataOf<Row>(await t.request('POST', '/items/authors', { token: t.adminToken, body: { name: 'Ann' } }));
    const created = await t.request('POST', '/items/articles', {
      token: t.adminToken,
      body: [
        { title: 'one', slug: 's-1', author: author.id },
        { title: 'two', slug: 's-2' },
        { title: 'three', slug: 's-3', published_on: '2026-01-02' },
        { title: 'odd', slug: 'q"\\x,{}' },
      ],
    });
    ids = dataOf<Row[]>(created).map((r) => r.id as number);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const search = (query: unknown) => t.request('SEARCH', '/items/articles', { token: t.adminToken, body: { query } });
  const numbers = (extra: number[]) => [...Array.from({ length: COUNT }, (_, i) => 1_000_000 + i), ...extra];
  const titles = (response: Awaited<ReturnType<typeof search>>) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return dataOf<Row[]>(response).map((r) => r.title);
  };

  it('_in on the primary key', async () => {
    expect(titles(await search({ filter: { id: { _in: numbers([ids[0]!, ids[2]!]) } }, sort: ['id'], fields: ['title'] }))).toEqual([
      'one',
      'three',
    ]);
  });

  it('_nin on the primary key', async () => {
    expect(titles(await search({ filter: { id: { _nin: numbers([ids[0]!]) } }, sort: ['id'], fields: ['title'] }))).toEqual([
      'two',
      'three',
      'odd',
    ]);
  });

  it('_in on a string field', async () => {
    const slugs = [...Array.from({ length: COUNT }, (_, i) => `x-${i}`), 's-2'];
    expect(titles(await search({ filter: { slug: { _in: slugs } }, fields: ['title'] }))).toEqual(['two']);
  });

  it('_in with quotes, backslashes and braces in the values, and on a date', async () => {
    const slugs = [...Array.from({ length: COUNT }, (_, i) => `"x\\${i}"`), 'q"\\x,{}'];
    expect(titles(await search({ filter: { slug: { _in: slugs } }, fields: ['title'] }))).toEqual(['odd']);
    const days = [...Array.from({ length: 2000 }, (_, i) => new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10)), '2026-01-02'];
    expect(titles(await search({ filter: { published_on: { _in: days } }, fields: ['title'] }))).toEqual(['three']);
  });

  it('_in through a relation, with meta counts', async () => {
    const response = await search({
      filter: { author: { id: { _in: numbers([ids[0]!, 1]) } } },
      fields: ['title'],
      meta: ['filter_count'],
    });
    expect(titles(response)).toEqual(['one']);
    expect((response.json() as { meta: Row }).meta.filter_count).toBe(1);
  });

  it('_in in a GraphQL variable', async () => {
    const response = await t.request('POST', '/graphql', {
      token: t.adminToken,
      body: {
        query: 'query($ids: [GraphQLStringOrFloat]) { articles(filter: { id: { _in: $ids } }, sort: ["id"]) { title } }',
        variables: { ids: numbers([ids[1]!]) },
      },
    });
    expect(response.json()).toEqual({ data: { articles: [{ title: 'two' }] } });
  });

  it('PATCH and DELETE by query with such a filter', async () => {
    const patched = await t.request('PATCH', '/items/articles', {
      token: t.adminToken,
      body: { query: { filter: { id: { _in: numbers([ids[2]!]) } } }, data: { rating: 5 } },
    });
    expect(patched.statusCode, patched.body.slice(0, 300)).toBe(200);
    expect((await t.app.knex('articles').where({ id: ids[2] }).first('rating')).rating).toBe(5);
  });
});
