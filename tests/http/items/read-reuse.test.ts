import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../../src/database/connection.js';
import { readByQuery } from '../../../src/engine/query/read-by-query.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf } from '../../setup/expect-error.js';
import { seedCollections } from '../../setup/seed-collections.js';
import { statementsOf } from '../../support/statements-of.js';

type Row = Record<string, unknown>;

/**
 * A list read answers with its earlier result while the data has not changed (decision 0033): SQLite's
 * data_version and change count, PostgreSQL's snapshot and this process's write count. Every test changes the
 * data in some way between two equal reads and expects the new state; a second connection outside Stratum
 * stands for another instance, or someone writing SQL by hand.
 */
describe('reused read results', () => {
  let t: TestApp;
  let outside: Knex;
  const reuses = () => t.vendor !== 'mysql';

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    await t.request('POST', '/items/articles', {
      token: t.adminToken,
      body: [
        { title: 'One', status: 'published' },
        { title: 'Two', status: 'draft' },
      ],
    });
    outside = (await createDatabase(t.app.config.db)).knex;
  });
  afterAll(async () => {
    await closeDatabase(outside);
    await t.close();
  });

  const url = '/items/articles?fields=title,status&sort=id';
  const read = async (path = url, token = t.adminToken) => {
    const response = await t.request('GET', path, { token });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row[]>(response);
  };
  const titles = async (path = url, token = t.adminToken) => (await read(path, token)).map((row) => row.title);

  /**
   * The statements of `work` (a read repeated after an equal one), tried up to five times until one runs none.
   * PostgreSQL's data token is the server's snapshot, which any commit on the server moves — another test file's
   * database included (files run in parallel) — so one try can miss its kept result for a reason outside the test.
   */
  const repeatedReadStatements = async (work: () => Promise<unknown>): Promise<string[]> => {
    let statements: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statements = await statementsOf(t.app.knex, work);
      if (statements.length === 0) break;
    }
    return statements;
  };

  it('answers a repeated read with the same body and, where the dialect can tell nothing changed, no statement', async () => {
    const first = await t.request('GET', url, { token: t.adminToken });
    let second = first;
    const statements = await repeatedReadStatements(async () => {
      second = await t.request('GET', url, { token: t.adminToken });
    });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    if (reuses()) expect(statements).toEqual([]);
    else expect(statements.length).toBeGreaterThan(0);
  });

  it('sees a row written through the API between two equal reads', async () => {
    const before = await titles();
    await t.request('POST', '/items/articles', { token: t.adminToken, body: { title: 'Three', status: 'draft' } });
    expect(await titles()).toEqual([...before, 'Three']);
  });

  it('sees rows written, changed and deleted by another connection, outside Stratum', async () => {
    const before = await titles();
    await outside('articles').insert({ title: 'Outside', status: 'draft' });
    expect(await titles()).toEqual([...before, 'Outside']);
    await outside('articles').where({ title: 'Outside' }).update({ title: 'Renamed' });
    expect(await titles()).toEqual([...before, 'Renamed']);
    await outside('articles').where({ title: 'Renamed' }).delete();
    expect(await titles()).toEqual(before);
  });

  it("sees another connection's transaction once it has committed, and not before", async () => {
    const before = await titles();
    const trx = await outside.transaction();
    try {
      await trx('articles').insert({ title: 'Pending', status: 'draft' });
      if (t.vendor !== 'sqlite') expect(await titles()).toEqual(before);
      await trx.commit();
    } catch (error) {
      await trx.rollback();
      throw error;
    }
    expect(await titles()).toEqual([...before, 'Pending']);
    await outside('articles').where({ title: 'Pending' }).delete();
  });

  it('sees a write this process made after the data version was read, within one request', async () => {
    // One request: the data version read at its start, then a write of this process, then the same read.
    const ctx = { ...(await t.app.systemContext()), dataVersion: 'read at the start' };
    const query = { fields: ['title'], sort: ['id'], limit: -1 };
    const before = (await readByQuery(ctx, 'articles', query, { reuse: true })).data.map((row) => row.title);
    expect((await readByQuery(ctx, 'articles', query, { reuse: true })).data.map((row) => row.title)).toEqual(before);
    await t.app.knex('articles').insert({ title: 'Same request', status: 'draft' });
    expect((await readByQuery(ctx, 'articles', query, { reuse: true })).data.map((row) => row.title)).toEqual([...before, 'Same request']);
    await t.app.knex('articles').where({ title: 'Same request' }).delete();
  });

  it('answers a kept result without compiling the read again: the schema is not looked at (decision 0185)', async () => {
    const system = await t.app.systemContext();
    // The same overview object for every read (plans are kept per overview), counting the properties read from it.
    let lookedAt = 0;
    const schema = new Proxy(system.schema, {
      get(target, property, receiver) {
        lookedAt++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const ctx = { ...system, schema, dataVersion: 'read at the start' };
    const query = { fields: ['title'], filter: { status: { _eq: 'published' } }, sort: ['id'], limit: 10 };
    const first = await readByQuery(ctx, 'articles', query, { reuse: true });
    // The second equal read keeps its result (decision 0172); the third is answered with it.
    await readByQuery(ctx, 'articles', query, { reuse: true });
    expect(lookedAt).toBeGreaterThan(0);
    lookedAt = 0;
    const third = await readByQuery(ctx, 'articles', { ...query, filter: { status: { _eq: 'published' } } }, { reuse: true });
    expect(third.data).toEqual(first.data);
    if (reuses()) expect(lookedAt).toBe(0);
    else expect(lookedAt).toBeGreaterThan(0);
  });

  it('answers each reader with their own rows, alternating', async () => {
    const reader = await t.userWith({
      permissions: [
        { collection: 'articles', action: 'read', fields: ['id', 'title', 'status'], permissions: { status: { _eq: 'published' } } },
      ],
    });
    const all = await titles();
    const published = (await read()).filter((row) => row.status === 'published').map((row) => row.title);
    for (let round = 0; round < 2; round++) {
      expect(await titles(url, reader.token)).toEqual(published);
      expect(await titles()).toEqual(all);
    }
  });

  it('keeps the answer of a read whose values a refused write left as they were', async () => {
    const before = await read();
    const refused = await t.request('POST', '/items/articles', {
      token: t.adminToken,
      body: [{ title: 'Kept?', status: 'draft' }, { title: null }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await read()).toEqual(before);
  });

  it('sends a kept result as it was built, even after a reader tried to change it', async () => {
    const path = '/items/articles?fields=title&sort=id&limit=1';
    const first = (await t.request('GET', path, { token: t.adminToken })).body;
    // Kept at its second sighting (decision 0172), answered from it at the third.
    expect((await t.request('GET', path, { token: t.adminToken })).body).toBe(first);
    const again = (await t.request('GET', path, { token: t.adminToken })).body;
    expect(again).toBe(first);
    expect(JSON.parse(again)).toEqual({ data: [{ title: 'One' }] });
  });

  it('orders rows at random again on every read (sort=?)', async () => {
    for (let i = 0; i < 6; i++)
      await t.request('POST', '/items/articles', { token: t.adminToken, body: { title: `Random ${i}`, status: 'draft' } });
    const orders = new Set<string>();
    for (let i = 0; i < 12 && orders.size < 2; i++)
      orders.add(JSON.stringify(await titles('/items/articles?fields=title&sort=?&limit=-1')));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('keeps a read whose filters look for the text "?", its own and a relation\'s (only a sort can be random)', async () => {
    const [article] = dataOf<Row[]>(
      await t.request('POST', '/items/articles', { token: t.adminToken, body: [{ title: '?', status: 'draft' }] }),
    );
    await t.request('POST', '/items/comments', {
      token: t.adminToken,
      body: [
        { body: '?', article: article!.id },
        { body: 'plain', article: article!.id },
      ],
    });
    const filter = encodeURIComponent(JSON.stringify({ title: { _eq: '?' } }));
    const deep = encodeURIComponent(JSON.stringify({ comments: { _filter: { body: { _eq: '?' } } } }));
    const path = `/items/articles?fields=title,comments.body&filter=${filter}&deep=${deep}`;
    const expected = [{ title: '?', comments: [{ body: '?' }] }];
    expect(await read(path)).toEqual(expected);
    const statements = await repeatedReadStatements(async () => expect(await read(path)).toEqual(expected));
    if (reuses()) expect(statements).toEqual([]);
    else expect(statements.length).toBeGreaterThan(0);
  });

  it('answers a repeated GraphQL list the same, and sees a write in between', async () => {
    const query = '{ articles(sort: ["id"], filter: { status: { _eq: "draft" } }) { title } }';
    const ask = async () => {
      const response = await t.request('POST', '/graphql', { token: t.adminToken, body: { query } });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { articles: Row[] } }).data.articles.map((row) => row.title);
    };
    const before = await ask();
    expect(await ask()).toEqual(before);
    await outside('articles').insert({ title: 'Graph', status: 'draft' });
    expect(await ask()).toEqual([...before, 'Graph']);
  });
});
