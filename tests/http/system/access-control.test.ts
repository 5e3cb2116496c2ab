import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

describe('/roles, /policies, /access, /permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const ok = async (method: string, url: string, body?: unknown) => {
    const response = await admin(method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return dataOf<Row & Row[]>(response);
  };

  describe('/roles', () => {
    it('creates nested roles through parent and lists children as an o2m', async () => {
      const parent = await ok('POST', '/roles', { name: 'Parent' });
      expect(parent).toMatchObject({ name: 'Parent', icon: 'supervised_user_circle', parent: null, children: [] });
      const child = await ok('POST', '/roles', { name: 'Child', parent: parent.id });
      const read = await ok('GET', `/roles/${parent.id}?fields=name,children.name,children.parent`);
      expect(read).toEqual({ name: 'Parent', children: [{ name: 'Child', parent: parent.id }] });
      const up = await ok('GET', `/roles/${child.id}?fields=parent.name`);
      expect(up).toEqual({ parent: { name: 'Parent' } });
    });

    it('requires a name and refuses a parent that does not exist', async () => {
      expectError(await admin('POST', '/roles', { icon: 'x' }), 400, 'FAILED_VALIDATION');
      expectError(
        await admin('POST', '/roles', { name: 'Orphan', parent: '00000000-0000-4000-8000-000000000000' }),
        400,
        'INVALID_FOREIGN_KEY',
      );
    });

    it('answers /roles/me with the role chain of the caller, and 403 to the public', async () => {
      const parent = await ok('POST', '/roles', { name: 'Top' });
      const user = await t.userWith({ parentRole: String(parent.id) });
      // Without app access roles are not readable: only the ids come back (Directus).
      const response = await t.request('GET', '/roles/me', { token: user.token });
      expect(response.statusCode).toBe(200);
      expect(dataOf<Row[]>(response).sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
        [String(parent.id), user.roleId].sort().map((id) => ({ id })),
      );
      // With app access the built-in rule lets them read their own role chain.
      const appUser = await t.userWith({ parentRole: String(parent.id), appAccess: true });
      const names = dataOf<Row[]>(await t.request('GET', '/roles/me?fields=name', { token: appUser.token })).map((r) => r.name);
      expect(names.sort()).toEqual(['Top', expect.stringMatching(/^Role /)].sort());
      expectError(await t.request('GET', '/roles/me'), 403, 'FORBIDDEN');
    });

    it('updates and deletes roles; a deleted role unlinks its users', async () => {
      const role = await ok('POST', '/roles', { name: 'Temp' });
      expect(await ok('PATCH', `/roles/${role.id}`, { description: 'short-lived' })).toMatchObject({ description: 'short-lived' });
      const user = await ok('POST', '/users', { email: 'temp@example.com', password: 'Temp123!', role: role.id });
      expect((await admin('DELETE', `/roles/${role.id}`)).statusCode).toBe(204);
      expect(
        (
          await t.app
            .knex('service_users')
            .where({ id: user.id as string })
            .first()
        ).role,
      ).toBeNull();
    });
  });

  describe('/policies', () => {
    it('creates a policy with defaults and returns ip_access as an array', async () => {
      const policy = await ok('POST', '/policies', { name: 'Editors', app_access: true, ip_access: '10.0.0.0/8, 192.168.1.1' });
      expect(policy).toMatchObject({
        name: 'Editors',
        icon: 'badge',
        description: null,
        ip_access: ['10.0.0.0/8', '192.168.1.1'],
        enforce_tfa: false,
        admin_access: false,
        app_access: true,
        permissions: [],
        roles: [],
      });
    });

    it('refuses bad flag values', async () => {
      expectError(await admin('POST', '/policies', { name: 'Bad', admin_access: 'sure' }), 400, 'INVALID_PAYLOAD');
    });

    it('answers /policies/me/globals for admins, users and the public', async () => {
      expect(await ok('GET', '/policies/me/globals')).toEqual({ app_access: true, admin_access: true, enforce_tfa: false });
      const user = await t.userWith({ appAccess: true });
      expect(dataOf(await t.request('GET', '/policies/me/globals', { token: user.token }))).toEqual({
        app_access: true,
        admin_access: false,
        enforce_tfa: false,
      });
      const response = await t.request('GET', '/policies/me/globals');
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toEqual({ app_access: false });
    });

    it('refuses policy writes to non-admins', async () => {
      const user = await t.userWith({ appAccess: true });
      expectError(
        await t.request('POST', '/policies', { token: user.token, body: { name: 'Mine', admin_access: true } }),
        403,
        'FORBIDDEN',
      );
      expect(await countRows(t.app, 'service_policies', { name: 'Mine' })).toBe(0);
    });
  });

  describe('/access', () => {
    it('attaches a policy to a role and to a user, and shows it in the role and policy o2m fields', async () => {
      const role = await ok('POST', '/roles', { name: 'With access' });
      const policy = await ok('POST', '/policies', { name: 'Attached' });
      const access = await ok('POST', '/access', { role: role.id, policy: policy.id });
      expect(access).toMatchObject({ role: role.id, user: null, policy: policy.id });
      expect((await ok('GET', `/roles/${role.id}?fields=policies`)).policies).toEqual([access.id]);
      expect((await ok('GET', `/policies/${policy.id}?fields=roles.role`)).roles).toEqual([{ role: role.id }]);
      expect((await admin('DELETE', `/access/${access.id}`)).statusCode).toBe(204);
    });

    it('requires a policy and refuses an unknown one', async () => {
      expectError(await admin('POST', '/access', { role: null }), 400, 'FAILED_VALIDATION');
      expectError(await admin('POST', '/access', { policy: '00000000-0000-4000-8000-000000000000' }), 400, 'INVALID_FOREIGN_KEY');
    });

    it('gives a user the rights of a policy attached directly to them', async () => {
      const user = await t.userWith({});
      expectError(await t.request('GET', '/items/articles', { token: user.token }), 403, 'FORBIDDEN');
      const policy = await ok('POST', '/policies', { name: 'Direct' });
      await ok('POST', '/permissions', { policy: policy.id, collection: 'articles', action: 'read', fields: ['*'] });
      await ok('POST', '/access', { user: user.userId, policy: policy.id });
      expect((await t.request('GET', '/items/articles', { token: user.token })).statusCode).toBe(200);
    });
  });

  describe('/permissions', () => {
    let policy = '';
    beforeAll(async () => {
      policy = String((await ok('POST', '/policies', { name: 'Rules' })).id);
    });

    it('creates one rule (fields as CSV or array; filters as objects) and reads it back', async () => {
      const rule = await ok('POST', '/permissions', {
        policy,
        collection: 'articles',
        action: 'read',
        permissions: { status: { _eq: 'published' } },
        fields: 'id,title',
      });
      expect(rule).toMatchObject({
        collection: 'articles',
        action: 'read',
        permissions: { status: { _eq: 'published' } },
        validation: null,
        presets: null,
        fields: ['id', 'title'],
        policy,
      });
      expect(typeof rule.id).toBe('number');
      expect(await ok('GET', `/permissions/${rule.id}`)).toMatchObject({ id: rule.id, fields: ['id', 'title'] });
    });

    it('creates many from a bare array and from {data: [...]}', async () => {
      const many = await ok('POST', '/permissions', [
        { policy, collection: 'articles', action: 'create', fields: ['*'] },
        { policy, collection: 'articles', action: 'update', fields: ['title'] },
      ]);
      expect(many.map((r) => r.action)).toEqual(['create', 'update']);
      const wrapped = await admin('POST', '/permissions', { data: [{ policy, collection: 'comments', action: 'read', fields: ['*'] }] });
      expect(wrapped.statusCode, wrapped.body).toBe(200);
      expect(dataOf<Row[]>(wrapped)).toEqual([expect.objectContaining({ collection: 'comments', action: 'read' })]);
    });

    it('updates by id, by {keys, data} and deletes by id, array and {keys}', async () => {
      const [a, b, c] = await ok('POST', '/permissions', [
        { policy, collection: 'authors', action: 'read', fields: ['*'] },
        { policy, collection: 'authors', action: 'create', fields: ['*'] },
        { policy, collection: 'authors', action: 'delete', fields: ['*'] },
      ]);
      expect(await ok('PATCH', `/permissions/${a!.id}`, { fields: ['id', 'name'] })).toMatchObject({ fields: ['id', 'name'] });
      const both = await ok('PATCH', '/permissions', { keys: [a!.id, b!.id], data: { permissions: { id: { _gt: 0 } } } });
      expect(both.every((r) => (r.permissions as Row).id !== undefined)).toBe(true);
      expect((await admin('DELETE', `/permissions/${a!.id}`)).statusCode).toBe(204);
      expect((await admin('DELETE', '/permissions', [b!.id])).statusCode).toBe(204);
      expect((await admin('DELETE', '/permissions', { keys: [c!.id] })).statusCode).toBe(204);
      expect(await countRows(t.app, 'service_permissions', { collection: 'authors' })).toBe(0);
    });

    it('answers 403 for a missing permission id', async () => {
      expectError(await admin('GET', '/permissions/999999'), 403, 'FORBIDDEN');
      expectError(await admin('PATCH', '/permissions/999999', { fields: ['*'] }), 403, 'FORBIDDEN');
      expectError(await admin('DELETE', '/permissions/999999'), 403, 'FORBIDDEN');
      expectError(await admin('GET', '/permissions/abc'), 403, 'FORBIDDEN');
    });

    const invalid: { name: string; body: Row; code: string }[] = [
      { name: 'an unknown action', body: { collection: 'articles', action: 'destroy' }, code: 'INVALID_PAYLOAD' },
      { name: 'an unknown collection', body: { collection: 'nope', action: 'read' }, code: 'INVALID_PAYLOAD' },
      {
        name: 'a malformed filter string',
        body: { collection: 'articles', action: 'read', permissions: '{not json' },
        code: 'INVALID_PAYLOAD',
      },
      { name: 'a filter that is an array', body: { collection: 'articles', action: 'read', permissions: [1, 2] }, code: 'INVALID_PAYLOAD' },
      { name: 'a validation that is a number', body: { collection: 'articles', action: 'create', validation: 5 }, code: 'INVALID_PAYLOAD' },
      { name: 'a preset that is a string', body: { collection: 'articles', action: 'create', presets: 'x' }, code: 'INVALID_PAYLOAD' },
      { name: 'no policy', body: { collection: 'articles', action: 'read', policy: undefined }, code: 'FAILED_VALIDATION' },
    ];
    for (const c of invalid) {
      it(`answers 400 ${c.code} for ${c.name}`, async () => {
        const before = await countRows(t.app, 'service_permissions');
        expectError(await admin('POST', '/permissions', { policy, ...c.body }), 400, c.code);
        expect(await countRows(t.app, 'service_permissions')).toBe(before);
      });
    }

    it('refuses an update to an unknown action', async () => {
      const rule = await ok('POST', '/permissions', { policy, collection: 'comments', action: 'delete' });
      expectError(await admin('PATCH', `/permissions/${rule.id}`, { action: 'explode' }), 400, 'INVALID_PAYLOAD');
      expect(
        (
          await t.app
            .knex('service_permissions')
            .where({ id: rule.id as number })
            .first()
        ).action,
      ).toBe('delete');
    });

    it('refuses /permissions to non-admins (403) and to the public', async () => {
      const user = await t.userWith({ appAccess: true });
      expectError(await t.request('GET', '/permissions', { token: user.token }), 403, 'FORBIDDEN');
      expectError(
        await t.request('POST', '/permissions', { token: user.token, body: { policy, collection: 'articles', action: 'read' } }),
        403,
        'FORBIDDEN',
      );
      expectError(await t.request('GET', '/permissions'), 403, 'FORBIDDEN');
    });

    it('never lists the built-in app-access rules', async () => {
      const rows = await ok('GET', '/permissions?limit=-1');
      expect(rows.every((r) => typeof r.id === 'number' && r.policy !== null)).toBe(true);
    });

    it('takes effect immediately for a logged-in user (the permission cache is invalidated)', async () => {
      const user = await t.userWith({});
      expectError(await t.request('GET', '/items/comments', { token: user.token }), 403, 'FORBIDDEN');
      const rule = await ok('POST', '/permissions', { policy: user.policyId, collection: 'comments', action: 'read', fields: ['*'] });
      expect((await t.request('GET', '/items/comments', { token: user.token })).statusCode).toBe(200);
      await admin('DELETE', `/permissions/${rule.id}`);
      expectError(await t.request('GET', '/items/comments', { token: user.token }), 403, 'FORBIDDEN');
    });
  });
});
