import { createDirectus, createItem, readItem, readItems, rest, staticToken, updateItem } from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

type Tag = { id: number; name: string };
type Junction = { id: number; posts_id: number | Post | null; tags_id: number | Tag | null };
type Post = { id: number; title: string; tags: Junction[] };
type Schema = { posts: Post[]; tags: Tag[]; posts_tags: Junction[] };

/** The official @directus/sdk against a listening server: reads through a junction and nested m2m writes. */
describe('@directus/sdk with a many-to-many relation', () => {
  let t: TestApp;
  let url = '';

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const admin = async (method: string, path: string, body: unknown) => {
      const response = await t.request(method, path, { token: t.adminToken, body });
      if (response.statusCode !== 200) throw new Error(`${method} ${path} → ${response.statusCode} ${response.body}`);
    };
    const pk = { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } };
    await admin('POST', '/collections', { collection: 'posts', fields: [pk, { field: 'title', type: 'string' }] });
    await admin('POST', '/collections', { collection: 'tags', fields: [pk, { field: 'name', type: 'string' }] });
    await admin('POST', '/collections', {
      collection: 'posts_tags',
      meta: { hidden: true },
      fields: [pk, { field: 'posts_id', type: 'integer' }, { field: 'tags_id', type: 'integer' }],
    });
    await admin('POST', '/fields/posts', { field: 'tags', type: 'alias', meta: { special: ['m2m'] } });
    await admin('POST', '/relations', {
      collection: 'posts_tags',
      field: 'posts_id',
      related_collection: 'posts',
      meta: { one_field: 'tags', junction_field: 'tags_id' },
    });
    await admin('POST', '/relations', {
      collection: 'posts_tags',
      field: 'tags_id',
      related_collection: 'tags',
      meta: { junction_field: 'posts_id' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const client = () => createDirectus<Schema>(url).with(staticToken(t.adminToken)).with(rest());

  it('creates a post with new and existing tags and reads tags.tags_id.name', async () => {
    const sdk = client();
    const existing = await sdk.request(createItem('tags', { name: 'existing' }));
    const post = await sdk.request(
      createItem('posts', { title: 'SDK', tags: [{ tags_id: { name: 'fresh' } }, { tags_id: existing.id }] } as never, { fields: ['id'] }),
    );
    const read = await sdk.request(readItem('posts', post.id, { fields: ['title', { tags: [{ tags_id: ['name'] }] }] }));
    expect(read).toEqual({ title: 'SDK', tags: [{ tags_id: { name: 'fresh' } }, { tags_id: { name: 'existing' } }] });
  });

  it('updates junction rows with the detailed form and filters through the junction', async () => {
    const sdk = client();
    const post = await sdk.request(
      createItem('posts', { title: 'Detailed', tags: [{ tags_id: { name: 'a' } }, { tags_id: { name: 'b' } }] } as never, {
        fields: ['id', { tags: ['id'] }],
      }),
    );
    const [first, second] = post.tags as { id: number }[];
    await sdk.request(
      updateItem('posts', post.id, { tags: { create: [{ tags_id: { name: 'c' } }], update: [], delete: [second!.id] } } as never),
    );
    const read = await sdk.request(readItem('posts', post.id, { fields: [{ tags: ['id', { tags_id: ['name'] }] }] }));
    expect((read.tags as { id: number; tags_id: Tag }[]).map((j) => j.tags_id.name).sort()).toEqual(['a', 'c']);
    expect((read.tags as { id: number }[]).map((j) => j.id)).toContain(first!.id);
    const found = await sdk.request(
      readItems('posts', { fields: ['title'], filter: { tags: { _some: { tags_id: { name: { _eq: 'c' } } } } } as never }),
    );
    expect(found).toEqual([{ title: 'Detailed' }]);
  });
});
