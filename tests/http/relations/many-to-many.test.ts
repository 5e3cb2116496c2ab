import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';

type Row = Record<string, unknown>;

/**
 * Many-to-many through a junction collection, the way Directus sets it up: `posts.tags` (alias, special m2m)
 * → `posts_tags` (posts_id → posts, tags_id → tags, each relation naming the other as `junction_field`).
 */
describe('many-to-many through a junction', () => {
  let t: TestApp;

  const send = async (method: string, url: string, body?: unknown, token: string | null = t.adminToken) => {
    const response = await t.request(method, url, { token, ...(body !== undefined ? { body } : {}) });
    return { status: response.statusCode, body: response.body === '' ? null : (JSON.parse(response.body) as Row) };
  };
  const ok = async (method: string, url: string, body?: unknown): Promise<Row> => {
    const answer = await send(method, url, body);
    if (answer.status !== 200 && answer.status !== 204)
      throw new Error(`${method} ${url} → ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body?.data ?? null) as Row;
  };
  const junctionRows = async () =>
    (await t.app.knex('posts_tags').orderBy('id').select('posts_id', 'tags_id')).map((r: Row) => [Number(r.posts_id), Number(r.tags_id)]);

  beforeAll(async () => {
    t = await createTestApp();
    const pk = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } };
    await ok('POST', '/collections', { collection: 'posts', fields: [pk, { field: 'title', type: 'string' }] });
    await ok('POST', '/collections', { collection: 'tags', fields: [pk, { field: 'name', type: 'string' }] });
    await ok('POST', '/collections', {
      collection: 'posts_tags',
      meta: { hidden: true },
      fields: [pk, { field: 'posts_id', type: 'integer' }, { field: 'tags_id', type: 'integer' }],
    });
    await ok('POST', '/fields/posts', { field: 'tags', type: 'alias', meta: { special: ['m2m'], interface: 'list-m2m' } });
    await ok('POST', '/relations', {
      collection: 'posts_tags',
      field: 'posts_id',
      related_collection: 'posts',
      meta: { one_field: 'tags', junction_field: 'tags_id' },
      schema: { on_delete: 'CASCADE' },
    });
    await ok('POST', '/relations', {
      collection: 'posts_tags',
      field: 'tags_id',
      related_collection: 'tags',
      meta: { one_field: null, junction_field: 'posts_id' },
      schema: { on_delete: 'SET NULL' },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.knex('posts_tags').delete();
    await t.app.knex('posts').delete();
    await t.app.knex('tags').delete();
  });

  it('creates junction rows from an array of new and existing related items, and reads tags.tags_id.name', async () => {
    const existing = await ok('POST', '/items/tags', { name: 'old' });
    const post = await ok('POST', '/items/posts?fields=id,title,tags.tags_id.name', {
      title: 'Hello',
      tags: [{ tags_id: { name: 'new' } }, { tags_id: existing.id }],
    });
    expect(post.tags).toEqual([{ tags_id: { name: 'new' } }, { tags_id: { name: 'old' } }]);
    expect(await t.app.knex('tags').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    const read = await ok('GET', `/items/posts/${post.id}?fields=tags.tags_id.name,tags.id`);
    expect((read.tags as Row[]).map((j) => (j.tags_id as Row).name)).toEqual(['new', 'old']);
    expect((await junctionRows()).map(([p]) => p)).toEqual([post.id, post.id]);
  });

  it('filters through the junction with _some, _none and a nested path', async () => {
    await ok('POST', '/items/posts', { title: 'A', tags: [{ tags_id: { name: 'red' } }] });
    await ok('POST', '/items/posts', { title: 'B', tags: [{ tags_id: { name: 'blue' } }] });
    await ok('POST', '/items/posts', { title: 'C' });
    const titles = async (filter: unknown) =>
      (
        (await ok('GET', `/items/posts?fields=title&sort=title&filter=${encodeURIComponent(JSON.stringify(filter))}`)) as unknown as Row[]
      ).map((p) => p.title);
    expect(await titles({ tags: { tags_id: { name: { _eq: 'red' } } } })).toEqual(['A']);
    expect(await titles({ tags: { _some: { tags_id: { name: { _eq: 'blue' } } } } })).toEqual(['B']);
    expect(await titles({ tags: { _none: { tags_id: { name: { _eq: 'red' } } } } })).toEqual(['B', 'C']);
    const tagTitles = (
      (await ok(
        'GET',
        `/items/tags?fields=name&filter=${encodeURIComponent(JSON.stringify({ name: { _in: ['red', 'blue'] } }))}&sort=name`,
      )) as unknown as Row[]
    ).map((r) => r.name);
    expect(tagTitles).toEqual(['blue', 'red']);
  });

  it('takes the detailed form {create, update, delete} for junction rows', async () => {
    const post = await ok('POST', '/items/posts?fields=id,tags.id,tags.tags_id.id', {
      title: 'Detailed',
      tags: [{ tags_id: { name: 'one' } }, { tags_id: { name: 'two' } }],
    });
    const [first, second] = post.tags as Row[];
    const updated = await ok('PATCH', `/items/posts/${post.id}?fields=tags.tags_id.name`, {
      tags: {
        create: [{ tags_id: { name: 'three' } }],
        update: [{ id: first!.id, tags_id: { id: (first!.tags_id as Row).id, name: 'one renamed' } }],
        delete: [second!.id],
      },
    });
    expect((updated.tags as Row[]).map((j) => (j.tags_id as Row).name).sort()).toEqual(['one renamed', 'three']);
    // As in Directus, with the default deselect action (nullify) the removed junction row is unlinked, not
    // deleted, and the tag it pointed at stays.
    const rows = await t.app.knex('posts_tags').orderBy('id').select('id', 'posts_id');
    expect(rows.filter((r: Row) => r.posts_id !== null)).toHaveLength(2);
    expect(rows.find((r: Row) => String(r.id) === String(second!.id))).toMatchObject({ posts_id: null });
    expect((await t.app.knex('tags').where({ name: 'two' })).length).toBe(1);
  });

  it('replaces the junction rows when given a plain array on update', async () => {
    const post = await ok('POST', '/items/posts?fields=id,tags.id', {
      title: 'Replace',
      tags: [{ tags_id: { name: 'x' } }, { tags_id: { name: 'y' } }],
    });
    const [keep] = post.tags as Row[];
    const updated = await ok('PATCH', `/items/posts/${post.id}?fields=tags.tags_id.name`, { tags: [keep!.id, { tags_id: { name: 'z' } }] });
    expect((updated.tags as Row[]).map((j) => (j.tags_id as Row).name)).toEqual(['x', 'z']);
  });

  it('records a revision of each junction row with the post revision as its parent', async () => {
    const post = await ok('POST', '/items/posts?fields=id', { title: 'Logged', tags: [{ tags_id: { name: 'logged' } }] });
    const revisions = (await ok('GET', `/revisions?fields=id,collection,item,parent&sort=id&limit=-1`)) as unknown as Row[];
    const own = revisions.find((r) => r.collection === 'posts' && String(r.item) === String(post.id))!;
    expect(own).toBeDefined();
    // Nested like the write: the junction row's revision has the post's as parent, the tag's has the junction row's.
    const junction = revisions.filter((r) => r.collection === 'posts_tags' && r.parent === own.id);
    expect(junction).toHaveLength(1);
    const tag = revisions.filter((r) => r.collection === 'tags' && r.parent === junction[0]!.id);
    expect(tag).toHaveLength(1);
  });

  it('reads through GraphQL', async () => {
    await ok('POST', '/items/posts', { title: 'Graph', tags: [{ tags_id: { name: 'gql' } }] });
    const answer = await send('POST', '/graphql', { query: '{ posts { title tags { tags_id { name } } } }' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { posts: [{ title: 'Graph', tags: [{ tags_id: { name: 'gql' } }] }] } });
  });

  it('respects junction permissions: reading or writing through a junction the user may not use is refused', async () => {
    await ok('POST', '/items/posts', { title: 'Secret', tags: [{ tags_id: { name: 'hidden' } }] });
    const user = await t.userWith({
      permissions: [
        { collection: 'posts', action: 'read', fields: ['*'] },
        { collection: 'posts', action: 'create', fields: ['*'] },
        { collection: 'tags', action: 'read', fields: ['*'] },
        { collection: 'tags', action: 'create', fields: ['*'] },
      ],
    });
    const read = await send('GET', '/items/posts?fields=title,tags.tags_id.name', undefined, user.token);
    expect(read.status).toBe(403);
    const plain = await send('GET', '/items/posts?fields=title', undefined, user.token);
    expect(plain.status).toBe(200);
    const write = await send('POST', '/items/posts', { title: 'Sneaky', tags: [{ tags_id: { name: 'sneaky' } }] }, user.token);
    expect(write.status).toBe(403);
    expect((await t.app.knex('posts').where({ title: 'Sneaky' })).length).toBe(0);
  });

  it('refuses a malformed detailed form with 400', async () => {
    const post = await ok('POST', '/items/posts?fields=id', { title: 'Bad' });
    const answer = await send('PATCH', `/items/posts/${post.id}`, { tags: { create: 'nope' } });
    expect(answer.status).toBe(400);
  });
});
