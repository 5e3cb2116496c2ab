import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

describe('nested relational writes through /items', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.knex('comments').delete();
    await t.app.knex('articles').delete();
    await t.app.knex('authors').delete();
  });

  const admin = async (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const ok = async (method: string, url: string, body?: unknown) => {
    const response = await admin(method, url, body);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row>(response);
  };
  const commentsOf = async (article: unknown) =>
    (
      await t.app
        .knex('comments')
        .where({ article: article as number })
        .orderBy('id')
        .select('body')
    ).map((r: { body: string }) => r.body);

  it('creates an article with a nested new author (m2o object)', async () => {
    const article = await ok('POST', '/items/articles?fields=title,author.name,author.id', {
      title: 'Nested',
      author: { name: 'Nia', email: 'nia@example.com' },
    });
    expect(article).toMatchObject({ title: 'Nested', author: { name: 'Nia' } });
    expect(await countRows(t.app, 'authors')).toBe(1);
    const stored = await t.app.knex('articles').first();
    expect(Number(stored.author)).toBe((article.author as Row).id);
  });

  it('links an existing author by key and updates it when the object names its key', async () => {
    const author = await ok('POST', '/items/authors', { name: 'Old name' });
    await ok('POST', '/items/articles', { title: 'By key', author: author.id });
    await ok('POST', '/items/articles', { title: 'By object', author: { id: author.id, name: 'New name' } });
    expect(await countRows(t.app, 'authors')).toBe(1);
    expect((await t.app.knex('authors').first()).name).toBe('New name');
    expect(await countRows(t.app, 'articles', { author: author.id as number })).toBe(2);
  });

  it('creates an article with an o2m array of new comments', async () => {
    const article = await ok('POST', '/items/articles?fields=id,comments.body', {
      title: 'With comments',
      comments: [{ body: 'one' }, { body: 'two' }],
    });
    expect(article.comments).toEqual([{ body: 'one' }, { body: 'two' }]);
    expect(await commentsOf(article.id)).toEqual(['one', 'two']);
  });

  it('replaces the comments list on update: kept children stay, new ones are created, removed ones are unlinked', async () => {
    const article = await ok('POST', '/items/articles?fields=id,comments.id,comments.body', {
      title: 'Replace',
      comments: [{ body: 'keep' }, { body: 'drop' }],
    });
    const [keep, drop] = article.comments as Row[];
    const updated = await ok('PATCH', `/items/articles/${article.id}?fields=comments.body`, { comments: [keep!.id, { body: 'fresh' }] });
    expect(updated.comments).toEqual([{ body: 'keep' }, { body: 'fresh' }]);
    expect(await commentsOf(article.id)).toEqual(['keep', 'fresh']);
    // The removed child still exists (the relation's deselect action is nullify), only unlinked.
    const orphan = await t.app
      .knex('comments')
      .where({ id: drop!.id as number })
      .first();
    expect(orphan).toMatchObject({ body: 'drop', article: null });
  });

  it('updates a child in place when the array holds an object with its key', async () => {
    const article = await ok('POST', '/items/articles?fields=id,comments.id', { title: 'Edit child', comments: [{ body: 'typo' }] });
    const [child] = article.comments as Row[];
    await ok('PATCH', `/items/articles/${article.id}`, { comments: [{ id: child!.id, body: 'fixed' }] });
    expect(await commentsOf(article.id)).toEqual(['fixed']);
  });

  it('applies the detailed {create, update, delete} form and leaves other children alone', async () => {
    const article = await ok('POST', '/items/articles?fields=id,comments.id', {
      title: 'Detailed',
      comments: [{ body: 'a' }, { body: 'b' }, { body: 'c' }],
    });
    const [a, b, c] = (article.comments as Row[]).map((r) => r.id);
    await ok('PATCH', `/items/articles/${article.id}`, {
      comments: { create: [{ body: 'd' }], update: [{ id: a, body: 'a2' }], delete: [b] },
    });
    expect(await commentsOf(article.id)).toEqual(['a2', 'c', 'd']);
    expect(
      (
        await t.app
          .knex('comments')
          .where({ id: b as number })
          .first()
      ).article,
    ).toBeNull();
    expect(c).toBeDefined();
  });

  it('refuses a malformed o2m value and writes nothing', async () => {
    expectError(await admin('POST', '/items/articles', { title: 'Bad', comments: 'nope' }), 400, 'INVALID_PAYLOAD');
    expectError(await admin('POST', '/items/articles', { title: 'Bad', comments: { create: 'nope' } }), 400, 'INVALID_PAYLOAD');
    expect(await countRows(t.app, 'articles')).toBe(0);
    expect(await countRows(t.app, 'comments')).toBe(0);
  });

  it('rolls back the parent and earlier children when a nested child is invalid', async () => {
    const activityBefore = await countRows(t.app, 'service_activity');
    const response = await admin('POST', '/items/articles', {
      title: 'Rollback',
      author: { name: 'Ok' },
      comments: [{ body: 'fine' }, { body: 'bad', nope: 1 }],
    });
    expectError(response, 400, 'INVALID_PAYLOAD');
    expect(await countRows(t.app, 'articles')).toBe(0);
    expect(await countRows(t.app, 'authors')).toBe(0);
    expect(await countRows(t.app, 'comments')).toBe(0);
    expect(await countRows(t.app, 'service_activity')).toBe(activityBefore);
  });

  it('records activity for the nested items as well', async () => {
    const before = await countRows(t.app, 'service_activity');
    await ok('POST', '/items/articles', { title: 'Audit', author: { name: 'Aud' }, comments: [{ body: 'x' }] });
    const rows = (await t.app.knex('service_activity').orderBy('id').offset(before).select('action', 'collection')) as Row[];
    expect(rows.map((r) => `${r.action}:${r.collection}`).sort()).toEqual(['create:articles', 'create:authors', 'create:comments']);
  });
});
