import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { seedCollections } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

/**
 * GET /items/:collection query parameters in each of their accepted forms (directus-behaviour.md §4.1):
 * bracket syntax, CSV strings and JSON strings.
 */
describe('/items/:collection query parameters', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let ann = 0;
  let bob = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    const authors = dataOf<Row[]>(
      await t.request('POST', '/items/authors', {
        token: t.adminToken,
        body: [
          { name: 'Ann', email: 'ann@example.com' },
          { name: 'Bob', email: 'bob@example.com' },
        ],
      }),
    );
    ann = authors[0]!.id as number;
    bob = authors[1]!.id as number;
    const articles = dataOf<Row[]>(
      await t.request('POST', '/items/articles', {
        token: t.adminToken,
        body: [
          {
            title: 'Alpha',
            status: 'published',
            rating: 5,
            author: ann,
            body: 'the quick brown fox',
            published_on: '2024-01-10',
            comments: [{ body: 'nice' }, { body: 'great' }],
          },
          {
            title: 'Beta',
            status: 'draft',
            rating: 2,
            author: bob,
            body: 'lorem ipsum',
            published_on: '2024-03-05',
            comments: [{ body: 'meh' }],
          },
          { title: 'Gamma', status: 'published', rating: 8, author: ann, body: 'Fox in socks', published_on: '2023-12-31' },
          { title: 'Delta', status: 'archived', rating: null, author: null, body: null },
        ],
      }),
    );
    for (const a of articles) ids[a.title as string] = a.id as number;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const response = await t.request('GET', url, { token: t.adminToken });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as { data: Row[]; meta?: Row };
  };
  const titles = async (url: string) => (await get(url)).data.map((r) => r.title);

  describe('fields', () => {
    it('accepts CSV and bracket arrays', async () => {
      expect((await get('/items/articles?fields=id,title&sort=id&limit=1')).data).toEqual([{ id: ids.Alpha, title: 'Alpha' }]);
      expect((await get('/items/articles?fields[]=id&fields[]=title&sort=id&limit=1')).data).toEqual([{ id: ids.Alpha, title: 'Alpha' }]);
      expect((await get('/items/articles?fields[0]=title&fields[1]=rating&sort=id&limit=1')).data).toEqual([{ title: 'Alpha', rating: 5 }]);
    });

    it('reads a JSON array string as field names, which do not exist (403)', async () => {
      expectError(await t.request('GET', '/items/articles?fields=["id"]', { token: t.adminToken }), 403, 'FORBIDDEN');
    });

    it('returns o2m aliases as key arrays with * and related objects with dot paths', async () => {
      const alpha = (await get(`/items/articles?filter[id][_eq]=${ids.Alpha}`)).data[0]!;
      expect(alpha.author).toBe(ann);
      expect((alpha.comments as number[]).length).toBe(2);
      const nested = (await get(`/items/articles?fields=title,author.name,comments.body&filter[id][_eq]=${ids.Alpha}`)).data[0]!;
      expect(nested).toEqual({ title: 'Alpha', author: { name: 'Ann' }, comments: [{ body: 'nice' }, { body: 'great' }] });
      const star = (await get(`/items/articles?fields=*.*&filter[id][_eq]=${ids.Beta}`)).data[0]!;
      expect(star.author).toMatchObject({ id: bob, name: 'Bob' });
      expect(star.comments).toEqual([expect.objectContaining({ body: 'meh', article: ids.Beta })]);
    });

    it('answers 403 naming the field for an unknown field and for a path through a non-relation', async () => {
      const error = expectError(await t.request('GET', '/items/articles?fields=nope', { token: t.adminToken }), 403, 'FORBIDDEN');
      expect(error.message).toContain('"nope"');
      expectError(await t.request('GET', '/items/articles?fields=title.nope', { token: t.adminToken }), 403, 'FORBIDDEN');
      expectError(await t.request('GET', '/items/articles?fields=author.nope', { token: t.adminToken }), 403, 'FORBIDDEN');
    });

    it('renames with alias (bracket and JSON)', async () => {
      expect((await get(`/items/articles?fields=heading&alias[heading]=title&filter[id][_eq]=${ids.Alpha}`)).data).toEqual([
        { heading: 'Alpha' },
      ]);
      expect((await get(`/items/articles?fields=heading&alias={"heading":"title"}&filter[id][_eq]=${ids.Alpha}`)).data).toEqual([
        { heading: 'Alpha' },
      ]);
    });
  });

  describe('filter', () => {
    it('accepts bracket syntax and JSON strings', async () => {
      expect(await titles('/items/articles?filter[status][_eq]=published&sort=id')).toEqual(['Alpha', 'Gamma']);
      const json = encodeURIComponent(JSON.stringify({ status: { _eq: 'published' } }));
      expect(await titles(`/items/articles?filter=${json}&sort=id`)).toEqual(['Alpha', 'Gamma']);
    });

    it('supports comparison, set, null, string and logical operators', async () => {
      expect(await titles('/items/articles?filter[rating][_gt]=4&sort=id')).toEqual(['Alpha', 'Gamma']);
      expect(await titles('/items/articles?filter[rating][_between]=2,5&sort=id')).toEqual(['Alpha', 'Beta']);
      expect(await titles('/items/articles?filter[status][_in]=draft,archived&sort=id')).toEqual(['Beta', 'Delta']);
      expect(await titles('/items/articles?filter[status][_in][]=draft&filter[status][_in][]=archived&sort=id')).toEqual(['Beta', 'Delta']);
      expect(await titles('/items/articles?filter[rating][_null]=true')).toEqual(['Delta']);
      expect(await titles('/items/articles?filter[body][_icontains]=FOX&sort=id')).toEqual(['Alpha', 'Gamma']);
      expect(await titles('/items/articles?filter[title][_starts_with]=Ga')).toEqual(['Gamma']);
      expect(await titles('/items/articles?filter[published_on][_gte]=2024-01-01&sort=id')).toEqual(['Alpha', 'Beta']);
      const or = encodeURIComponent(JSON.stringify({ _or: [{ rating: { _lt: 3 } }, { status: { _eq: 'archived' } }] }));
      expect(await titles(`/items/articles?filter=${or}&sort=id`)).toEqual(['Beta', 'Delta']);
      expect(await titles('/items/articles?filter[_and][0][status][_eq]=published&filter[_and][1][rating][_lt]=6')).toEqual(['Alpha']);
    });

    it('filters through m2o and o2m relations', async () => {
      expect(await titles('/items/articles?filter[author][name][_eq]=Ann&sort=id')).toEqual(['Alpha', 'Gamma']);
      expect(await titles('/items/articles?filter[comments][body][_eq]=meh')).toEqual(['Beta']);
      expect(await titles('/items/articles?filter[comments][_some][body][_eq]=great')).toEqual(['Alpha']);
      expect(await titles('/items/articles?filter[comments][_none][body][_eq]=meh&sort=id')).toEqual(['Alpha', 'Gamma', 'Delta']);
    });

    it('answers 400 INVALID_QUERY for bad JSON, unknown operators and bad operator values', async () => {
      expectError(await t.request('GET', '/items/articles?filter={bad', { token: t.adminToken }), 400, 'INVALID_QUERY');
      expectError(await t.request('GET', '/items/articles?filter[status][_nope]=1', { token: t.adminToken }), 400, 'INVALID_QUERY');
      expectError(await t.request('GET', '/items/articles?filter[rating][_contains]=1', { token: t.adminToken }), 400, 'INVALID_QUERY');
      expectError(await t.request('GET', '/items/articles?filter[status][_eq]=', { token: t.adminToken }), 400, 'INVALID_QUERY');
    });

    it('answers 403 for a filter on an unknown field', async () => {
      expectError(await t.request('GET', '/items/articles?filter[nope][_eq]=1', { token: t.adminToken }), 403, 'FORBIDDEN');
    });
  });

  describe('sort, limit, offset, page', () => {
    it('sorts by CSV, bracket arrays, descending and relational paths', async () => {
      expect(await titles('/items/articles?sort=-rating,title&filter[rating][_nnull]=true')).toEqual(['Gamma', 'Alpha', 'Beta']);
      expect(await titles('/items/articles?sort[]=-rating&sort[]=title&filter[rating][_nnull]=true')).toEqual(['Gamma', 'Alpha', 'Beta']);
      expect(await titles('/items/articles?sort=author.name,-title&filter[author][_nnull]=true')).toEqual(['Gamma', 'Alpha', 'Beta']);
    });

    it('limits, offsets and pages', async () => {
      expect(await titles('/items/articles?sort=id&limit=2')).toEqual(['Alpha', 'Beta']);
      expect(await titles('/items/articles?sort=id&limit=2&offset=1')).toEqual(['Beta', 'Gamma']);
      expect(await titles('/items/articles?sort=id&limit=2&page=2')).toEqual(['Gamma', 'Delta']);
      expect(await titles('/items/articles?sort=id&limit=-1')).toHaveLength(4);
      expect(await titles('/items/articles?sort=id&limit=0')).toEqual([]);
    });

    it('answers 400 INVALID_QUERY for non-numeric or negative values', async () => {
      for (const q of ['limit=abc', 'limit=-2', 'offset=-1', 'page=x', 'offset=1.5', 'limit[]=1']) {
        expectError(await t.request('GET', `/items/articles?${q}`, { token: t.adminToken }), 400, 'INVALID_QUERY');
      }
    });
  });

  describe('search and meta', () => {
    it('searches string fields case-insensitively', async () => {
      expect(await titles('/items/articles?search=fox&sort=id')).toEqual(['Alpha', 'Gamma']);
      expect(await titles('/items/articles?search=GAMMA')).toEqual(['Gamma']);
      expect(await titles('/items/articles?search=zzz')).toEqual([]);
      // A numeric term also matches numeric fields exactly.
      expect(await titles('/items/articles?search=8')).toEqual(['Gamma']);
    });

    it('returns total_count and filter_count (CSV, bracket and *)', async () => {
      const both = await get('/items/articles?meta=total_count,filter_count&filter[status][_eq]=published&limit=1');
      expect(both.meta).toEqual({ total_count: 4, filter_count: 2 });
      expect(both.data).toHaveLength(1);
      expect((await get('/items/articles?meta=*&search=fox')).meta).toEqual({ total_count: 4, filter_count: 2 });
      expect((await get('/items/articles?meta[]=filter_count&filter[rating][_gt]=100')).meta).toEqual({ filter_count: 0 });
      expectError(await t.request('GET', '/items/articles?meta=nope', { token: t.adminToken }), 400, 'INVALID_QUERY');
    });
  });

  describe('deep', () => {
    it('limits, sorts and filters nested o2m lists (bracket and JSON)', async () => {
      const url = `/items/articles?fields=title,comments.body&filter[id][_eq]=${ids.Alpha}`;
      expect((await get(`${url}&deep[comments][_sort]=-body&deep[comments][_limit]=1`)).data[0]).toEqual({
        title: 'Alpha',
        comments: [{ body: 'nice' }],
      });
      const deep = encodeURIComponent(JSON.stringify({ comments: { _filter: { body: { _eq: 'great' } } } }));
      expect((await get(`${url}&deep=${deep}`)).data[0]).toEqual({ title: 'Alpha', comments: [{ body: 'great' }] });
      expect((await get(`${url}&deep[comments][_limit]=0`)).data[0]).toEqual({ title: 'Alpha', comments: [] });
    });

    it('limits and pages nested o2m lists per parent, over several parents (numbered in SQL or after it)', async () => {
      const url = '/items/articles?fields=title,comments.body&sort=id&deep[comments][_sort]=body&deep[comments][_limit]=1';
      const lists = async (query: string) => (await get(`${url}${query}`)).data.map((r) => [r.title, r.comments]);
      // Four parents, three comments: every comment is read in one statement and the first one per parent kept.
      expect(await lists('')).toEqual([
        ['Alpha', [{ body: 'great' }]],
        ['Beta', [{ body: 'meh' }]],
        ['Gamma', []],
        ['Delta', []],
      ]);
      const second = [
        ['Alpha', [{ body: 'nice' }]],
        ['Beta', []],
        ['Gamma', []],
        ['Delta', []],
      ];
      expect(await lists('&deep[comments][_offset]=1')).toEqual(second);
      expect(await lists('&deep[comments][_page]=2')).toEqual(second);
      // One parent with more comments than the limit: more rows than it may show, so the window statement answers.
      expect(await lists(`&filter[id][_eq]=${ids.Alpha}`)).toEqual([['Alpha', [{ body: 'great' }]]]);
      expect(await lists(`&filter[id][_eq]=${ids.Alpha}&deep[comments][_offset]=1`)).toEqual([['Alpha', [{ body: 'nice' }]]]);
    });

    it('answers 400 for an unknown deep key', async () => {
      expectError(await t.request('GET', '/items/articles?deep[comments][_nope]=1', { token: t.adminToken }), 400, 'INVALID_QUERY');
    });
  });

  describe('aggregate and groupBy', () => {
    it('counts, sums and averages (bracket and JSON)', async () => {
      expect((await get('/items/articles?aggregate[count]=*')).data).toEqual([{ count: 4 }]);
      expect((await get(`/items/articles?aggregate=${encodeURIComponent('{"count":"*"}')}`)).data).toEqual([{ count: 4 }]);
      const sum = (await get('/items/articles?aggregate[sum]=rating&aggregate[max]=rating')).data[0]!;
      expect(Number((sum.sum as Row).rating)).toBe(15);
      expect(Number((sum.max as Row).rating)).toBe(8);
      const filtered = (await get('/items/articles?aggregate[count]=*&filter[status][_eq]=published')).data;
      expect(filtered).toEqual([{ count: 2 }]);
    });

    it('groups by CSV and bracket forms', async () => {
      const grouped = (await get('/items/articles?aggregate[count]=*&groupBy=status&sort=status')).data;
      expect(grouped).toEqual([
        { status: 'archived', count: 1 },
        { status: 'draft', count: 1 },
        { status: 'published', count: 2 },
      ]);
      const bracket = (await get('/items/articles?aggregate[count]=id&groupBy[]=status&sort=status')).data;
      expect(bracket.map((r) => [r.status, Number((r.count as Row).id)])).toEqual([
        ['archived', 1],
        ['draft', 1],
        ['published', 2],
      ]);
    });

    it('answers 400 for an unknown aggregate function', async () => {
      expectError(await t.request('GET', '/items/articles?aggregate[median]=rating', { token: t.adminToken }), 400, 'INVALID_QUERY');
    });
  });

  describe('SEARCH', () => {
    it('reads with the query in the body and with keys', async () => {
      const byQuery = await t.request('SEARCH', '/items/articles', {
        token: t.adminToken,
        body: { query: { filter: { status: { _eq: 'draft' } }, fields: ['title'] } },
      });
      expect(dataOf(byQuery)).toEqual([{ title: 'Beta' }]);
      const byKeys = await t.request('SEARCH', '/items/articles?fields=title&sort=title', {
        token: t.adminToken,
        body: { keys: [ids.Gamma, ids.Alpha] },
      });
      expect(dataOf(byKeys)).toEqual([{ title: 'Alpha' }, { title: 'Gamma' }]);
    });
  });
});
