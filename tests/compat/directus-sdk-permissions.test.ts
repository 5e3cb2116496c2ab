import {
  authentication,
  createDirectus,
  createPermission,
  createPermissions,
  createPolicy,
  deletePermission,
  deletePermissions,
  readItems,
  readPermission,
  readPermissions,
  readItemPermissions,
  readUserPermissions,
  rest,
  updatePermission,
  updatePermissions,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';

type Article = { id: number; title: string; status: string; rating: number | null };
type Schema = { articles: Article[]; authors: { id: number; name: string }[]; home: { id: number; headline: string | null } };
type SdkError = { errors: { message: string; extensions: { code: string } }[]; response?: Response };

async function sdkError(work: Promise<unknown>): Promise<SdkError> {
  try {
    await work;
  } catch (error) {
    return error as SdkError;
  }
  throw new Error('expected the SDK call to fail');
}

/** The official @directus/sdk's permission commands against a real listening server. */
describe('@directus/sdk permissions compatibility', () => {
  let t: TestApp;
  let url = '';
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const response = await t.request('POST', '/items/articles', {
      token: t.adminToken,
      body: [
        { title: 'Published', status: 'published', rating: 1 },
        { title: 'Draft', status: 'draft', rating: 2 },
      ],
    });
    for (const row of (response.json() as { data: Article[] }).data) ids[row.title] = row.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const client = async (email: string, password: string) => {
    const c = createDirectus<Schema>(url)
      .with(authentication('json', { autoRefresh: false }))
      .with(rest());
    await c.login({ email, password });
    return c;
  };
  const admin = () => client('admin@example.com', 'AdminPass123!');

  it('creates, reads, updates and deletes rules as an administrator', async () => {
    const c = await admin();
    const policy = await c.request(createPolicy({ name: 'SDK editors', app_access: false, admin_access: false }));
    const one = await c.request(
      createPermission({
        policy: policy.id,
        collection: 'articles',
        action: 'read',
        fields: ['id', 'title'],
        permissions: { status: { _eq: 'published' } },
      }),
    );
    expect(one).toMatchObject({
      id: expect.any(Number),
      policy: policy.id,
      collection: 'articles',
      action: 'read',
      fields: ['id', 'title'],
      permissions: { status: { _eq: 'published' } },
    });

    const many = await c.request(
      createPermissions(
        [
          { policy: policy.id, collection: 'articles', action: 'update', fields: ['title'], permissions: { status: { _eq: 'published' } } },
          { policy: policy.id, collection: 'articles', action: 'delete', permissions: { status: { _eq: 'draft' } } },
        ],
        { fields: ['id', 'action'] },
      ),
    );
    expect(many.map((p) => p.action)).toEqual(['update', 'delete']);

    const listed = await c.request(
      readPermissions({ filter: { policy: { _eq: policy.id } }, fields: ['id', 'action'], sort: ['id'], limit: 2 }),
    );
    expect(listed).toEqual([
      { id: one.id, action: 'read' },
      { id: many[0]!.id, action: 'update' },
    ]);
    expect(await c.request(readPermission(one.id, { fields: ['collection'] }))).toEqual({ collection: 'articles' });

    expect(await c.request(updatePermission(one.id, { fields: ['id', 'title', 'status'] }, { fields: ['fields'] }))).toEqual({
      fields: ['id', 'title', 'status'],
    });
    const updated = await c.request(updatePermissions([many[0]!.id, many[1]!.id], { presets: { rating: 1 } }, { fields: ['presets'] }));
    expect(updated).toEqual([{ presets: { rating: 1 } }, { presets: { rating: 1 } }]);

    await c.request(deletePermissions([many[1]!.id]));
    await c.request(deletePermission(many[0]!.id));
    const error = await sdkError(c.request(readPermission(many[0]!.id)));
    expect(error.errors[0]!.extensions.code).toBe('FORBIDDEN');
    expect(error.response?.status).toBe(403);

    const bad = await sdkError(c.request(createPermission({ policy: policy.id, collection: 'articles', action: 'destroy' as 'read' })));
    expect(bad.errors[0]!.extensions.code).toBe('INVALID_PAYLOAD');
    expect(bad.response?.status).toBe(400);
  });

  it("reads the current user's effective access and item access", async () => {
    const user = await t.userWith({
      email: 'sdk-editor@example.com',
      permissions: [
        { collection: 'articles', action: 'read', permissions: { status: { _eq: 'published' } }, fields: ['id', 'title'] },
        { collection: 'articles', action: 'update', permissions: { status: { _eq: 'published' } }, fields: ['title'] },
        { collection: 'articles', action: 'create', fields: ['title'], presets: { status: 'draft' } },
      ],
    });
    expect(user.token).toBeTruthy();
    const c = await client('sdk-editor@example.com', 'UserPass123!');
    expect(await c.request(readUserPermissions())).toEqual({
      articles: {
        read: { access: 'partial', fields: ['id', 'title'] },
        create: { access: 'full', fields: ['title'], presets: { status: 'draft' } },
        update: { access: 'partial', fields: ['title'] },
        delete: { access: 'none' },
        share: { access: 'none' },
      },
    });
    expect(await c.request(readItemPermissions('articles', ids.Published))).toEqual({
      update: { access: true },
      delete: { access: false },
      share: { access: false },
    });
    expect(await c.request(readItemPermissions('articles', ids.Draft))).toEqual({
      update: { access: false },
      delete: { access: false },
      share: { access: false },
    });
    expect(await c.request(readItemPermissions('articles'))).toEqual({
      update: { access: true },
      delete: { access: false },
      share: { access: false },
    });
    expect(await c.request(readItems('articles', { fields: ['title'] }))).toEqual([{ title: 'Published' }]);

    const refused = await sdkError(c.request(readPermissions()));
    expect(refused.errors[0]!.extensions.code).toBe('FORBIDDEN');
    const cannotCreate = await sdkError(
      c.request(createPermission({ policy: user.policyId, collection: 'authors', action: 'read', fields: ['*'] })),
    );
    expect(cannotCreate.response?.status).toBe(403);
  });

  it('shows a rule change to the same client on its next request', async () => {
    const c = await admin();
    const user = await t.userWith({ email: 'sdk-late@example.com' });
    const u = await client('sdk-late@example.com', 'UserPass123!');
    expect(await u.request(readUserPermissions())).toEqual({});
    const rule = await c.request(createPermission({ policy: user.policyId, collection: 'authors', action: 'read', fields: ['name'] }));
    expect(await u.request(readUserPermissions())).toEqual({
      authors: {
        read: { access: 'full', fields: ['name'] },
        create: { access: 'none' },
        update: { access: 'none' },
        delete: { access: 'none' },
        share: { access: 'none' },
      },
    });
    await c.request(deletePermission(rule.id));
    expect(await u.request(readUserPermissions())).toEqual({});
  });
});
