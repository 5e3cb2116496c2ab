import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf } from '../../setup/expect-error.js';
import { seedCollections } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

/**
 * A read compiled once is reused (src/engine/query/execute/read-plans.ts). Each test asks the same request
 * again after something it depends on changed, and expects the answer of the new state: a kept plan must never
 * answer for the schema, permissions, user or time it was built for.
 */
describe('read plans', () => {
  let t: TestApp;
  /** The app's clock (ctx.now): moved by the tests, never waited for. */
  let clock = Date.now();

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clock) });
    await seedCollections(t.app);
    await t.request('POST', '/items/articles', {
      token: t.adminToken,
      body: [
        { title: 'One', status: 'published' },
        { title: 'Two', status: 'draft' },
        { title: 'Three', status: 'published' },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (url: string, token = t.adminToken) => {
    const response = await t.request('GET', url, { token });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row[]>(response);
  };
  const ok = async (method: string, url: string, body: unknown) => {
    const response = await t.request(method, url, { token: t.adminToken, body });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.statusCode === 204 ? null : dataOf<Row>(response);
  };

  it('answers a repeated read the same, and sees rows written in between', async () => {
    const url = '/items/articles?fields=title&filter[status][_eq]=published&sort=id';
    expect(await read(url)).toEqual([{ title: 'One' }, { title: 'Three' }]);
    expect(await read(url)).toEqual([{ title: 'One' }, { title: 'Three' }]);
    await ok('POST', '/items/articles', { title: 'Four', status: 'published' });
    expect(await read(url)).toEqual([{ title: 'One' }, { title: 'Three' }, { title: 'Four' }]);
  });

  it('counts `meta` again on every read', async () => {
    const url = '/items/articles?fields=title&filter[status][_eq]=draft&meta=*&limit=1';
    const meta = async () => ((await t.request('GET', url, { token: t.adminToken })).json() as { meta: Row }).meta;
    const before = await meta();
    expect(await meta()).toEqual(before);
    await ok('POST', '/items/articles', { title: 'Five', status: 'draft' });
    expect(await meta()).toEqual({ total_count: Number(before.total_count) + 1, filter_count: Number(before.filter_count) + 1 });
  });

  it('reads a page and its `meta` counts in one statement, and counts an empty page too', async () => {
    const all = (await read('/items/articles?fields=id&limit=-1')).length;
    const drafts = (await read('/items/articles?fields=id&filter[status][_eq]=draft&limit=-1')).length;
    const statements: string[] = [];
    const listener = (q: { sql: string }) => {
      if (!q.sql.includes('schema_version')) statements.push(q.sql);
    };
    const metaOf = async (url: string) => (await t.request('GET', url, { token: t.adminToken })).json() as { data: Row[]; meta: Row };
    t.app.knex.on('query', listener);
    try {
      for (let i = 0; i < 3; i++) {
        const page = await metaOf('/items/articles?fields=id,title&filter[status][_eq]=draft&meta=*&limit=1');
        expect(page.data).toHaveLength(1);
        expect(page.meta).toEqual({ total_count: all, filter_count: drafts });
      }
      // One statement for the page and its counts; the second read keeps its result (decision 0172) and the third
      // reuses it where the dialect can tell that nothing changed (decision 0033); MariaDB, which has no data token,
      // runs that one statement every time. On PostgreSQL the token is the server's snapshot, which any commit on the
      // server moves (other test files run beside this one), so the third may run its one statement again too.
      if (t.vendor === 'postgres') expect(statements.length).toBeOneOf([2, 3]);
      else expect(statements).toHaveLength(t.vendor === 'mysql' ? 3 : 2);
      // An empty page (no row to carry the counts): the counts' own statement.
      expect((await metaOf('/items/articles?fields=title&filter[status][_eq]=none&meta=*')).meta).toEqual({
        total_count: all,
        filter_count: 0,
      });
      expect((await metaOf('/items/articles?fields=title&meta=filter_count&offset=1000')).meta).toEqual({ filter_count: all });
    } finally {
      t.app.knex.off('query', listener);
    }
  });

  it('reads a field added to the collection after the same read was made', async () => {
    const url = '/items/articles?fields=*&sort=id&limit=1';
    expect(Object.keys((await read(url))[0]!)).not.toContain('subtitle');
    await ok('POST', '/fields/articles', { field: 'subtitle', type: 'string', schema: { default_value: 'none' } });
    expect((await read(url))[0]).toMatchObject({ title: 'One', subtitle: 'none' });
  });

  it("follows a change of the reader's permissions: fields and row filter", async () => {
    const reader = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['id', 'title', 'status'] }] });
    const url = '/items/articles?fields=*&sort=title';
    expect((await read(url, reader.token)).map((r) => Object.keys(r).sort())[0]).toEqual(['id', 'status', 'title']);
    const all = await read('/items/articles?fields=title,status&sort=title');
    expect(await read(url, reader.token)).toHaveLength(all.length);

    const rules = dataOf<Row[]>(await t.request('GET', `/permissions?filter[policy][_eq]=${reader.policyId}`, { token: t.adminToken }));
    await ok('PATCH', `/permissions/${String(rules[0]!.id)}`, { fields: ['title'], permissions: { status: { _eq: 'draft' } } });
    const drafts = all.filter((r) => r.status === 'draft').map((r) => ({ title: r.title }));
    expect(drafts.length).toBeGreaterThan(0);
    expect(await read(url, reader.token)).toEqual(drafts);
  });

  it('answers each user for themselves when the rule names $CURRENT_USER', async () => {
    const first = await t.userWith({
      permissions: [
        { collection: 'service_users', action: 'read', permissions: { id: { _eq: '$CURRENT_USER' } }, fields: ['id', 'email'] },
      ],
    });
    const email = `second-${Date.now()}@example.com`;
    const second = await ok('POST', '/users', { email, password: 'UserPass123!', role: first.roleId, status: 'active' });
    const secondToken = await t.login(email, 'UserPass123!');
    const url = '/users?fields=id';
    expect(await read(url, first.token)).toEqual([{ id: first.userId }]);
    expect(await read(url, secondToken)).toEqual([{ id: second!.id }]);
    expect(await read(url, first.token)).toEqual([{ id: first.userId }]);
  });

  it('resolves $NOW again on every read', async () => {
    const soon = new Date(clock + 1500).toISOString();
    await ok('POST', '/items/articles', { title: 'Soon', status: 'draft', happened_at: soon });
    const url = '/items/articles?fields=title&filter[happened_at][_lte]=$NOW&sort=id';
    expect(await read(url)).toEqual([]);
    // A filter frozen at the first read's time would still leave the row out.
    clock += 2000;
    expect(await read(url)).toEqual([{ title: 'Soon' }]);
  });

  it("reads each read's own related rows when a relation's statement is reused with other keys", async () => {
    const authors = dataOf<Row[]>(
      await t.request('POST', '/items/authors', {
        token: t.adminToken,
        body: [{ name: 'A1' }, { name: 'A2' }, { name: 'B1' }, { name: 'B2' }],
      }),
    );
    const id = Object.fromEntries(authors.map((a) => [a.name, a.id]));
    await ok('POST', '/items/articles', [
      { title: 'xa1', author: id.A1, comments: [{ body: 'a1-1' }, { body: 'a1-2' }] },
      { title: 'xa2', author: id.A2, comments: [{ body: 'a2-1' }] },
      { title: 'xb1', author: id.B1, comments: [{ body: 'b1-1' }, { body: 'b1-2' }] },
      { title: 'xb2', author: id.B2, comments: [{ body: 'b2-1' }] },
    ]);
    // Two authors (two keys) each time, other keys the second time; the comments with a per-article window.
    const url = (prefix: string) =>
      `/items/articles?fields=title,author.name,comments.body&filter[title][_starts_with]=${prefix}&sort=title&deep[comments][_limit]=1&deep[comments][_sort]=body`;
    for (let round = 0; round < 2; round++) {
      expect(await read(url('xa'))).toEqual([
        { title: 'xa1', author: { name: 'A1' }, comments: [{ body: 'a1-1' }] },
        { title: 'xa2', author: { name: 'A2' }, comments: [{ body: 'a2-1' }] },
      ]);
      expect(await read(url('xb'))).toEqual([
        { title: 'xb1', author: { name: 'B1' }, comments: [{ body: 'b1-1' }] },
        { title: 'xb2', author: { name: 'B2' }, comments: [{ body: 'b2-1' }] },
      ]);
    }
    // The same read again, over other keys of the same count: other authors, and another article in place of xa2.
    const articles = dataOf<Row[]>(
      await t.request('GET', '/items/articles?fields=id,title&filter[title][_starts_with]=x', { token: t.adminToken }),
    );
    const article = Object.fromEntries(articles.map((a) => [a.title, a.id]));
    await ok('PATCH', `/items/articles/${String(article.xa1)}`, { author: id.B1 });
    await ok('DELETE', `/items/articles/${String(article.xa2)}`, undefined);
    await ok('POST', '/items/articles', { title: 'xa3', author: id.B2, comments: [{ body: 'a3-1' }] });
    expect(await read(url('xa'))).toEqual([
      { title: 'xa1', author: { name: 'B1' }, comments: [{ body: 'a1-1' }] },
      { title: 'xa3', author: { name: 'B2' }, comments: [{ body: 'a3-1' }] },
    ]);
  });

  it('still refuses a read the reader may not make, after the same read was allowed to someone else', async () => {
    const url = '/items/comments?fields=id';
    await read(url);
    const stranger = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['id'] }] });
    const response = await t.request('GET', url, { token: stranger.token });
    expect(response.statusCode).toBe(403);
  });
});

/**
 * One plan serves every value of a read's shape (decision 0056): a sequence of reads that differ only in their
 * filter values, search and window answers what each read's own rows are, here told by the whole list read once.
 */
describe('read plans across values', () => {
  let t: TestApp;
  type Article = { id: number; title: string; status: string; rating: number | null; featured: boolean; happened_at: string | null };
  let all: Article[];

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    const rows = Array.from({ length: 12 }, (_, i) => ({
      title: i % 3 === 0 ? `100%_off ${i}` : `Item ${i}`,
      status: ['draft', 'published', 'archived'][i % 3],
      rating: i % 4 === 0 ? null : i * 10,
      featured: i % 2 === 0,
      happened_at: i % 5 === 0 ? null : `2024-0${1 + (i % 9)}-15T12:00:00`,
    }));
    const created = await t.request('POST', '/items/articles', { token: t.adminToken, body: rows });
    expect(created.statusCode, created.body).toBe(200);
    all = dataOf<Article[]>(
      await t.request('GET', '/items/articles?fields=id,title,status,rating,featured,happened_at&sort=id&limit=-1', {
        token: t.adminToken,
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const ids = async (query: string, token = t.adminToken) => {
    const response = await t.request('GET', `/items/articles?fields=id&sort=id&${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<{ id: number }[]>(response).map((r) => r.id);
  };
  const where = (test: (a: Article) => boolean) => all.filter(test).map((a) => a.id);

  it('answers each value with its own rows, in any order of values', async () => {
    for (let round = 0; round < 2; round++) {
      for (const n of [0, 30, 55, 110, 30])
        expect(await ids(`filter[rating][_lte]=${n}`)).toEqual(where((a) => a.rating !== null && a.rating <= n));
      for (const v of ['null', 'draft', 'published', 'null'])
        expect(await ids(`filter[status][_eq]=${v}`)).toEqual(where((a) => (v === 'null' ? a.status === null : a.status === v)));
      for (const v of ['null', '20', 'null', '70'])
        expect(await ids(`filter[rating][_eq]=${v}`)).toEqual(where((a) => (v === 'null' ? a.rating === null : a.rating === Number(v))));
      for (const list of [[all[0]!.id], [all[1]!.id, all[2]!.id], [all[3]!.id, all[5]!.id, all[7]!.id], [all[0]!.id]])
        expect(await ids(`filter[id][_in]=${list.join(',')}`)).toEqual(list);
      for (const v of [true, false, true])
        expect(await ids(`filter[happened_at][_null]=${v}`)).toEqual(where((a) => (a.happened_at === null) === v));
      for (const v of [true, false]) expect(await ids(`filter[featured][_eq]=${v}`)).toEqual(where((a) => a.featured === v));
      for (const v of ['100%_', 'Item', 'tem 1', '%'])
        expect(await ids(`filter[title][_contains]=${encodeURIComponent(v)}`)).toEqual(where((a) => a.title.includes(v)));
      for (const v of ['2024-03-01', '2024-06-15T12:00:00Z', '2024-09-30'])
        expect(await ids(`filter[happened_at][_gte]=${encodeURIComponent(v)}`)).toEqual(
          where(
            (a) => a.happened_at !== null && new Date(`${a.happened_at.slice(0, 19)}Z`) >= new Date(v.length === 10 ? `${v}T00:00:00Z` : v),
          ),
        );
      for (const v of ['off', '100', 'Item 7', 'nothing-like-this'])
        expect(await ids(`search=${encodeURIComponent(v)}`)).toEqual(
          where((a) => a.title.toLowerCase().includes(v.toLowerCase()) || a.status.includes(v) || String(a.rating) === v),
        );
      const list = all.map((a) => a.id);
      for (const [window, expected] of [
        ['limit=3', list.slice(0, 3)],
        ['limit=-1', list],
        ['limit=0', []],
        ['limit=4&offset=2', list.slice(2, 6)],
        ['limit=-1&offset=9', list.slice(9)],
        ['limit=5&page=2', list.slice(5, 10)],
        ['limit=5&page=3', list.slice(10, 15)],
      ] as const)
        expect(await ids(window)).toEqual(expected);
    }
  });

  it('counts `meta` with the values of each read, an empty page included', async () => {
    for (const n of [30, -1, 110, 0]) {
      const response = await t.request('GET', `/items/articles?fields=id&limit=2&meta=*&filter[rating][_lte]=${n}`, {
        token: t.adminToken,
      });
      expect(response.statusCode, response.body).toBe(200);
      const matching = where((a) => a.rating !== null && a.rating <= n);
      expect(response.json()).toEqual({
        data: matching.slice(0, 2).map((id) => ({ id })),
        meta: { total_count: all.length, filter_count: matching.length },
      });
    }
  });

  it("never answers one reader's rows to another reader with other row rules, whatever the values", async () => {
    const reader = async (status: string) =>
      (
        await t.userWith({
          permissions: [{ collection: 'articles', action: 'read', fields: ['*'], permissions: { status: { _eq: status } } }],
        })
      ).token;
    const drafts = await reader('draft');
    const published = await reader('published');
    for (const n of [0, 50, 0, 110]) {
      expect(await ids(`filter[rating][_gte]=${n}`, drafts)).toEqual(
        where((a) => a.status === 'draft' && a.rating !== null && a.rating >= n),
      );
      expect(await ids(`filter[rating][_gte]=${n}`, published)).toEqual(
        where((a) => a.status === 'published' && a.rating !== null && a.rating >= n),
      );
    }
    // A reader who may not read `rating` is refused the same shape.
    const narrow = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['id', 'title'] }] });
    const refused = await t.request('GET', '/items/articles?fields=id&sort=id&filter[rating][_gte]=0', { token: narrow.token });
    expect(refused.statusCode).toBe(403);
  });
});
