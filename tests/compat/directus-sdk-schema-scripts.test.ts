import {
  createCollection,
  createDirectus,
  createField,
  createPermission,
  createPolicy,
  createRelation,
  readField,
  readRelationByCollection,
  rest,
  staticToken,
  updateCollectionsBatch,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

/**
 * Schema scripts written for Directus with the official @directus/sdk: an o2m alias field created before or after
 * its relation, and a batch of collection changes.
 */
describe('@directus/sdk schema scripts', () => {
  let t: TestApp;
  let url = '';
  const pk = { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } };
  const client = () => createDirectus(url).with(staticToken(t.adminToken)).with(rest());

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const sdk = client();
    for (const collection of ['authors', 'books', 'editors', 'papers'])
      await sdk.request(createCollection({ collection, fields: [pk, { field: 'name', type: 'string' }] } as never));
    for (const [collection, field] of [
      ['books', 'author'],
      ['papers', 'editor'],
    ] as const)
      await sdk.request(createField(collection, { field, type: 'integer' } as never));
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the alias field after the relation that named it (the relation made it): the field takes the given meta', async () => {
    const sdk = client();
    await sdk.request(
      createRelation({ collection: 'books', field: 'author', related_collection: 'authors', meta: { one_field: 'books' } } as never),
    );
    const field = await sdk.request(
      createField('authors', {
        field: 'books',
        type: 'alias',
        meta: { special: ['o2m'], interface: 'list-o2m', note: 'their books' },
      } as never),
    );
    expect(field).toMatchObject({ field: 'books', type: 'alias', meta: { note: 'their books', special: ['o2m'] } });
    const relations = (await sdk.request(readRelationByCollection('books'))) as { field: string; meta: { one_field: string } }[];
    expect(relations.find((r) => r.field === 'author')?.meta.one_field).toBe('books');
  });

  it('creates the alias field before the relation', async () => {
    const sdk = client();
    await sdk.request(createField('editors', { field: 'papers', type: 'alias', meta: { special: ['o2m'], note: 'first' } } as never));
    await sdk.request(
      createRelation({ collection: 'papers', field: 'editor', related_collection: 'editors', meta: { one_field: 'papers' } } as never),
    );
    expect(await sdk.request(readField('editors', 'papers'))).toMatchObject({ field: 'papers', meta: { note: 'first' } });
  });

  it('still refuses a second field of that name that is a column', async () => {
    await expect(client().request(createField('authors', { field: 'books', type: 'string' } as never))).rejects.toMatchObject({
      errors: [{ extensions: { code: 'INVALID_PAYLOAD' } }],
    });
  });

  it("understands Directus's system names in relations and permissions (directus_users → service_users)", async () => {
    const sdk = client();
    await sdk.request(createField('books', { field: 'reviewer', type: 'uuid' } as never));
    await sdk.request(createField('books', { field: 'cover', type: 'uuid' } as never));
    await sdk.request(createRelation({ collection: 'books', field: 'reviewer', related_collection: 'directus_users' } as never));
    await sdk.request(createRelation({ collection: 'books', field: 'cover', related_collection: 'directus_files' } as never));
    const relations = (await sdk.request(readRelationByCollection('books'))) as { field: string; related_collection: string }[];
    expect(Object.fromEntries(relations.map((r) => [r.field, r.related_collection]))).toMatchObject({
      reviewer: 'service_users',
      cover: 'service_files',
    });
    const book = (
      await t.request('POST', '/items/books?fields=reviewer.email', {
        token: t.adminToken,
        body: { name: 'x', reviewer: (await t.request('GET', '/users/me', { token: t.adminToken })).json().data.id },
      })
    ).json();
    expect(book.data.reviewer.email).toBe('admin@example.com');

    const policy = (await sdk.request(createPolicy({ name: 'readers of users', app_access: false, admin_access: false } as never))) as {
      id: string;
    };
    const permission = (await sdk.request(
      createPermission({ policy: policy.id, collection: 'directus_users', action: 'read', fields: ['id'] } as never),
    )) as { collection: string };
    expect(permission.collection).toBe('service_users');
    await expect(
      sdk.request(createRelation({ collection: 'books', field: 'name', related_collection: 'directus_nothing' } as never)),
    ).rejects.toMatchObject({ errors: [{ extensions: { code: 'INVALID_PAYLOAD' } }] });
  });

  it('changes several collections with updateCollectionsBatch', async () => {
    const data = (await client().request(
      updateCollectionsBatch([
        { collection: 'authors', meta: { note: 'people' } },
        { collection: 'books', meta: { note: 'things' } },
      ] as never),
    )) as { collection: string; meta: { note: string } }[];
    expect(data.map((c) => [c.collection, c.meta.note])).toEqual([
      ['authors', 'people'],
      ['books', 'things'],
    ]);
  });
});
