import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';
import { gql, type GraphqlBody } from '../../graphql/graphql-request.js';
import { adminData, adminIds, type Row } from './permission-helpers.js';

const MANAGE = ['create', 'read', 'update', 'delete'].flatMap((action) =>
  ['service_access', 'service_policies', 'service_permissions', 'service_roles', 'service_users'].map((collection) => ({
    collection,
    action,
    fields: ['*'],
  })),
);

/** A non-administrator never raises their own access, through any path, whatever rules they hold. */
describe('self-escalation', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminIds>>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    admin = await adminIds(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The user is exactly as before: same role, same policies, not an administrator, authors still unreadable. */
  const unchanged = async (u: { token: string; userId: string; roleId: string }, policiesBefore: number) => {
    expect(((await t.app.knex('service_users').where({ id: u.userId }).first()) as Row).role).toBe(u.roleId);
    expect(await countRows(t.app, 'service_access', { user: u.userId })).toBe(policiesBefore);
    expect(dataOf(await t.request('GET', '/policies/me/globals', { token: u.token }))).toMatchObject({ admin_access: false });
    expectError(await t.request('GET', '/items/authors', { token: u.token }), 403, 'FORBIDDEN');
  };

  describe('a user without rules on the access-control collections', () => {
    it('can write neither its own user access fields nor roles, policies, access rows or rules (REST)', async () => {
      const u = await t.userWith({
        appAccess: true,
        permissions: [{ collection: 'service_users', action: 'update', permissions: { id: { _eq: '$CURRENT_USER' } }, fields: ['*'] }],
      });
      const as = (method: string, url: string, body?: unknown) => t.request(method, url, { token: u.token, body });
      // Its own record: allowed fields are writable, access fields never (whatever the rule says).
      expect((await as('PATCH', '/users/me', { first_name: 'Eve' })).statusCode).toBe(200);
      for (const body of [
        { role: admin.role },
        { status: 'active' },
        { policies: [{ policy: admin.policy }] },
        { role: null },
        { token: 'static-token' },
      ]) {
        expectError(await as('PATCH', '/users/me', body), 403, 'FORBIDDEN');
        expectError(await as('PATCH', `/users/${u.userId}`, body), 403, 'FORBIDDEN');
        expectError(await as('PATCH', '/users', { keys: [u.userId], data: body }), 403, 'FORBIDDEN');
      }
      expectError(await as('PATCH', '/users/me', { admin_access: true }), 403, 'FORBIDDEN');
      const writes: [string, string, unknown][] = [
        ['POST', '/access', { user: u.userId, policy: admin.policy }],
        ['POST', '/access', { role: u.roleId, policy: admin.policy }],
        ['POST', '/policies', { name: 'Mine', admin_access: true }],
        ['PATCH', `/policies/${u.policyId}`, { admin_access: true }],
        ['POST', '/permissions', { collection: 'authors', action: 'read', fields: ['*'], policy: u.policyId }],
        ['POST', '/permissions', { collection: 'authors', role: u.roleId, read: 'full' }],
        ['PATCH', `/roles/${u.roleId}`, { parent: admin.role }],
        ['PATCH', `/roles/${admin.role}`, { users: [u.userId] }],
        ['POST', '/roles', { name: 'Sneaky', policies: [{ policy: admin.policy }] }],
      ];
      for (const [method, url, body] of writes) expectError(await as(method, url, body), 403, 'FORBIDDEN');
      await unchanged(u, 0);
    });

    it("can't do it through GraphQL either", async () => {
      const u = await t.userWith({
        appAccess: true,
        permissions: [{ collection: 'service_users', action: 'update', permissions: { id: { _eq: '$CURRENT_USER' } }, fields: ['*'] }],
      });
      const me = (
        await gql(t, `mutation { update_users_me(data: {role: "${admin.role}"}) { id } }`, { token: u.token })
      ).json() as GraphqlBody;
      expect(me.errors![0]!.extensions!.code).toBe('FORBIDDEN');
      const byId = (
        await gql(t, `mutation { update_users_item(id: "${u.userId}", data: {status: "active", role: "${admin.role}"}) { id } }`, {
          token: u.token,
        })
      ).json() as GraphqlBody;
      expect(byId.errors![0]!.extensions!.code).toBe('FORBIDDEN');
      // Mutations on the access-control collections are not even in this caller's schema.
      for (const mutation of [
        `mutation { create_access_item(data: {user: "${u.userId}", policy: "${admin.policy}"}) { id } }`,
        `mutation { update_policies_item(id: "${u.policyId}", data: {admin_access: true}) { id } }`,
        `mutation { create_permissions_item(data: {collection: "authors", action: "read", policy: "${u.policyId}"}) { id } }`,
      ]) {
        expectError(await gql(t, mutation, { token: u.token }), 400, 'GRAPHQL_VALIDATION');
      }
      await unchanged(u, 0);
    });
  });

  describe('a delegated manager (full rules on roles, policies, access, permissions and users)', () => {
    let manager: Awaited<ReturnType<TestApp['userWith']>>;
    let other: Awaited<ReturnType<TestApp['userWith']>>;
    const as = (method: string, url: string, body?: unknown) => t.request(method, url, { token: manager.token, body });

    beforeAll(async () => {
      manager = await t.userWith({ appAccess: true, permissions: MANAGE });
      other = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['id'] }] });
    });

    it("manages other users' access", async () => {
      const policy = await adminData(t, 'POST', '/policies', { name: 'Team' });
      const response = await as('POST', '/access', { user: other.userId, policy: policy.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(
        (await as('POST', '/permissions', { collection: 'articles', action: 'read', fields: ['title'], policy: other.policyId }))
          .statusCode,
      ).toBe(200);
      expect((await as('PATCH', `/policies/${other.policyId}`, { name: 'Renamed' })).statusCode).toBe(200);
    });

    it('refuses every way to raise its own access (REST)', async () => {
      const accessOfOther = dataOf<Row[]>(
        await t.request('GET', `/access?filter[role][_eq]=${other.roleId}&fields=id`, { token: t.adminToken }),
      )[0]!.id;
      const ruleOfOther = dataOf<Row[]>(
        await t.request('GET', `/permissions?filter[policy][_eq]=${other.policyId}&fields=id`, { token: t.adminToken }),
      )[0]!.id;
      const ownRule = dataOf<Row[]>(
        await t.request('GET', `/permissions?filter[policy][_eq]=${manager.policyId}&fields=id&limit=1`, { token: t.adminToken }),
      )[0]!.id;
      const before = await countRows(t.app, 'service_access', { user: manager.userId });
      const attempts: [string, string, unknown][] = [
        ['POST', '/access', { user: manager.userId, policy: admin.policy }],
        ['POST', '/access', { user: manager.userId, policy: other.policyId }],
        ['POST', '/access', { role: manager.roleId, policy: other.policyId }],
        ['POST', '/access', { user: other.userId, policy: admin.policy }],
        ['PATCH', `/access/${accessOfOther}`, { role: manager.roleId }],
        ['PATCH', `/access/${accessOfOther}`, { role: null, user: manager.userId }],
        ['POST', '/policies', { name: 'Root', admin_access: true }],
        ['PATCH', `/policies/${manager.policyId}`, { admin_access: true }],
        ['PATCH', `/policies/${manager.policyId}`, { ip_access: ['10.0.0.1'] }],
        ['PATCH', `/policies/${other.policyId}`, { admin_access: true }],
        ['PATCH', `/policies/${admin.policy}`, { roles: [{ role: manager.roleId }] }],
        ['POST', '/permissions', { collection: 'authors', action: 'read', fields: ['*'], policy: manager.policyId }],
        ['POST', '/permissions', [{ collection: 'authors', action: 'read', fields: ['*'], policy: manager.policyId }]],
        ['POST', '/permissions', { collection: 'authors', role: manager.roleId, read: 'full' }],
        ['POST', '/permissions', { collection: 'authors', role: manager.roleId, action: 'read', fields: ['*'] }],
        ['PATCH', `/permissions/${ownRule}`, { collection: 'authors' }],
        ['PATCH', `/permissions/${ruleOfOther}`, { policy: manager.policyId }],
        ['PATCH', '/permissions', { keys: [ruleOfOther], data: { policy: manager.policyId } }],
        ['PATCH', `/roles/${manager.roleId}`, { parent: admin.role }],
        ['PATCH', `/roles/${admin.role}`, { children: [manager.roleId] }],
        ['PATCH', `/roles/${admin.role}`, { users: [manager.userId] }],
        ['PATCH', `/roles/${manager.roleId}`, { policies: [{ policy: admin.policy }] }],
        ['PATCH', '/users/me', { role: admin.role }],
        ['PATCH', `/users/${manager.userId}`, { policies: [{ policy: admin.policy }] }],
      ];
      for (const [method, url, body] of attempts) {
        const response = await as(method, url, body);
        expect({ method, url, body, status: response.statusCode }).toEqual({ method, url, body, status: 403 });
        expectError(response, 403, 'FORBIDDEN');
      }
      await unchanged(manager, before);
      expect(((await t.app.knex('service_access').where({ id: accessOfOther }).first()) as Row).role).toBe(other.roleId);
    });

    it('refuses them through GraphQL too', async () => {
      const mutations = [
        `mutation { create_access_item(data: {user: "${manager.userId}", policy: "${admin.policy}"}) { id } }`,
        `mutation { update_policies_item(id: "${manager.policyId}", data: {admin_access: true}) { id } }`,
        `mutation { create_permissions_item(data: {collection: "authors", action: "read", fields: ["*"], policy: "${manager.policyId}"}) { id } }`,
        `mutation { update_roles_item(id: "${manager.roleId}", data: {parent: "${admin.role}"}) { id } }`,
        `mutation { update_users_me(data: {role: "${admin.role}"}) { id } }`,
      ];
      for (const mutation of mutations) {
        const body = (await gql(t, mutation, { token: manager.token })).json() as GraphqlBody;
        expect({ mutation, code: body.errors?.[0]?.extensions?.code }).toEqual({ mutation, code: 'FORBIDDEN' });
      }
      await unchanged(manager, await countRows(t.app, 'service_access', { user: manager.userId }));
    });

    it('may still remove its own access', async () => {
      const ownRule = dataOf<Row[]>(
        await t.request('GET', `/permissions?filter[policy][_eq]=${manager.policyId}&filter[collection][_eq]=service_roles&fields=id`, {
          token: t.adminToken,
        }),
      );
      expect(
        (
          await as(
            'DELETE',
            '/permissions',
            ownRule.map((r) => r.id),
          )
        ).statusCode,
      ).toBe(204);
      expectError(await as('GET', `/roles/${admin.role}?fields=id,name`), 403, 'FORBIDDEN');
    });
  });
});
