import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { multipart } from '../../setup/multipart.js';

type Note = {
  id: number;
  title: string;
  date_created: string | null;
  user_created: string | null;
  date_updated: string | null;
  user_updated: string | null;
};
type Revision = { data: Record<string, unknown>; delta: Record<string, unknown> };

const FIELDS = 'id,title,date_created,user_created,date_updated,user_updated';

/** The date-created, user-created, date-updated and user-updated specials, as Directus fills them. */
describe('stamp specials', () => {
  let t: TestApp;
  let user: { token: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.request('POST', '/collections', {
      token: t.adminToken,
      body: {
        collection: 'notes',
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'title', type: 'string' },
          { field: 'date_created', type: 'timestamp', meta: { special: ['date-created'] } },
          { field: 'user_created', type: 'uuid', meta: { special: ['user-created'] } },
          { field: 'date_updated', type: 'timestamp', meta: { special: ['date-updated'] } },
          { field: 'user_updated', type: 'uuid', meta: { special: ['user-updated'] } },
        ],
      },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    user = await t.userWith({
      permissions: [
        { collection: 'notes', action: 'create', fields: ['title'] },
        { collection: 'notes', action: 'update', fields: ['title'] },
        { collection: 'notes', action: 'read', fields: ['*'] },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const revisions = async (id: number) =>
    dataOf<Revision[]>(
      await t.request('GET', `/revisions?filter[collection][_eq]=notes&filter[item][_eq]=${id}&sort=id&fields=data,delta`, {
        token: t.adminToken,
      }),
    );

  it('fills date_created and user_created on create, and leaves date_updated and user_updated empty (Directus fills them on update only)', async () => {
    const created = dataOf<Note>(await t.request('POST', `/items/notes?fields=${FIELDS}`, { token: user.token, body: { title: 'one' } }));
    expect(created.user_created).toBe(user.userId);
    expect(created.date_created).toEqual(expect.any(String));
    expect(created.date_updated).toBeNull();
    expect(created.user_updated).toBeNull();
    const [revision] = await revisions(created.id);
    expect(revision!.data).toMatchObject({ date_updated: null, user_updated: null, user_created: user.userId });
    expect(revision!.delta).not.toHaveProperty('date_updated');
  });

  it('fills date_updated and user_updated on update, and keeps the created stamps', async () => {
    const created = dataOf<Note>(await t.request('POST', `/items/notes?fields=${FIELDS}`, { token: t.adminToken, body: { title: 'two' } }));
    const updated = dataOf<Note>(
      await t.request('PATCH', `/items/notes/${created.id}?fields=${FIELDS}`, { token: user.token, body: { title: 'changed' } }),
    );
    expect(updated.user_updated).toBe(user.userId);
    expect(updated.date_updated).toEqual(expect.any(String));
    expect(updated.date_created).toBe(created.date_created);
    expect(updated.user_created).toBe(created.user_created);
    const [, revision] = await revisions(created.id);
    expect(revision!.delta).toMatchObject({ title: 'changed', user_updated: user.userId, date_updated: expect.any(String) });
  });

  it('refuses a stamp field the caller may not write (403), on create as on update', async () => {
    const refused = await t.request('POST', '/items/notes', {
      token: user.token,
      body: { title: 'x', date_updated: '2020-01-01T00:00:00Z' },
    });
    expectError(refused, 403, 'FORBIDDEN');
    const created = dataOf<Note>(await t.request('POST', '/items/notes', { token: user.token, body: { title: 'y' } }));
    expectError(
      await t.request('PATCH', `/items/notes/${created.id}`, { token: user.token, body: { user_updated: null } }),
      403,
      'FORBIDDEN',
    );
  });

  it('leaves a file’s modified_by empty on upload (modified_on is the column’s default, as in Directus)', async () => {
    const body = await multipart([{ name: 'file', filename: 'hello.txt', type: 'text/plain', content: 'hello' }]);
    const upload = await t.app.server.inject({
      method: 'POST',
      url: '/files?fields=id,uploaded_by,modified_by,modified_on',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${t.adminToken}` },
    });
    const file = dataOf<{ uploaded_by: string | null; modified_by: string | null; modified_on: string | null }>(upload);
    expect(file.uploaded_by).toEqual(expect.any(String));
    expect(file.modified_by).toBeNull();
    expect(file.modified_on).toEqual(expect.any(String));
  });
});
