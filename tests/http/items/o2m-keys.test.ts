import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { seedCollections } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

/**
 * A plain o2m field (`comments`, the related keys only) read in the parent's own statement where the dialect
 * aggregates JSON (PostgreSQL, SQLite), and by a second statement elsewhere (MariaDB): the same answer either way,
 * with the reader's row filter on the related rows, the field rule on the parent and the deep filter applied.
 */
describe('o2m key lists', () => {
  let t: TestApp;
  let reader: string;
  const ids: Record<string, number> = {};
  const comments: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    const articles = dataOf<Row[]>(
      await t.request('POST', '/items/articles', {
        token: t.adminToken,
        body: [
          { title: 'Open', status: 'published', comments: [{ body: 'one' }, { body: 'hidden' }, { body: 'three' }] },
          { title: 'Quiet', status: 'published' },
          { title: 'Draft', status: 'draft', comments: [{ body: 'draft note' }] },
        ],
      }),
    );
    for (const a of articles) ids[a.title as string] = a.id as number;
    for (const c of dataOf<Row[]>(await t.request('GET', '/items/comments?fields=id,body', { token: t.adminToken })))
      comments[c.body as string] = c.id as number;
    const user = await t.userWith({
      permissions: [
        // `comments` only on published articles: null on the others.
        { collection: 'articles', action: 'read', fields: ['id', 'title'] },
        { collection: 'articles', action: 'read', permissions: { status: { _eq: 'published' } }, fields: ['comments'] },
        { collection: 'comments', action: 'read', permissions: { body: { _neq: 'hidden' } }, fields: ['id', 'body'] },
      ],
    });
    reader = user.token;
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (url: string, token = t.adminToken) => {
    const response = await t.request('GET', url, { token });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row[]>(response);
  };

  it('lists every related key in key order, and [] where there is none', async () => {
    expect(await read('/items/articles?fields=title,comments&sort=id')).toEqual([
      { title: 'Open', comments: [comments.one, comments.hidden, comments.three] },
      { title: 'Quiet', comments: [] },
      { title: 'Draft', comments: [comments['draft note']] },
    ]);
    expect(await read(`/items/articles/${ids.Quiet}?fields=comments`)).toEqual({ comments: [] });
  });

  it('applies the deep filter and search to the keys', async () => {
    const deep = encodeURIComponent(JSON.stringify({ comments: { _filter: { body: { _neq: 'one' } } } }));
    expect(await read(`/items/articles?fields=title,comments&sort=id&deep=${deep}`)).toEqual([
      { title: 'Open', comments: [comments.hidden, comments.three] },
      { title: 'Quiet', comments: [] },
      { title: 'Draft', comments: [comments['draft note']] },
    ]);
    expect(await read(`/items/articles?fields=comments&filter[id][_eq]=${ids.Open}&deep[comments][_search]=thr`)).toEqual([
      { comments: [comments.three] },
    ]);
  });

  it('keeps to the reader: related rows outside its filter are left out, the field is null where its rule does not match', async () => {
    expect(await read('/items/articles?fields=title,comments&sort=id', reader)).toEqual([
      { title: 'Open', comments: [comments.one, comments.three] },
      { title: 'Quiet', comments: [] },
      { title: 'Draft', comments: null },
    ]);
  });

  it('answers 403 when the reader cannot read the related keys', async () => {
    const limited = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['id', 'comments'] }] });
    expectError(await t.request('GET', '/items/articles?fields=comments', { token: limited.token }), 403, 'FORBIDDEN');
  });
});
