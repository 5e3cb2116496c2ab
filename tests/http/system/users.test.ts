import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

describe('/users', () => {
  let t: TestApp;
  let roleId = '';
  beforeAll(async () => {
    t = await createTestApp();
    roleId = String(dataOf<Row>(await t.request('POST', '/roles', { token: t.adminToken, body: { name: 'Members' } })).id);
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  describe('CRUD', () => {
    it('creates a user (e-mail lower-cased, password hashed with argon2, never readable)', async () => {
      const response = await admin('POST', '/users', {
        email: '  New.User@Example.COM ',
        password: 'Secret123!',
        role: roleId,
        first_name: 'New',
      });
      expect(response.statusCode, response.body).toBe(200);
      const user = dataOf<Row>(response);
      expect(user.email).toBe('new.user@example.com');
      expect(user.password === '**********' || user.password === undefined).toBe(true);
      expect(response.body).not.toContain('Secret123!');
      const stored = await t.app
        .knex('service_users')
        .where({ id: user.id as string })
        .first();
      // Hashed with the app's HASH_* parameters (the test config's cheapest ones; the defaults are argon2's).
      expect(stored.password).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
      expect(stored.email).toBe('new.user@example.com');
    });

    it('lets the new user log in with the lower-cased e-mail in any case', async () => {
      await admin('POST', '/users', { email: 'case@example.com', password: 'Secret123!', role: roleId });
      expect(await t.login('CASE@Example.com', 'Secret123!')).toMatch(/\./);
    });

    it('never returns the password, token or tfa secret in clear text, on list, one, or with a filter', async () => {
      const user = dataOf<Row>(
        await admin('POST', '/users', { email: 'masked@example.com', password: 'Secret123!', token: 'static-token-123' }),
      );
      const list = await admin('GET', '/users?fields=*');
      expect(list.body).not.toContain('argon2');
      expect(list.body).not.toContain('static-token-123');
      const one = dataOf<Row>(await admin('GET', `/users/${user.id}?fields=password,token`));
      expect(one).toEqual({ password: '**********', token: '**********' });
      const revisions = await admin('GET', `/revisions?filter[item][_eq]=${user.id}`);
      expect(revisions.body).not.toContain('Secret123!');
      expect(revisions.body).not.toContain('argon2');
      expect(revisions.body).not.toContain('static-token-123');
    });

    it('rejects an invalid e-mail, a duplicate e-mail (any case) and an empty password', async () => {
      expectError(await admin('POST', '/users', { email: 'not-an-email', password: 'x' }), 400, 'INVALID_PAYLOAD');
      await admin('POST', '/users', { email: 'dup@example.com', password: 'Secret123!' });
      expectError(await admin('POST', '/users', { email: 'DUP@example.com', password: 'Secret123!' }), 400, 'RECORD_NOT_UNIQUE');
      expectError(await admin('POST', '/users', { email: 'empty@example.com', password: '' }), 400, 'INVALID_PAYLOAD');
      expect(await countRows(t.app, 'service_users', { email: 'empty@example.com' })).toBe(0);
    });

    it('updates and deletes users', async () => {
      const user = dataOf<Row>(await admin('POST', '/users', { email: 'upd@example.com', password: 'Secret123!' }));
      const patched = await admin('PATCH', `/users/${user.id}`, { first_name: 'Changed', email: 'UPD2@example.com' });
      expect(dataOf(patched)).toMatchObject({ first_name: 'Changed', email: 'upd2@example.com' });
      expect((await admin('DELETE', `/users/${user.id}`)).statusCode).toBe(204);
      expectError(await admin('GET', `/users/${user.id}`), 403, 'FORBIDDEN');
    });

    it('changes the password (new one works, old one does not)', async () => {
      const user = dataOf<Row>(await admin('POST', '/users', { email: 'pw@example.com', password: 'First123!', role: roleId }));
      await admin('PATCH', `/users/${user.id}`, { password: 'Second123!' });
      expect((await t.request('POST', '/auth/login', { body: { email: 'pw@example.com', password: 'First123!' } })).statusCode).toBe(401);
      expect(await t.login('pw@example.com', 'Second123!')).toBeTruthy();
    });

    it('answers 403 for a missing or malformed user id', async () => {
      expectError(await admin('GET', '/users/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
      expectError(await admin('GET', '/users/1'), 403, 'FORBIDDEN');
      expectError(await admin('PATCH', '/users/not-a-uuid', { first_name: 'x' }), 403, 'FORBIDDEN');
    });

    it('refuses /users to the public and to a user without permissions (403)', async () => {
      expectError(await t.request('GET', '/users'), 403, 'FORBIDDEN');
      const plain = await t.userWith({});
      expectError(await t.request('GET', '/users', { token: plain.token }), 403, 'FORBIDDEN');
      expectError(
        await t.request('POST', '/users', { token: plain.token, body: { email: 'evil@example.com', password: 'x' } }),
        403,
        'FORBIDDEN',
      );
    });

    it('shows an app user only their own record', async () => {
      const app = await t.userWith({ appAccess: true });
      const list = dataOf<Row[]>(await t.request('GET', '/users?fields=id,email', { token: app.token }));
      expect(list.map((u) => u.id)).toEqual([app.userId]);
    });
  });

  describe('/users/me', () => {
    it('reads the caller', async () => {
      const user = await t.userWith({ appAccess: true, email: 'me@example.com' });
      const response = await t.request('GET', '/users/me?fields=id,email,role', { token: user.token });
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toEqual({ id: user.userId, email: 'me@example.com', role: user.roleId });
    });

    it('answers 401 INVALID_CREDENTIALS to the public (Directus)', async () => {
      expectError(await t.request('GET', '/users/me'), 401, 'INVALID_CREDENTIALS');
      expectError(await t.request('PATCH', '/users/me', { body: { first_name: 'x' } }), 401, 'INVALID_CREDENTIALS');
    });

    it('answers only the id to a user who may not read their own record (Directus)', async () => {
      const user = await t.userWith({ appAccess: false });
      const response = await t.request('GET', '/users/me?fields=email', { token: user.token });
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toEqual({ id: user.userId });
    });

    it('updates own profile fields when allowed', async () => {
      const user = await t.userWith({
        appAccess: true,
        permissions: [
          {
            collection: 'service_users',
            action: 'update',
            permissions: { id: { _eq: '$CURRENT_USER' } },
            fields: ['first_name', 'last_name', 'role', 'status'],
          },
        ],
      });
      const response = await t.request('PATCH', '/users/me', { token: user.token, body: { first_name: 'Me' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(response)).toMatchObject({ first_name: 'Me' });
    });

    it("refuses a non-admin's change of own role or status, even when the field is granted (403, unchanged)", async () => {
      const user = await t.userWith({
        appAccess: true,
        permissions: [{ collection: 'service_users', action: 'update', permissions: { id: { _eq: '$CURRENT_USER' } }, fields: ['*'] }],
      });
      const adminRole = (await t.app.knex('service_roles').where({ name: 'Administrator' }).first()).id as string;
      expectError(await t.request('PATCH', '/users/me', { token: user.token, body: { role: adminRole } }), 403, 'FORBIDDEN');
      expectError(await t.request('PATCH', '/users/me', { token: user.token, body: { status: 'suspended' } }), 403, 'FORBIDDEN');
      expectError(await t.request('PATCH', `/users/${user.userId}`, { token: user.token, body: { role: adminRole } }), 403, 'FORBIDDEN');
      const stored = await t.app.knex('service_users').where({ id: user.userId }).first();
      expect(stored).toMatchObject({ role: user.roleId, status: 'active' });
    });

    it('refuses /users/me writes for a user without update permission', async () => {
      const user = await t.userWith({ appAccess: true });
      expectError(await t.request('PATCH', '/users/me', { token: user.token, body: { first_name: 'x' } }), 403, 'FORBIDDEN');
    });
  });

  describe('the last administrator', () => {
    let adminId = '';
    let adminRole = '';
    let adminPolicy = '';
    beforeAll(async () => {
      adminId = String((await t.app.knex('service_users').where({ email: 'admin@example.com' }).first()).id);
      adminRole = String((await t.app.knex('service_roles').where({ name: 'Administrator' }).first()).id);
      adminPolicy = String((await t.app.knex('service_policies').where({ name: 'Administrator' }).first()).id);
    });

    const refused = async (method: string, url: string, body?: unknown) => {
      const error = expectError(await admin(method, url, body), 422, 'UNPROCESSABLE_CONTENT');
      expect(error.message).toContain('last admin');
    };

    it('can not be deleted, demoted or suspended (422, unchanged)', async () => {
      await refused('DELETE', `/users/${adminId}`);
      await refused('PATCH', `/users/${adminId}`, { role: null });
      await refused('PATCH', `/users/${adminId}`, { status: 'suspended' });
      await refused('PATCH', '/users/me', { role: roleId });
      expect(await t.app.knex('service_users').where({ id: adminId }).first()).toMatchObject({ role: adminRole, status: 'active' });
    });

    it('keeps its role, policy and access row', async () => {
      await refused('PATCH', `/policies/${adminPolicy}`, { admin_access: false });
      await refused('DELETE', `/policies/${adminPolicy}`);
      await refused('DELETE', `/roles/${adminRole}`);
      const access = (await t.app.knex('service_access').where({ role: adminRole, policy: adminPolicy }).first()).id as string;
      await refused('DELETE', `/access/${access}`);
      await refused('PATCH', `/access/${access}`, { role: null });
      expect(await countRows(t.app, 'service_access', { role: adminRole, policy: adminPolicy })).toBe(1);
      // Unrelated changes to the same rows are fine.
      expect((await admin('PATCH', `/policies/${adminPolicy}`, { description: 'Full access' })).statusCode).toBe(200);
      expect((await admin('PATCH', `/users/${adminId}`, { first_name: 'Still admin' })).statusCode).toBe(200);
    });

    it('can be removed once another active administrator exists', async () => {
      const second = dataOf<Row>(
        await admin('POST', '/users', { email: 'second-admin@example.com', password: 'Second123!', role: adminRole }),
      );
      const token = await t.login('second-admin@example.com', 'Second123!');
      const demoted = await t.request('PATCH', `/users/${adminId}`, { token, body: { role: roleId } });
      expect(demoted.statusCode, demoted.body).toBe(200);
      // Now the second one is the last.
      expectError(await t.request('DELETE', `/users/${second.id}`, { token }), 422, 'UNPROCESSABLE_CONTENT');
      expect((await t.request('PATCH', `/users/${adminId}`, { token, body: { role: adminRole } })).statusCode).toBe(200);
    });
  });

  describe('sessions after account changes', () => {
    const refreshWith = (token: string) => t.request('POST', '/auth/refresh', { body: { refresh_token: token } });

    it('ends the sessions of a user whose password changes', async () => {
      const user = dataOf<Row>(await admin('POST', '/users', { email: 'sess-pw@example.com', password: 'Before123!' }));
      const login = dataOf<{ refresh_token: string }>(
        await t.request('POST', '/auth/login', { body: { email: 'sess-pw@example.com', password: 'Before123!' } }),
      );
      await admin('PATCH', `/users/${user.id}`, { password: 'After123!' });
      expectError(await refreshWith(login.refresh_token), 401, 'INVALID_CREDENTIALS');
    });

    it('ends the sessions of a user who is suspended; re-activating does not revive them', async () => {
      const user = dataOf<Row>(await admin('POST', '/users', { email: 'sess-st@example.com', password: 'Status123!' }));
      const login = dataOf<{ refresh_token: string }>(
        await t.request('POST', '/auth/login', { body: { email: 'sess-st@example.com', password: 'Status123!' } }),
      );
      await admin('PATCH', `/users/${user.id}`, { status: 'suspended' });
      await admin('PATCH', `/users/${user.id}`, { status: 'active' });
      expectError(await refreshWith(login.refresh_token), 401, 'INVALID_CREDENTIALS');
      expect(await countRows(t.app, 'service_sessions', { user: user.id as string })).toBe(0);
    });

    it('keeps the sessions when other fields change', async () => {
      const user = dataOf<Row>(await admin('POST', '/users', { email: 'sess-ok@example.com', password: 'Keep123!' }));
      const login = dataOf<{ refresh_token: string }>(
        await t.request('POST', '/auth/login', { body: { email: 'sess-ok@example.com', password: 'Keep123!' } }),
      );
      await admin('PATCH', `/users/${user.id}`, { first_name: 'Kept' });
      expect((await refreshWith(login.refresh_token)).statusCode).toBe(200);
    });
  });
});
