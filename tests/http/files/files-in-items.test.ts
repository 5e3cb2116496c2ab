import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { multipart } from '../../setup/multipart.js';
import { gql, gqlData } from '../../graphql/graphql-request.js';

type Row = Record<string, unknown>;

/**
 * Files in content, set up as in Directus: `posts.cover` is a file field (many-to-one to `service_files`),
 * `posts.gallery` many-to-many files through `posts_files`. Read and filtered in REST and GraphQL, under
 * permissions, and carried by schema snapshots.
 */
describe('files in items', () => {
  let t: TestApp;
  let photo: Row;
  let doc: Row;

  const ok = async (method: string, url: string, body?: unknown, token: string | null = t.adminToken): Promise<Row> => {
    const response = await t.request(method, url, { token, ...(body !== undefined ? { body } : {}) });
    if (response.statusCode !== 200 && response.statusCode !== 204)
      throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return response.body === '' ? {} : dataOf<Row>(response);
  };
  const upload = async (filename: string, type: string, content: Buffer | string) => {
    const body = await multipart([{ name: 'file', filename, type, content }]);
    return dataOf<Row>(
      await t.app.server.inject({
        method: 'POST',
        url: '/files',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${t.adminToken}` },
      }),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    const pk = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } };
    await ok('POST', '/collections', { collection: 'posts', fields: [pk, { field: 'title', type: 'string' }] });
    await ok('POST', '/fields/posts', { field: 'cover', type: 'uuid', meta: { interface: 'file-image', special: ['file'] } });
    await ok('POST', '/relations', {
      collection: 'posts',
      field: 'cover',
      related_collection: 'service_files',
      schema: { on_delete: 'SET NULL' },
    });
    await ok('POST', '/collections', {
      collection: 'posts_files',
      meta: { hidden: true },
      fields: [pk, { field: 'posts_id', type: 'integer' }, { field: 'service_files_id', type: 'uuid' }],
    });
    await ok('POST', '/fields/posts', { field: 'gallery', type: 'alias', meta: { special: ['files'], interface: 'files' } });
    await ok('POST', '/relations', {
      collection: 'posts_files',
      field: 'posts_id',
      related_collection: 'posts',
      meta: { one_field: 'gallery', junction_field: 'service_files_id' },
      schema: { on_delete: 'CASCADE' },
    });
    await ok('POST', '/relations', {
      collection: 'posts_files',
      field: 'service_files_id',
      related_collection: 'service_files',
      meta: { one_field: null, junction_field: 'posts_id' },
      schema: { on_delete: 'CASCADE' },
    });
    photo = await upload(
      'sunset.png',
      'image/png',
      await sharp({ create: { width: 20, height: 10, channels: 3, background: '#f80' } })
        .png()
        .toBuffer(),
    );
    doc = await upload('terms.txt', 'text/plain', 'Terms and conditions');
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a file field and reads the file through it, filters by its fields, and sorts', async () => {
    const post = await ok('POST', '/items/posts?fields=id,title,cover.id,cover.type,cover.width', { title: 'Evening', cover: photo.id });
    expect(post).toMatchObject({ title: 'Evening', cover: { id: photo.id, type: 'image/png', width: 20 } });
    await ok('POST', '/items/posts', { title: 'Legal', cover: doc.id });
    await ok('POST', '/items/posts', { title: 'Bare' });
    const images = (await ok('GET', '/items/posts?fields=title&filter[cover][type][_starts_with]=image/')) as unknown as Row[];
    expect(images).toEqual([{ title: 'Evening' }]);
    const sorted = (await ok(
      'GET',
      '/items/posts?fields=title&sort=cover.filename_download&filter[cover][_nnull]=true',
    )) as unknown as Row[];
    expect(sorted.map((p) => p.title)).toEqual(['Evening', 'Legal']);
    expectError(
      await t.request('POST', '/items/posts', {
        token: t.adminToken,
        body: { title: 'Broken', cover: '00000000-0000-4000-8000-000000000000' },
      }),
      400,
      'INVALID_FOREIGN_KEY',
    );
  });

  it('keeps many files per item through the junction, added and read as in Directus', async () => {
    const post = await ok('POST', '/items/posts?fields=id,gallery.service_files_id.filename_download', {
      title: 'Album',
      gallery: [{ service_files_id: photo.id }, { service_files_id: doc.id }],
    });
    expect((post.gallery as Row[]).map((j) => (j.service_files_id as Row).filename_download).sort()).toEqual(['sunset.png', 'terms.txt']);
    const withPhoto = (await ok(
      'GET',
      `/items/posts?fields=title&filter=${encodeURIComponent(JSON.stringify({ gallery: { _some: { service_files_id: { type: { _eq: 'image/png' } } } } }))}`,
    )) as unknown as Row[];
    expect(withPhoto).toEqual([{ title: 'Album' }]);
  });

  it('reads file fields in GraphQL', async () => {
    const data = await gqlData<{
      posts: {
        title: string;
        cover: { id: string; filesize: number; type: string } | null;
        gallery: { service_files_id: { title: string } }[];
      }[];
    }>(
      t,
      '{ posts(sort: ["id"], filter: { title: { _in: ["Evening", "Album"] } }) { title cover { id filesize type } gallery { service_files_id { title } } } }',
      { token: t.adminToken, scope: 'items' },
    );
    expect(data.posts[0]).toMatchObject({ title: 'Evening', cover: { id: photo.id, type: 'image/png', filesize: String(photo.filesize) } });
    expect(data.posts[1]!.gallery.map((g) => g.service_files_id.title).sort()).toEqual(['Sunset', 'Terms']);
    const files = await gqlData<{ files: { id: string; filename_download: string }[] }>(
      t,
      '{ files(filter: { type: { _eq: "text/plain" } }) { id filename_download } }',
      { token: t.adminToken },
    );
    expect(files.files).toEqual([{ id: doc.id, filename_download: 'terms.txt' }]);
  });

  it("applies the caller's permissions on files to relational reads", async () => {
    const reader = await t.userWith({
      permissions: [
        { collection: 'posts', action: 'read', fields: ['*'], permissions: {} },
        { collection: 'service_files', action: 'read', fields: ['id', 'type'], permissions: { type: { _starts_with: 'image/' } } },
      ],
    });
    const posts = (await ok(
      'GET',
      '/items/posts?fields=title,cover.id,cover.type&filter[cover][_nnull]=true&sort=id',
      undefined,
      reader.token,
    )) as unknown as Row[];
    expect(posts).toEqual([
      { title: 'Evening', cover: { id: photo.id, type: 'image/png' } },
      { title: 'Legal', cover: null },
    ]);
    expectError(await t.request('GET', '/items/posts?fields=cover.filesize', { token: reader.token }), 403, 'FORBIDDEN');
    const denied = await gql(t, '{ files { id } }', { token: reader.token });
    expect(denied.statusCode).toBe(200);
    expect((denied.json() as { data: { files: Row[] } }).data.files).toEqual([{ id: photo.id }]);
  });

  it('carries file fields and their relations to service_files in the schema snapshot', async () => {
    const response = await t.request('GET', '/schema/snapshot', { token: t.adminToken });
    const body = (response.json() as { data: { relations: Row[]; fields: Row[] } }).data;
    expect(body.relations.map((r) => [r.collection, r.field, r.related_collection])).toEqual(
      expect.arrayContaining([
        ['posts', 'cover', 'service_files'],
        ['posts_files', 'service_files_id', 'service_files'],
      ]),
    );
    expect(body.fields.find((f) => f.collection === 'posts' && f.field === 'cover')).toMatchObject({
      type: 'uuid',
      meta: expect.objectContaining({ special: ['file'] }),
    });
  });
});
