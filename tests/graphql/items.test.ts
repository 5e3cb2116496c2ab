import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectError } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { gql, gqlData, type GraphqlBody } from './graphql-request.js';

describe('GraphQL user collections (/graphql)', () => {
  let t: TestApp;
  const items = { scope: 'items' as const };

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    const author = await t.request('POST', '/items/authors', { token: t.adminToken, body: { name: 'Ada', email: 'ada@example.com' } });
    const authorId = (author.json() as { data: { id: number } }).data.id;
    for (const [title, rating] of [
      ['First', 3],
      ['Second', 5],
      ['Third', 4],
    ] as const) {
      const article = await t.request('POST', '/items/articles', {
        token: t.adminToken,
        body: { title, rating, status: 'published', author: authorId, metadata: { tags: [title] } },
      });
      const articleId = (article.json() as { data: { id: number } }).data.id;
      await t.request('POST', '/items/comments', { token: t.adminToken, body: { body: `On ${title}`, article: articleId } });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists items with m2o and o2m selections, typed from the schema', async () => {
    const data = await gqlData<{
      articles: {
        id: string;
        title: string;
        rating: number;
        featured: boolean;
        metadata: unknown;
        author: { name: string };
        comments: { body: string }[];
      }[];
    }>(
      t,
      '{ articles(sort: ["-rating"], filter: {rating: {_gte: 4}}) { id title rating featured metadata author { name } comments { body } } }',
      { token: t.adminToken, ...items },
    );
    expect(data.articles).toEqual([
      {
        id: expect.any(String),
        title: 'Second',
        rating: 5,
        featured: false,
        metadata: { tags: ['Second'] },
        author: { name: 'Ada' },
        comments: [{ body: 'On Second' }],
      },
      {
        id: expect.any(String),
        title: 'Third',
        rating: 4,
        featured: false,
        metadata: { tags: ['Third'] },
        author: { name: 'Ada' },
        comments: [{ body: 'On Third' }],
      },
    ]);
  });

  it('filters through relations and aggregates', async () => {
    const data = await gqlData<{
      authors: { name: string; articles_func: { count: number } }[];
      articles_aggregated: { avg: { rating: number }; sum: { rating: number } }[];
    }>(
      t,
      `{ authors(filter: {articles: {_some: {title: {_eq: "First"}}}}) { name articles_func { count } }
         articles_aggregated { avg { rating } sum { rating } } }`,
      { token: t.adminToken, ...items },
    );
    expect(data.authors).toEqual([{ name: 'Ada', articles_func: { count: 3 } }]);
    expect(data.articles_aggregated).toEqual([{ avg: { rating: 4 }, sum: { rating: 12 } }]);
  });

  it('creates, updates and deletes an item', async () => {
    const created = await gqlData<{ create_articles_item: { id: string; title: string; status: string } }>(
      t,
      'mutation { create_articles_item(data: {title: "Fourth", rating: 1}) { id title status } }',
      { token: t.adminToken, ...items },
    );
    expect(created.create_articles_item).toMatchObject({ title: 'Fourth', status: 'draft' });
    const id = created.create_articles_item.id;
    const updated = await gqlData<{ update_articles_item: { title: string } }>(
      t,
      `mutation { update_articles_item(id: ${id}, data: {title: "Fourth!"}) { title } }`,
      { token: t.adminToken, ...items },
    );
    expect(updated.update_articles_item).toEqual({ title: 'Fourth!' });
    await gqlData(t, `mutation { delete_articles_item(id: ${id}) { id } }`, { token: t.adminToken, ...items });
    const gone = (await gql(t, `{ articles_by_id(id: ${id}) { id } }`, { token: t.adminToken, ...items })).json() as GraphqlBody;
    expect(gone.errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });

  it('serves a singleton as one object', async () => {
    const updated = await gqlData<{ update_home: { headline: string } }>(
      t,
      'mutation { update_home(data: {headline: "Hello"}) { headline } }',
      { token: t.adminToken, ...items },
    );
    expect(updated.update_home).toEqual({ headline: 'Hello' });
    expect(await gqlData(t, '{ home { headline } }', { token: t.adminToken, ...items })).toEqual({ home: { headline: 'Hello' } });
  });

  it('shows each caller only what they may read', async () => {
    const user = await t.userWith({
      permissions: [{ collection: 'articles', action: 'read', fields: ['id', 'title'], permissions: { rating: { _gte: 4 } } }],
    });
    const data = await gqlData<{ articles: { title: string }[] }>(t, '{ articles(sort: ["title"]) { title } }', {
      token: user.token,
      ...items,
    });
    expect(data.articles).toEqual([{ title: 'Second' }, { title: 'Third' }]);
    expectError(await gql(t, '{ articles { rating } }', { token: user.token, ...items }), 400, 'GRAPHQL_VALIDATION');
    expectError(await gql(t, '{ authors { id } }', { token: user.token, ...items }), 400, 'GRAPHQL_VALIDATION');
    expectError(
      await gql(t, 'mutation { create_articles_item(data: {title: "x"}) { id } }', { token: user.token, ...items }),
      400,
      'GRAPHQL_VALIDATION',
    );
    expectError(await gql(t, '{ articles { id } }', items), 400, 'GRAPHQL_VALIDATION');
  });

  it('keeps system collections out of the items scope root and user collections out of the system scope', async () => {
    expectError(await gql(t, '{ users { id } }', { token: t.adminToken, ...items }), 400, 'GRAPHQL_VALIDATION');
    expectError(await gql(t, '{ articles { id } }', { token: t.adminToken }), 400, 'GRAPHQL_VALIDATION');
  });
});
