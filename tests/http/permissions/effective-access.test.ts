import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { seedCollections } from '../../setup/seed-collections.js';
import { gql, gqlData, type GraphqlBody } from '../../graphql/graphql-request.js';
import { adminData, send, type Row } from './permission-helpers.js';

const NONE = { access: 'none' };
const ACTIONS = ['read', 'create', 'update', 'delete', 'share'];

/** `GET /permissions/me` (§6.6), `/permissions/me/:collection/:id?` (§6.7), `/roles/me`, `/policies/me/globals`, GraphQL `permissions_me`. */
describe('effective access', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const me = (token: string | null, url = '/permissions/me') => t.request('GET', url, { token });

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    const rows = await adminData<Row[]>(t, 'POST', '/items/articles', [
      { title: 'Published', status: 'published' },
      { title: 'Draft', status: 'draft' },
    ]);
    for (const row of rows) ids[row.title as string] = row.id as number;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /permissions/me', () => {
    it('is 403 for the public, even with public rules', async () => {
      await adminData(t, 'POST', '/permissions', {
        collection: 'authors',
        action: 'read',
        fields: ['*'],
        policy: 'abf8a154-5b1c-4a46-ac9c-7300570f4f17',
      });
      expectError(await me(null), 403, 'FORBIDDEN');
    });

    it('gives administrators every collection, all five actions full', async () => {
      const data = dataOf<Record<string, Record<string, unknown>>>(await me(t.adminToken));
      const collections = Object.keys((await t.app.schema.get()).collections).sort();
      expect(Object.keys(data).sort()).toEqual(collections);
      expect(collections).toEqual(expect.arrayContaining(['articles', 'home', 'service_users', 'service_permissions']));
      for (const entry of Object.values(data)) {
        expect(Object.keys(entry)).toEqual(ACTIONS);
        for (const action of ACTIONS) expect(entry[action]).toEqual({ access: 'full', fields: ['*'] });
      }
    });

    it('lists only the collections with rules for an API-only user, none for actions without rules', async () => {
      const user = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['status'] }] });
      expect((await me(user.token)).json()).toEqual({
        data: { articles: { read: { access: 'full', fields: ['status'] }, create: NONE, update: NONE, delete: NONE, share: NONE } },
      });
    });

    it('merges several rules: full when one is unfiltered, partial when all are filtered, union of fields, merged presets', async () => {
      const user = await t.userWith({
        permissions: [
          { collection: 'articles', action: 'read', permissions: { status: { _eq: 'published' } }, fields: ['id', 'title'] },
          { collection: 'articles', action: 'read', fields: ['rating'] },
          { collection: 'articles', action: 'update', permissions: { status: { _eq: 'draft' } }, fields: ['title'] },
          { collection: 'articles', action: 'update', permissions: { rating: { _gt: 1 } }, fields: ['rating', 'title'] },
          { collection: 'articles', action: 'create', fields: ['title'], presets: { status: 'draft', rating: 1 } },
          { collection: 'articles', action: 'create', fields: ['*'], presets: { rating: 2 } },
          { collection: 'articles', action: 'delete', fields: null },
          { collection: 'comments', action: 'share', permissions: {}, fields: ['id'] },
        ],
      });
      const data = dataOf<Record<string, unknown>>(await me(user.token));
      expect(data).toEqual({
        articles: {
          // Directus reports "partial" here (any filtered rule); the rows are all readable, so it is "full".
          read: { access: 'full', fields: ['id', 'title', 'rating'] },
          create: { access: 'full', fields: ['*'], presets: { status: 'draft', rating: 2 } },
          update: { access: 'partial', fields: ['title', 'rating'] },
          delete: { access: 'full' },
          share: NONE,
        },
        comments: { read: NONE, create: NONE, update: NONE, delete: NONE, share: { access: 'full', fields: ['id'] } },
      });
      expect(Object.keys(data.articles as Row)).toEqual(ACTIONS);
    });

    it('includes the built-in app-access rules for app users', async () => {
      const user = await t.userWith({ appAccess: true });
      const data = dataOf<Record<string, Record<string, Row>>>(await me(user.token));
      expect(Object.keys(data).sort()).toEqual([
        'service_activity',
        'service_collections',
        'service_comments',
        'service_fields',
        'service_notifications',
        'service_presets',
        'service_relations',
        'service_roles',
        'service_settings',
        'service_shares',
        'service_translations',
        'service_users',
      ]);
      // Presets: their own (and their roles' and everyone's) to read, their own to write.
      expect(data.service_presets!.read).toEqual({ access: 'partial', fields: ['*'] });
      expect(data.service_presets!.delete).toEqual({ access: 'partial', fields: ['*'] });
      expect(data.service_collections!.read).toEqual({ access: 'full', fields: ['*'] });
      expect(data.service_activity!.read).toEqual({ access: 'partial', fields: ['*'] });
      expect(data.service_users!.read).toMatchObject({ access: 'partial', fields: expect.arrayContaining(['id', 'email', 'role']) });
      expect(data.service_users!.update).toEqual(NONE);
      // Their own notifications, to read and archive; their own comments, and new ones.
      expect(data.service_notifications!.read).toEqual({ access: 'partial', fields: ['*'] });
      expect(data.service_notifications!.update).toEqual({ access: 'partial', fields: ['status'] });
      expect(data.service_notifications!.create).toEqual(NONE);
      // Every translation string, to read (the app resolves `$t:` keys), none to write.
      expect(data.service_translations!.read).toEqual({ access: 'full', fields: ['*'] });
      expect(data.service_translations!.create).toEqual(NONE);
      expect(data.service_comments!.create).toEqual({ access: 'full', fields: ['*'] });
      expect(data.service_comments!.update).toEqual({ access: 'partial', fields: ['comment'] });
      // Their own shares; new ones (the shares behaviour checks the item), never their use count.
      expect(data.service_shares!.read).toEqual({ access: 'partial', fields: ['*'] });
      expect(data.service_shares!.create).toMatchObject({ access: 'full', fields: expect.not.arrayContaining(['times_used']) });
    });

    it('works for a user without a role who has a policy of their own, and leaves out policies outside their IP list', async () => {
      const user = await adminData(t, 'POST', '/users', { email: 'norole@example.com', password: 'NoRole123!' });
      const own = await adminData(t, 'POST', '/policies', { name: 'Own' });
      const office = await adminData(t, 'POST', '/policies', { name: 'Office', ip_access: '10.0.0.0/8' });
      await adminData(t, 'POST', '/access', { user: user.id, policy: own.id });
      await adminData(t, 'POST', '/access', { user: user.id, policy: office.id });
      await adminData(t, 'POST', '/permissions', [
        { collection: 'authors', action: 'read', fields: ['name'], policy: own.id },
        { collection: 'comments', action: 'read', fields: ['*'], policy: office.id },
      ]);
      const token = await t.login('norole@example.com', 'NoRole123!');
      expect(Object.keys(dataOf<Row>(await send(t, { token }, 'GET', '/permissions/me')))).toEqual(['authors']);
      expect(Object.keys(dataOf<Row>(await send(t, { token, ip: '10.0.0.5' }, 'GET', '/permissions/me'))).sort()).toEqual([
        'authors',
        'comments',
      ]);
    });

    it('answers for another user when an administrator asks with ?user=', async () => {
      const user = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['status'] }] });
      const asAdmin = dataOf<Row>(await me(t.adminToken, `/permissions/me?user=${user.userId}`));
      expect(asAdmin).toEqual(dataOf(await me(user.token)));
      expect(dataOf<Row>(await me(user.token, `/permissions/me?user=${user.userId}`))).toEqual(asAdmin);
      const other = await t.userWith({});
      expectError(await me(other.token, `/permissions/me?user=${user.userId}`), 403, 'FORBIDDEN');
      expectError(await me(t.adminToken, '/permissions/me?user=00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
      expectError(await me(t.adminToken, '/permissions/me?user=nobody'), 403, 'FORBIDDEN');
    });
  });

  describe('GET /permissions/me/:collection/:id', () => {
    let editor: Awaited<ReturnType<TestApp['userWith']>>;
    beforeAll(async () => {
      editor = await t.userWith({
        permissions: [
          { collection: 'articles', action: 'read', fields: ['*'] },
          { collection: 'articles', action: 'update', permissions: { status: { _eq: 'published' } }, fields: ['title'] },
          { collection: 'articles', action: 'delete', permissions: { status: { _eq: 'draft' } } },
          { collection: 'home', action: 'update', fields: ['headline'], presets: { intro: 'from rule' } },
        ],
      });
    });
    const flags = (update: boolean, del: boolean, share = false) => ({
      update: { access: update },
      delete: { access: del },
      share: { access: share },
    });

    it('checks each action against the item (filters evaluated on that item)', async () => {
      expect((await me(editor.token, `/permissions/me/articles/${ids.Published}`)).json()).toEqual({ data: flags(true, false) });
      expect(dataOf(await me(editor.token, `/permissions/me/articles/${ids.Draft}`))).toEqual(flags(false, true));
    });

    it('has the same shape whether or not the item or collection exists', async () => {
      expect(dataOf(await me(editor.token, '/permissions/me/articles/999999'))).toEqual(flags(false, false));
      expect(dataOf(await me(editor.token, '/permissions/me/articles/not-a-key'))).toEqual(flags(false, false));
      expect(dataOf(await me(editor.token, '/permissions/me/nope/1'))).toEqual(flags(false, false));
      expect(dataOf(await me(editor.token, '/permissions/me/nope'))).toEqual(flags(false, false));
    });

    it('answers for the collection as a whole without a key', async () => {
      expect(dataOf(await me(editor.token, '/permissions/me/articles'))).toEqual(flags(true, true));
      expect(dataOf(await me(editor.token, '/permissions/me/authors'))).toEqual(flags(false, false));
    });

    it('gives administrators everything and the public a 403', async () => {
      expect(dataOf(await me(t.adminToken, '/permissions/me/nope/1'))).toEqual(flags(true, true, true));
      expectError(await me(null, `/permissions/me/articles/${ids.Published}`), 403, 'FORBIDDEN');
      expectError(await me(null, '/permissions/me/articles'), 403, 'FORBIDDEN');
    });

    it('checks a singleton without a row as create, and adds fields and presets when update is allowed', async () => {
      expect(dataOf(await me(editor.token, '/permissions/me/home'))).toEqual(flags(false, false));
      await adminData(t, 'PATCH', '/items/home', { headline: 'Hello' });
      expect(dataOf(await me(editor.token, '/permissions/me/home'))).toEqual({
        update: { access: true, fields: ['headline'], presets: { intro: 'from rule' } },
        delete: { access: false },
        share: { access: false },
      });
    });
  });

  describe('/roles/me and /policies/me/globals (as Directus)', () => {
    it("answers the caller's roles (ids only when roles are not readable) and 403 to the public", async () => {
      const parent = await adminData(t, 'POST', '/roles', { name: 'Top' });
      const user = await t.userWith({ parentRole: String(parent.id) });
      const ids = dataOf<Row[]>(await me(user.token, '/roles/me')).map((r) => r.id);
      expect(ids.sort()).toEqual([String(parent.id), user.roleId].sort());
      const app = await t.userWith({ appAccess: true, parentRole: String(parent.id) });
      expect(dataOf<Row[]>(await me(app.token, '/roles/me?fields=name')).map((r) => r.name)).toContain('Top');
      expect(dataOf<Row[]>(await me(t.adminToken, '/roles/me?fields=name'))).toEqual([{ name: 'Administrator' }]);
      expectError(await me(null, '/roles/me'), 403, 'FORBIDDEN');
    });

    it('answers the policy flags, with only app_access for the public', async () => {
      expect(dataOf(await me(t.adminToken, '/policies/me/globals'))).toEqual({ app_access: true, admin_access: true, enforce_tfa: false });
      const user = await t.userWith({ appAccess: true });
      await adminData(t, 'PATCH', `/policies/${user.policyId}`, { enforce_tfa: true });
      expect(dataOf(await me(user.token, '/policies/me/globals'))).toEqual({ app_access: true, admin_access: false, enforce_tfa: true });
      expect(dataOf(await me(null, '/policies/me/globals'))).toEqual({ app_access: false });
    });
  });

  describe('GraphQL permissions_me', () => {
    it('answers the same JSON as REST for callers who can read permissions', async () => {
      const admin = await gqlData<{ permissions_me: unknown }>(t, '{ permissions_me }', { token: t.adminToken });
      expect(admin.permissions_me).toEqual(dataOf(await me(t.adminToken)));
      const reader = await t.userWith({ permissions: [{ collection: 'service_permissions', action: 'read', fields: ['id'] }] });
      const own = await gqlData<{ permissions_me: Record<string, unknown> }>(t, '{ permissions_me }', { token: reader.token });
      expect(own.permissions_me).toEqual(dataOf(await me(reader.token)));
      expect(Object.keys(own.permissions_me)).toEqual(['service_permissions']);
    });

    it("is not in the schema of callers who can't read permissions", async () => {
      const user = await t.userWith({ appAccess: true });
      const response = await gql(t, '{ permissions_me }', { token: user.token });
      expectError(response, 400, 'GRAPHQL_VALIDATION');
      expectError(await gql(t, '{ permissions_me }'), 400, 'GRAPHQL_VALIDATION');
    });

    it('is FORBIDDEN for the public even when a public rule exposes permissions', async () => {
      await adminData(t, 'POST', '/permissions', {
        collection: 'service_permissions',
        action: 'read',
        fields: ['id'],
        policy: 'abf8a154-5b1c-4a46-ac9c-7300570f4f17',
      });
      const body = (await gql(t, '{ permissions_me }')).json() as GraphqlBody;
      expect(body.data).toEqual({ permissions_me: null });
      expect(body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    });
  });
});
