import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';
import { gql, type GraphqlBody } from './graphql-request.js';

/**
 * Reads answered by executeGraphql's compiled completion, and the ones it hands to graphql-js (decision 0058),
 * through the whole app: the answer's exact text, and errors with graphql-js's paths and codes.
 */
describe('GraphQL shaped reads (/graphql)', () => {
  let t: TestApp;
  const items = { scope: 'items' as const };
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    const author = await t.request('POST', '/items/authors', { token: t.adminToken, body: { name: 'Ada', email: 'ada@example.com' } });
    const authorId = (author.json() as { data: { id: number } }).data.id;
    for (const [title, rating] of [
      ['Low', 3],
      ['High', 5],
    ] as const) {
      const article = await t.request('POST', '/items/articles', {
        token: t.adminToken,
        body: { title, rating, status: 'published', author: authorId },
      });
      const id = (article.json() as { data: { id: number } }).data.id;
      ids.push(id);
      await t.request('POST', '/items/comments', { token: t.adminToken, body: { body: `On ${title}`, article: id } });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers aliases, fragments, variables, directives and __typename in the order asked', async () => {
    const response = await gql(
      t,
      `query Q($withAuthor: Boolean!, $limit: Int) {
         list: articles(sort: ["rating"], limit: $limit) { __typename t: title ...F author @include(if: $withAuthor) { n: name } }
         one: articles_by_id(id: ${ids[1]}) { title comments(limit: 1) { body } }
       }
       fragment F on articles { rating ... on articles { t2: title } }`,
      { token: t.adminToken, variables: { withAuthor: true, limit: 5 }, ...items },
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      JSON.stringify({
        data: {
          list: [
            { __typename: 'articles', t: 'Low', rating: 3, t2: 'Low', author: { n: 'Ada' } },
            { __typename: 'articles', t: 'High', rating: 5, t2: 'High', author: { n: 'Ada' } },
          ],
          one: { title: 'High', comments: [{ body: 'On High' }] },
        },
      }),
    );
  });

  it('answers a root the caller may not read with FORBIDDEN at its path, beside the data of the others', async () => {
    const user = await t.userWith({
      permissions: [{ collection: 'articles', action: 'read', fields: ['id', 'title'], permissions: { rating: { _gte: 4 } } }],
    });
    const response = await gql(t, `{ articles { title } hidden: articles_by_id(id: ${ids[0]}) { title } }`, {
      token: user.token,
      ...items,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as GraphqlBody;
    expect(body.data).toEqual({ articles: [{ title: 'High' }], hidden: null });
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0]).toMatchObject({ path: ['hidden'], extensions: { code: 'FORBIDDEN' } });
    expect(Object.keys(body)).toEqual(['data', 'errors']);
  });

  it('leaves a document with a computed field to graphql-js, with the same answer', async () => {
    const response = await gql(t, '{ authors { name articles_func { count } articles(sort: ["title"]) { title } } }', {
      token: t.adminToken,
      ...items,
    });
    expect(response.body).toBe(
      JSON.stringify({
        data: { authors: [{ name: 'Ada', articles_func: { count: 2 }, articles: [{ title: 'High' }, { title: 'Low' }] }] },
      }),
    );
  });
});
