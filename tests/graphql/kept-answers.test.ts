import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { gql, type GraphqlBody } from './graphql-request.js';
import { seedCollections } from '../setup/seed-collections.js';
import { statementsOf } from '../support/statements-of.js';

type Row = { id: number; title: string; status: string };

/**
 * GraphQL answers made from kept rows (decision 0178): a query repeated while the data is unchanged is answered
 * from the text its completion made the first time it met those rows. Each test first makes sure that such a text
 * exists (the same read three times: kept at its second sighting, decision 0172), then changes the reader, the
 * selection, the variables or the data, and expects the answer a fresh completion gives.
 */
describe('GraphQL answers from kept rows (/graphql)', () => {
  let t: TestApp;
  let outside: Knex;
  const reuses = () => t.vendor !== 'mysql';

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    for (const [title, status] of [
      ['One', 'published'],
      ['Two', 'draft'],
      ['Three', 'published'],
    ])
      await t.request('POST', '/items/articles', { token: t.adminToken, body: { title, status } });
    outside = (await createDatabase(t.app.config.db)).knex;
  });
  afterAll(async () => {
    await closeDatabase(outside);
    await t.close();
  });

  /** The answer's text; a 200 without errors expected. */
  const answer = async (query: string, token = t.adminToken, variables?: Record<string, unknown>) => {
    const response = await gql(t, query, { token, variables, scope: 'items' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as GraphqlBody).errors, response.body).toBeUndefined();
    return response.body;
  };
  /** The same request three times (its text is kept by then, where the dialect reuses results); the last text. */
  const warmed = async (query: string, token = t.adminToken, variables?: Record<string, unknown>) => {
    await answer(query, token, variables);
    await answer(query, token, variables);
    return answer(query, token, variables);
  };
  /** The articles as REST gives them to the admin, by id. */
  const rows = async (): Promise<Row[]> => {
    const response = await t.request('GET', '/items/articles?fields=id,title,status&sort=id', { token: t.adminToken });
    return (response.json() as { data: Row[] }).data;
  };
  const text = (rows: Record<string, unknown>[]) => JSON.stringify({ data: { articles: rows } });

  const list = '{ articles(sort: ["id"]) { id title } }';

  it('answers a repeated query with the same text, without a statement where the dialect can tell nothing changed', async () => {
    const first = await answer(list);
    expect(first).toBe(text((await rows()).map(({ id, title }) => ({ id: String(id), title }))));
    let again = await warmed(list);
    // PostgreSQL's data token moves with any commit on the server (other test files' too): a few tries.
    let statements: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statements = await statementsOf(t.app.knex, async () => {
        again = await answer(list);
      });
      if (statements.length === 0) break;
    }
    expect(again).toBe(first);
    if (reuses()) expect(statements).toEqual([]);
    else expect(statements.length).toBeGreaterThan(0);
  });

  it('answers each selection of the same rows its own text: aliases, __typename, fragments, directives', async () => {
    const all = await rows();
    await warmed(list);
    const cases: [string, Record<string, unknown> | undefined, Record<string, unknown>[]][] = [
      ['{ articles(sort: ["id"]) { id t: title } }', undefined, all.map((r) => ({ id: String(r.id), t: r.title }))],
      ['{ articles(sort: ["id"]) { title id } }', undefined, all.map((r) => ({ title: r.title, id: String(r.id) }))],
      [
        '{ articles(sort: ["id"]) { __typename id title } }',
        undefined,
        all.map((r) => ({ __typename: 'articles', id: String(r.id), title: r.title })),
      ],
      [
        '{ articles(sort: ["id"]) { ...F } } fragment F on articles { id title }',
        undefined,
        all.map((r) => ({ id: String(r.id), title: r.title })),
      ],
      [
        'query ($skip: Boolean!) { articles(sort: ["id"]) { id title ... @skip(if: $skip) { title2: title } } }',
        { skip: false },
        all.map((r) => ({ id: String(r.id), title: r.title, title2: r.title })),
      ],
      [
        'query ($skip: Boolean!) { articles(sort: ["id"]) { id title ... @skip(if: $skip) { title2: title } } }',
        { skip: true },
        all.map((r) => ({ id: String(r.id), title: r.title })),
      ],
    ];
    for (let round = 0; round < 3; round++)
      for (const [query, variables, expected] of cases) expect(await answer(query, t.adminToken, variables), query).toBe(text(expected));
  });

  it('answers other variables with their own rows', async () => {
    const all = await rows();
    const query = 'query ($n: Int, $title: Boolean!) { articles(sort: ["id"], limit: $n) { id title @include(if: $title) } }';
    await warmed(query, t.adminToken, { n: 1, title: true });
    expect(await answer(query, t.adminToken, { n: 2, title: true })).toBe(
      text(all.slice(0, 2).map((r) => ({ id: String(r.id), title: r.title }))),
    );
    await warmed(query, t.adminToken, { n: 2, title: true });
    expect(await answer(query, t.adminToken, { n: 2, title: false })).toBe(text(all.slice(0, 2).map((r) => ({ id: String(r.id) }))));
    expect(await answer(query, t.adminToken, { n: 1, title: true })).toBe(text([{ id: String(all[0]!.id), title: all[0]!.title }]));
  });

  it('answers each reader their own rows, also readers of the same fields (one schema), and refuses what a reader may not read', async () => {
    const all = await rows();
    const fields = ['id', 'title', 'status'];
    const published = await t.userWith({
      permissions: [{ collection: 'articles', action: 'read', fields, permissions: { status: { _eq: 'published' } } }],
    });
    const drafts = await t.userWith({
      permissions: [{ collection: 'articles', action: 'read', fields, permissions: { status: { _eq: 'draft' } } }],
    });
    const titleOnly = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['title'] }] });
    const nothing = await t.userWith({ permissions: [{ collection: 'authors', action: 'read', fields: ['*'] }] });
    const query = '{ articles(sort: ["id"]) { id title } }';
    const expected = (status?: string) =>
      text(all.filter((r) => status === undefined || r.status === status).map((r) => ({ id: String(r.id), title: r.title })));
    for (let round = 0; round < 3; round++) {
      expect(await answer(query)).toBe(expected());
      expect(await answer(query, published.token)).toBe(expected('published'));
      expect(await answer(query, drafts.token)).toBe(expected('draft'));
      // A field the reader may not read, or a collection: refused as before, whatever the others' answers.
      const refused = await gql(t, query, { token: titleOnly.token, scope: 'items' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errors: [{ extensions: { code: 'GRAPHQL_VALIDATION' } }] });
      expect(await answer('{ articles(sort: ["title"]) { title } }', titleOnly.token)).toBe(
        text(all.map((r) => ({ title: r.title })).sort((a, b) => a.title.localeCompare(b.title))),
      );
      const none = await gql(t, query, { token: nothing.token, scope: 'items' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ errors: [{ extensions: { code: 'GRAPHQL_VALIDATION' } }] });
    }
  });

  it('answers the rows after a write through REST, through GraphQL and from outside Stratum', async () => {
    const titles = async () =>
      (JSON.parse(await answer(list)) as { data: { articles: { title: string }[] } }).data.articles.map((a) => a.title);
    const first = (await rows())[0]!;
    await warmed(list);
    const before = await titles();

    await t.request('PATCH', `/items/articles/${first.id}`, { token: t.adminToken, body: { title: 'Patched' } });
    expect(await titles()).toEqual(['Patched', ...before.slice(1)]);

    await warmed(list);
    const mutation = await gql(t, `mutation { update_articles_item(id: ${first.id}, data: { title: "Mutated" }) { id } }`, {
      token: t.adminToken,
      scope: 'items',
    });
    expect(mutation.statusCode, mutation.body).toBe(200);
    expect(await titles()).toEqual(['Mutated', ...before.slice(1)]);

    await warmed(list);
    await outside('articles').where({ id: first.id }).update({ title: 'Outside' });
    expect(await titles()).toEqual(['Outside', ...before.slice(1)]);
    await outside('articles').where({ id: first.id }).update({ title: first.title });
    expect(await titles()).toEqual(before);
  });
});
