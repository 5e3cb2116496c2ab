import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_POLICY_ID } from '../../../src/kernel/system/system-collections.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';
import { adminData, type Row } from './permission-helpers.js';

/** The ten operations of `/permissions` (spec §4.5), their bad inputs, and who may use them. */
describe('/permissions in all its forms', () => {
  let t: TestApp;
  let policy: string;
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const rule = (more: Row = {}) => ({ collection: 'articles', action: 'read', fields: ['id', 'title'], policy, ...more });
  const stored = () => countRows(t.app, 'service_permissions');

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    policy = String((await adminData(t, 'POST', '/policies', { name: 'Editors', app_access: true })).id);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('list', () => {
    beforeAll(async () => {
      await t.app.knex('service_permissions').delete();
      await adminData(t, 'POST', '/permissions', [
        rule({ action: 'read' }),
        rule({ action: 'create' }),
        rule({ action: 'update', permissions: { status: { _eq: 'draft' } } }),
        rule({ collection: 'authors', action: 'read', fields: ['*'] }),
      ]);
    });

    it('lists stored rules only (never the built-in app-access rules), with meta', async () => {
      const response = await admin('GET', '/permissions?meta=total_count,filter_count&sort=id');
      expect(response.statusCode).toBe(200);
      const body = response.json() as { data: Row[]; meta: Row };
      expect(body.data.map((r) => `${r.collection}:${r.action}`)).toEqual([
        'articles:read',
        'articles:create',
        'articles:update',
        'authors:read',
      ]);
      expect(body.data.every((r) => typeof r.id === 'number' && r.policy === policy)).toBe(true);
      expect(body.meta).toEqual({ total_count: 4, filter_count: 4 });
      expect(body.data[2]).toMatchObject({
        permissions: { status: { _eq: 'draft' } },
        validation: null,
        presets: null,
        fields: ['id', 'title'],
      });
    });

    it('honours limit, page, offset, filter, sort, fields and search', async () => {
      const page = (url: string) => admin('GET', url).then((r) => dataOf<Row[]>(r));
      expect(await page('/permissions?limit=1&sort=id&fields=action')).toEqual([{ action: 'read' }]);
      expect(await page('/permissions?limit=1&page=2&sort=id&fields=action')).toEqual([{ action: 'create' }]);
      expect(await page('/permissions?limit=2&offset=3&sort=id&fields=collection')).toEqual([{ collection: 'authors' }]);
      expect(await page('/permissions?filter[collection][_eq]=authors&fields=collection,action')).toEqual([
        { collection: 'authors', action: 'read' },
      ]);
      expect(await page('/permissions?sort=-id&limit=1&fields=action')).toEqual([{ action: 'read' }]);
      expect((await page(`/permissions?filter[policy][name][_eq]=Editors&fields=id`)).length).toBe(4);
      const filtered = (await admin('GET', '/permissions?filter[action][_eq]=update&meta=filter_count')).json() as { meta: Row };
      expect(filtered.meta).toEqual({ filter_count: 1 });
    });

    it('reads by body query or keys with SEARCH', async () => {
      const ids = dataOf<Row[]>(await admin('GET', '/permissions?sort=id&fields=id')).map((r) => r.id);
      const byKeys = await admin('SEARCH', '/permissions?fields=id', { keys: [ids[1], ids[3]] });
      expect(dataOf<Row[]>(byKeys).map((r) => r.id)).toEqual([ids[1], ids[3]]);
      const byQuery = await admin('SEARCH', '/permissions', { query: { filter: { action: { _eq: 'create' } }, fields: ['action'] } });
      expect(dataOf(byQuery)).toEqual([{ action: 'create' }]);
    });

    it('answers 400 for malformed query parameters', async () => {
      expectError(await admin('GET', '/permissions?filter={bad'), 400, 'INVALID_QUERY');
      expectError(await admin('GET', '/permissions?limit=abc'), 400, 'INVALID_QUERY');
      expectError(await admin('GET', '/permissions?meta=everything'), 400, 'INVALID_QUERY');
      expectError(await admin('GET', '/permissions?fields=nope'), 403, 'FORBIDDEN');
    });
  });

  describe('create', () => {
    it('creates one rule from a modern body (fields as array or CSV) and answers 200 with it', async () => {
      const response = await admin('POST', '/permissions', rule({ fields: 'id, title,status', presets: { status: 'draft' } }));
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toEqual({
        id: expect.any(Number),
        collection: 'articles',
        action: 'read',
        permissions: null,
        validation: null,
        presets: { status: 'draft' },
        fields: ['id', 'title', 'status'],
        policy,
      });
      const json = await admin('POST', '/permissions?fields=permissions', rule({ permissions: '{"status":{"_eq":"published"}}' }));
      expect(dataOf(json)).toEqual({ permissions: { status: { _eq: 'published' } } });
    });

    it('creates many from a bare array or {data: [...]}, in order, with meta when asked', async () => {
      const bare = await admin('POST', '/permissions?fields=action', [rule({ action: 'share' }), rule({ action: 'delete' })]);
      expect(dataOf(bare)).toEqual([{ action: 'share' }, { action: 'delete' }]);
      const before = await stored();
      const wrapped = await admin('POST', '/permissions?fields=collection,action&meta=total_count,filter_count', {
        data: [rule({ collection: 'comments' }), rule({ collection: 'comments', action: 'create' })],
      });
      expect(wrapped.statusCode).toBe(200);
      expect(wrapped.json()).toEqual({
        data: [
          { collection: 'comments', action: 'read' },
          { collection: 'comments', action: 'create' },
        ],
        meta: { total_count: before + 2, filter_count: 2 },
      });
    });

    it('refuses bad bodies with 400 and writes nothing (one bad rule in a batch stops the batch)', async () => {
      const before = await stored();
      const cases: [unknown, number, string][] = [
        [rule({ action: 'destroy' }), 400, 'INVALID_PAYLOAD'],
        [rule({ action: undefined }), 400, 'INVALID_PAYLOAD'],
        [rule({ collection: 'nope' }), 400, 'INVALID_PAYLOAD'],
        [rule({ policy: '00000000-0000-4000-8000-000000000000' }), 400, 'INVALID_PAYLOAD'],
        [rule({ policy: 'not-a-uuid' }), 400, 'INVALID_PAYLOAD'],
        [rule({ policy: undefined }), 400, 'FAILED_VALIDATION'],
        [rule({ permissions: '{"status": ' }), 400, 'INVALID_PAYLOAD'],
        [rule({ permissions: [1, 2] }), 400, 'INVALID_PAYLOAD'],
        [rule({ permissions: { nope: { _eq: 1 } } }), 400, 'INVALID_PAYLOAD'],
        [rule({ permissions: { title: { _bogus: 1 } } }), 400, 'INVALID_PAYLOAD'],
        [rule({ permissions: { rating: { _gt: 'many' } } }), 400, 'INVALID_PAYLOAD'],
        [rule({ permissions: { author: { nope: { _eq: 1 } } } }), 400, 'INVALID_PAYLOAD'],
        [rule({ validation: { nope: { _eq: 1 } } }), 400, 'INVALID_PAYLOAD'],
        [rule({ validation: { rating: { _between_ish: 1 } } }), 400, 'INVALID_PAYLOAD'],
        [rule({ presets: 'status=draft' }), 400, 'INVALID_PAYLOAD'],
        [rule({ presets: { nope: 1 } }), 400, 'INVALID_PAYLOAD'],
        [rule({ fields: 5 }), 400, 'INVALID_PAYLOAD'],
        [rule({ fields: { title: true } }), 400, 'INVALID_PAYLOAD'],
        [rule({ fields: [1, 2] }), 400, 'INVALID_PAYLOAD'],
        [rule({ unknown_key: 1 }), 400, 'INVALID_PAYLOAD'],
        ['just text', 400, 'INVALID_PAYLOAD'],
        [[rule(), rule({ action: 'destroy' })], 400, 'INVALID_PAYLOAD'],
        [[rule(), 'text'], 400, 'INVALID_PAYLOAD'],
      ];
      for (const [body, status, code] of cases) {
        const response = await admin('POST', '/permissions', body);
        expect({ body, status: response.statusCode }).toEqual({ body, status });
        expectError(response, status, code);
      }
      expect(await stored()).toBe(before);
    });

    it('accepts dynamic variables and relational paths in filters', async () => {
      const response = await admin(
        'POST',
        '/permissions',
        rule({
          permissions: {
            _or: [
              { author: { name: { _eq: '$CURRENT_USER.first_name' } } },
              { published_on: { _lte: '$NOW(-1 day)' } },
              { id: { _in: [] } },
            ],
          },
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
    });
  });

  describe('read, update and delete', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = (
        await adminData<Row[]>(t, 'POST', '/permissions', [
          rule({ collection: 'home' }),
          rule({ collection: 'home', action: 'update' }),
          rule({ collection: 'home', action: 'delete' }),
        ])
      ).map((r) => r.id as number);
    });

    it('reads one; a missing or malformed id is 403 FORBIDDEN', async () => {
      expect(dataOf(await admin('GET', `/permissions/${ids[0]}?fields=collection,action`))).toEqual({ collection: 'home', action: 'read' });
      expectError(await admin('GET', '/permissions/999999'), 403, 'FORBIDDEN');
      expectError(await admin('GET', '/permissions/abc'), 403, 'FORBIDDEN');
      expectError(await admin('PATCH', '/permissions/999999', { fields: ['*'] }), 403, 'FORBIDDEN');
      expectError(await admin('DELETE', '/permissions/999999'), 403, 'FORBIDDEN');
    });

    it('updates one, many by keys, many by query and a batch', async () => {
      expect(dataOf(await admin('PATCH', `/permissions/${ids[0]}?fields=fields`, { fields: 'id' }))).toEqual({ fields: ['id'] });
      const byKeys = await admin('PATCH', '/permissions?fields=id,presets&meta=filter_count', {
        keys: [ids[1], ids[2]],
        data: { presets: { headline: 'x' } },
      });
      expect(byKeys.json()).toEqual({
        data: [
          { id: ids[1], presets: { headline: 'x' } },
          { id: ids[2], presets: { headline: 'x' } },
        ],
        meta: { filter_count: 2 },
      });
      const byQuery = await admin('PATCH', '/permissions?fields=id', {
        query: { filter: { collection: { _eq: 'home' }, action: { _eq: 'delete' } } },
        data: { fields: ['*'] },
      });
      expect(dataOf(byQuery)).toEqual([{ id: ids[2] }]);
      const batch = await admin('PATCH', '/permissions?fields=id,fields', [
        { id: ids[0], fields: ['id', 'headline'] },
        { id: ids[1], fields: ['intro'] },
      ]);
      expect(dataOf(batch)).toEqual([
        { id: ids[0], fields: ['id', 'headline'] },
        { id: ids[1], fields: ['intro'] },
      ]);
    });

    it('refuses bad updates with 400 and changes nothing', async () => {
      const before = await t.app.knex('service_permissions').where({ id: ids[0]! }).first();
      const cases: [string, string, unknown, string][] = [
        ['PATCH', `/permissions/${ids[0]}`, { action: 'destroy' }, 'INVALID_PAYLOAD'],
        ['PATCH', `/permissions/${ids[0]}`, { collection: 'nope' }, 'INVALID_PAYLOAD'],
        ['PATCH', `/permissions/${ids[0]}`, { policy: '00000000-0000-4000-8000-000000000000' }, 'INVALID_PAYLOAD'],
        ['PATCH', `/permissions/${ids[0]}`, { permissions: '{oops' }, 'INVALID_PAYLOAD'],
        ['PATCH', `/permissions/${ids[0]}`, { permissions: { nope: { _null: true } } }, 'INVALID_PAYLOAD'],
        ['PATCH', `/permissions/${ids[0]}`, { fields: 12 }, 'INVALID_PAYLOAD'],
        ['PATCH', `/permissions/${ids[0]}`, { read: 'full' }, 'INVALID_PAYLOAD'],
        ['PATCH', '/permissions', { keys: [ids[0]], data: { action: 'x' } }, 'INVALID_PAYLOAD'],
        ['PATCH', '/permissions', { query: { filter: { id: { _eq: ids[0] } } }, data: { collection: 'nope' } }, 'INVALID_PAYLOAD'],
        ['PATCH', '/permissions', { data: { fields: ['*'] } }, 'INVALID_PAYLOAD'],
        ['PATCH', '/permissions', { keys: [ids[0]] }, 'INVALID_PAYLOAD'],
        ['PATCH', '/permissions', { keys: [ids[0]], query: {}, data: {} }, 'INVALID_PAYLOAD'],
        ['PATCH', '/permissions', 'text', 'INVALID_PAYLOAD'],
        ['DELETE', '/permissions', { nothing: true }, 'INVALID_PAYLOAD'],
        ['DELETE', '/permissions', 'text', 'INVALID_PAYLOAD'],
      ];
      for (const [method, url, body, code] of cases) {
        const response = await admin(method, url, body);
        expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
        expectError(response, 400, code);
      }
      // Moving a rule onto a collection where its filter means nothing is refused as well.
      await admin('PATCH', `/permissions/${ids[0]}`, { permissions: { headline: { _nnull: true } } });
      expectError(await admin('PATCH', `/permissions/${ids[0]}`, { collection: 'comments' }), 400, 'INVALID_PAYLOAD');
      expect(await t.app.knex('service_permissions').where({ id: ids[0]! }).first()).toMatchObject({
        collection: before.collection,
        action: before.action,
      });
    });

    it('deletes one, a bare array, {keys} and {query} (204)', async () => {
      const extra = (
        await adminData<Row[]>(t, 'POST', '/permissions', [
          rule({ collection: 'comments' }),
          rule({ collection: 'comments' }),
          rule({ collection: 'comments' }),
        ])
      ).map((r) => r.id as number);
      expect((await admin('DELETE', `/permissions/${ids[0]}`)).statusCode).toBe(204);
      expect((await admin('DELETE', '/permissions', [ids[1]])).statusCode).toBe(204);
      expect((await admin('DELETE', '/permissions', { keys: [ids[2], extra[0]] })).statusCode).toBe(204);
      expect((await admin('DELETE', '/permissions', { query: { filter: { id: { _in: extra.slice(1) } } } })).statusCode).toBe(204);
      expect(
        await t.app
          .knex('service_permissions')
          .whereIn('id', [...ids, ...extra])
          .count({ n: '*' })
          .first(),
      ).toEqual({ n: expect.anything() });
      expect(
        Number(
          (await t.app
            .knex('service_permissions')
            .whereIn('id', [...ids, ...extra])
            .count({ n: '*' })
            .first())!.n,
        ),
      ).toBe(0);
      expectError(await admin('DELETE', '/permissions', [999999]), 403, 'FORBIDDEN');
    });
  });

  describe('who may manage rules', () => {
    it('refuses every form to non-administrators and the public (403), writing nothing', async () => {
      const user = await t.userWith({ appAccess: true });
      const before = await stored();
      const id = (await adminData(t, 'POST', '/permissions', rule())).id;
      for (const token of [user.token, null]) {
        const forms: [string, string, unknown?][] = [
          ['GET', '/permissions'],
          ['SEARCH', '/permissions', { query: {} }],
          ['GET', `/permissions/${id}`],
          ['POST', '/permissions', rule()],
          ['POST', '/permissions', [rule()]],
          ['POST', '/permissions', { collection: 'articles', role: null, read: 'full' }],
          ['PATCH', `/permissions/${id}`, { fields: ['*'] }],
          ['PATCH', '/permissions', { keys: [id], data: { fields: ['*'] } }],
          ['PATCH', '/permissions', { query: { filter: {} }, data: { fields: ['*'] } }],
          ['DELETE', `/permissions/${id}`],
          ['DELETE', '/permissions', [id]],
          ['DELETE', '/permissions', { query: { filter: {} } }],
        ];
        for (const [method, url, body] of forms) expectError(await t.request(method, url, { token, body }), 403, 'FORBIDDEN');
      }
      expect(await stored()).toBe(before + 1);
      expect(dataOf(await admin('GET', `/permissions/${id}?fields=fields`))).toEqual({ fields: ['id', 'title'] });
    });

    it('lets a user whose rules grant it read permissions, and nothing more', async () => {
      const reader = await t.userWith({
        permissions: [
          {
            collection: 'service_permissions',
            action: 'read',
            fields: ['id', 'collection', 'action'],
            permissions: { collection: { _eq: 'articles' } },
          },
        ],
      });
      const rows = dataOf<Row[]>(await t.request('GET', '/permissions?limit=-1', { token: reader.token }));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.collection === 'articles' && Object.keys(r).length === 3)).toBe(true);
      expectError(await t.request('POST', '/permissions', { token: reader.token, body: rule() }), 403, 'FORBIDDEN');
    });
  });

  describe('cache invalidation', () => {
    it('applies a rule change on the very next request', async () => {
      await adminData(t, 'POST', '/items/articles', { title: 'Cached', status: 'published' });
      const user = await t.userWith({});
      const get = () => t.request('GET', '/items/articles?fields=title,status', { token: user.token });
      expectError(await get(), 403, 'FORBIDDEN');

      const created = await adminData(t, 'POST', '/permissions', {
        collection: 'articles',
        action: 'read',
        fields: ['title'],
        policy: user.policyId,
      });
      expect(dataOf<Row[]>(await t.request('GET', '/items/articles?fields=title', { token: user.token }))).toEqual([{ title: 'Cached' }]);
      expectError(await get(), 403, 'FORBIDDEN');

      await adminData(t, 'PATCH', `/permissions/${created.id}`, { fields: ['title', 'status'] });
      expect(dataOf(await get())).toEqual([{ title: 'Cached', status: 'published' }]);

      await adminData(t, 'PATCH', '/permissions', { keys: [created.id], data: { permissions: { status: { _eq: 'draft' } } } });
      expect(dataOf(await get())).toEqual([]);

      expect((await admin('DELETE', '/permissions', { query: { filter: { id: { _eq: created.id } } } })).statusCode).toBe(204);
      expectError(await get(), 403, 'FORBIDDEN');

      // Policies, access rows and roles invalidate too.
      await adminData(t, 'POST', '/permissions', { collection: 'articles', action: 'read', fields: ['*'], policy: user.policyId });
      expect((await get()).statusCode).toBe(200);
      await adminData(t, 'PATCH', `/policies/${user.policyId}`, { ip_access: ['10.9.9.9'] });
      expectError(await get(), 403, 'FORBIDDEN');
      await adminData(t, 'PATCH', `/policies/${user.policyId}`, { ip_access: null });
      expect((await get()).statusCode).toBe(200);
      const access = dataOf<Row[]>(await admin('GET', `/access?filter[policy][_eq]=${user.policyId}&fields=id`));
      expect((await admin('DELETE', `/access/${access[0]!.id}`)).statusCode).toBe(204);
      expectError(await get(), 403, 'FORBIDDEN');
    });
  });

  describe('the legacy single-rule body', () => {
    let roleId: string;
    beforeAll(async () => {
      // `notes` has an owner (user-created, a relation to users) and a status, as Directus 8 collections did.
      const { knex } = t.app;
      await knex.schema.createTable('notes', (table) => {
        table.increments('id');
        table.string('title', 50);
        table.string('status', 20).defaultTo('draft');
        table.text('secret');
        table.uuid('user_created').nullable().references('id').inTable('service_users');
      });
      await knex('service_collections').insert({ collection: 'notes' });
      await knex('service_fields').insert({ collection: 'notes', field: 'user_created', special: 'user-created' });
      await knex('service_relations').insert({ many_collection: 'notes', many_field: 'user_created', one_collection: 'service_users' });
      t.app.schema.invalidate();
      roleId = String((await adminData(t, 'POST', '/roles', { name: 'Writers' })).id);
    });

    it('converts levels, status and blacklists into modern rules on a new policy of the role', async () => {
      const response = await admin('POST', '/permissions?fields=collection,action,permissions,validation,presets,fields,policy', {
        collection: 'notes',
        role: roleId,
        status: 'draft',
        status_blacklist: 'published,archived',
        read: 'mine',
        create: 'full',
        update: 'role',
        delete: 'none',
        comment: 'read',
        explain: 'update',
        read_field_blacklist: ['secret'],
        write_field_blacklist: 'secret,user_created',
      });
      expect(response.statusCode, response.body).toBe(200);
      const rules = dataOf<Row[]>(response);
      const newPolicy = rules[0]!.policy as string;
      expect(rules).toEqual([
        {
          collection: 'notes',
          action: 'read',
          permissions: { _and: [{ user_created: { _eq: '$CURRENT_USER' } }, { status: { _eq: 'draft' } }] },
          validation: null,
          presets: null,
          fields: ['id', 'title', 'status', 'user_created'],
          policy: newPolicy,
        },
        {
          collection: 'notes',
          action: 'create',
          permissions: null,
          validation: { _and: [{ status: { _eq: 'draft' } }, { status: { _nin: ['published', 'archived'] } }] },
          presets: { status: 'draft' },
          fields: ['id', 'title', 'status'],
          policy: newPolicy,
        },
        {
          collection: 'notes',
          action: 'update',
          permissions: { _and: [{ user_created: { role: { _eq: '$CURRENT_ROLE' } } }, { status: { _eq: 'draft' } }] },
          validation: { status: { _nin: ['published', 'archived'] } },
          presets: null,
          fields: ['id', 'title', 'status'],
          policy: newPolicy,
        },
        {
          collection: 'service_comments',
          action: 'read',
          permissions: { collection: { _eq: 'notes' } },
          validation: null,
          presets: null,
          fields: ['*'],
          policy: newPolicy,
        },
      ]);
      expect(await adminData(t, 'GET', `/policies/${newPolicy}?fields=name,admin_access,app_access`)).toEqual({
        name: 'Writers',
        admin_access: false,
        app_access: false,
      });
      expect(await countRows(t.app, 'service_access', { role: roleId, policy: newPolicy })).toBe(1);

      // The rules work: a writer sees only their own drafts and can't publish.
      const ann = await adminData(t, 'POST', '/users', { email: 'ann@example.com', password: 'AnnPass123!', role: roleId });
      const bob = await adminData(t, 'POST', '/users', { email: 'bob@example.com', password: 'BobPass123!', role: roleId });
      const annToken = await t.login('ann@example.com', 'AnnPass123!');
      const bobToken = await t.login('bob@example.com', 'BobPass123!');
      expect(
        dataOf(await t.request('POST', '/items/notes?fields=title,status,user_created', { token: annToken, body: { title: 'Mine' } })),
      ).toEqual({
        title: 'Mine',
        status: 'draft',
        user_created: ann.id,
      });
      expectError(
        await t.request('POST', '/items/notes', { token: annToken, body: { title: 'Out', status: 'published' } }),
        400,
        'FAILED_VALIDATION',
      );
      expect(dataOf<Row[]>(await t.request('GET', '/items/notes?fields=title', { token: bobToken }))).toEqual([]);
      const [note] = dataOf<Row[]>(await t.request('GET', '/items/notes?fields=id,title', { token: annToken }));
      expect(note).toMatchObject({ title: 'Mine' });
      expectError(await t.request('GET', '/items/notes?fields=secret', { token: annToken }), 403, 'FORBIDDEN');
      // Same role: Bob may update Ann's draft (level "role") but not read it (level "mine").
      expect((await t.request('PATCH', `/items/notes/${note!.id}`, { token: bobToken, body: { title: 'By Bob' } })).statusCode).toBe(204);
      expect(bob.id).toBeTruthy();
    });

    it("adds to the role's own policy when it has one, and uses the public policy for role null", async () => {
      const first = dataOf<Row[]>(await admin('POST', '/permissions?fields=policy', { collection: 'notes', role: roleId, delete: 'full' }));
      const second = dataOf<Row[]>(
        await admin('POST', '/permissions?fields=policy,action,permissions', { collection: 'notes', role: roleId, read: 'full' }),
      );
      expect(second).toEqual([{ policy: first[0]!.policy, action: 'read', permissions: null }]);
      expect(await countRows(t.app, 'service_access', { role: roleId })).toBe(1);

      const anonymous = dataOf<Row[]>(
        await admin('POST', '/permissions?fields=policy,action,fields', {
          collection: 'authors',
          role: null,
          read: 'full',
          read_field_blacklist: ['email'],
        }),
      );
      expect(anonymous).toEqual([{ policy: PUBLIC_POLICY_ID, action: 'read', fields: ['id', 'name', 'articles'] }]);
      expect(dataOf<Row[]>(await t.request('GET', '/items/authors?fields=name'))).toEqual([]);
    });

    it('creates a policy for a role whose policies are shared with others', async () => {
      const role = await adminData(t, 'POST', '/roles', { name: 'Sharing' });
      const other = await adminData(t, 'POST', '/roles', { name: 'Other' });
      const shared = await adminData(t, 'POST', '/policies', { name: 'Shared' });
      await adminData(t, 'POST', '/access', { role: role.id, policy: shared.id });
      await adminData(t, 'POST', '/access', { role: other.id, policy: shared.id });
      const [created] = dataOf<Row[]>(
        await admin('POST', '/permissions?fields=policy', { collection: 'notes', role: role.id, read: 'full' }),
      );
      expect(created!.policy).not.toBe(shared.id);
      expect(await countRows(t.app, 'service_access', { role: role.id as string })).toBe(2);
    });

    it("accepts Directus 10 bodies ({role, action}) on the role's policy", async () => {
      const role = await adminData(t, 'POST', '/roles', { name: 'Ten' });
      const created = dataOf(
        await admin('POST', '/permissions?fields=collection,action,fields', {
          role: role.id,
          collection: 'notes',
          action: 'read',
          fields: ['title'],
        }),
      );
      expect(created).toEqual({ collection: 'notes', action: 'read', fields: ['title'] });
      expect(await countRows(t.app, 'service_access', { role: role.id as string })).toBe(1);
    });

    it("answers {data: []} when every level is none, and 400 for bodies it can't express", async () => {
      const before = await stored();
      expect((await admin('POST', '/permissions', { collection: 'notes', role: roleId, read: 'none' })).json()).toEqual({ data: [] });
      const bad: Row[] = [
        { collection: 'notes', role: roleId, read: 'everything' },
        { collection: 'notes', role: roleId, create: 'mine' },
        { collection: 'notes', role: roleId, comment: 'sometimes' },
        { collection: 'notes', role: roleId, explain: 'never' },
        { collection: 'nope', role: roleId, read: 'full' },
        { collection: 'notes', read: 'full' },
        { collection: 'notes', role: '00000000-0000-4000-8000-000000000000', read: 'full' },
        { collection: 'notes', role: 42, read: 'full' },
        { collection: 'articles', role: roleId, read: 'mine' },
        { collection: 'authors', role: roleId, read: 'full', status: 'draft' },
        { collection: 'notes', role: roleId, read: 'full', read_field_blacklist: ['nope'] },
        { collection: 'notes', role: roleId, read: 'full', write_field_blacklist: 7 },
        { collection: 'notes', role: roleId, read: 'full', action: 'read' },
        { collection: 'notes', role: roleId, read: 'full', id: 3 },
      ];
      for (const body of bad) {
        const response = await admin('POST', '/permissions', body);
        expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
        expectError(response, 400, 'INVALID_PAYLOAD');
      }
      expect(await stored()).toBe(before);
    });
  });
});
