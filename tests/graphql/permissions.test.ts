import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectError } from '../setup/expect-error.js';
import { gql, gqlData, validationMessages, type GraphqlBody } from './graphql-request.js';

type Permission = {
  id: string;
  collection: string;
  action: string;
  fields: string[] | null;
  permissions: unknown;
  policy: { id: string; name: string } | null;
};

describe('GraphQL permissions CRUD (/graphql/system)', () => {
  let t: TestApp;
  let policyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.request('POST', '/policies', {
      token: t.adminToken,
      body: { name: 'Editors', app_access: false, admin_access: false },
    });
    policyId = (response.json() as { data: { id: string } }).data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, updates and deletes one permission as admin', async () => {
    const created = await gqlData<{ create_permissions_item: Permission }>(
      t,
      `mutation ($policy: JSON) { create_permissions_item(data: {collection: "service_activity", action: "read", fields: ["id", "action"], permissions: {action: {_eq: "login"}}, policy: $policy}) {
          id collection action fields permissions policy { id name } } }`,
      { token: t.adminToken, variables: { policy: policyId } },
    );
    const item = created.create_permissions_item;
    expect(item).toMatchObject({
      collection: 'service_activity',
      action: 'read',
      fields: ['id', 'action'],
      permissions: { action: { _eq: 'login' } },
      policy: { id: policyId, name: 'Editors' },
    });
    expect(typeof item.id).toBe('string');

    const read = await gqlData<{ permissions_by_id: Permission; permissions: Permission[] }>(
      t,
      `{ permissions_by_id(id: ${item.id}) { id fields } permissions(filter: {policy: {name: {_eq: "Editors"}}}) { id } }`,
      { token: t.adminToken },
    );
    expect(read.permissions_by_id).toEqual({ id: item.id, fields: ['id', 'action'] });
    expect(read.permissions).toEqual([{ id: item.id }]);

    const updated = await gqlData<{ update_permissions_item: Permission }>(
      t,
      `mutation { update_permissions_item(id: ${item.id}, data: {fields: ["*"]}) { id fields } }`,
      { token: t.adminToken },
    );
    expect(updated.update_permissions_item).toEqual({ id: item.id, fields: ['*'] });

    const deleted = await gqlData<{ delete_permissions_item: { id: string } }>(
      t,
      `mutation { delete_permissions_item(id: ${item.id}) { id } }`,
      { token: t.adminToken },
    );
    expect(deleted.delete_permissions_item).toEqual({ id: item.id });
    const missing = await gql(t, `{ permissions_by_id(id: ${item.id}) { id } }`, { token: t.adminToken });
    const body = missing.json() as GraphqlBody;
    expect(body.data).toEqual({ permissions_by_id: null });
    expect(body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });

  it('creates, updates and deletes many permissions as admin', async () => {
    const created = await gqlData<{ create_permissions_items: Permission[] }>(
      t,
      `mutation ($policy: JSON) { create_permissions_items(data: [
          {collection: "service_roles", action: "read", fields: ["*"], policy: $policy},
          {collection: "service_policies", action: "read", fields: ["id"], policy: $policy}], sort: ["collection"]) { id collection } }`,
      { token: t.adminToken, variables: { policy: policyId } },
    );
    expect(created.create_permissions_items.map((p) => p.collection)).toEqual(['service_policies', 'service_roles']);
    const ids = created.create_permissions_items.map((p) => p.id);

    const updated = await gqlData<{ update_permissions_items: Permission[] }>(
      t,
      'mutation ($ids: [ID]!) { update_permissions_items(ids: $ids, data: {fields: ["name"]}) { id fields } }',
      { token: t.adminToken, variables: { ids } },
    );
    expect(updated.update_permissions_items.map((p) => p.fields)).toEqual([['name'], ['name']]);

    const aggregated = await gqlData<{ permissions_aggregated: { group: { collection: string }; count: { id: number } }[] }>(
      t,
      '{ permissions_aggregated(groupBy: ["collection"], sort: ["collection"]) { group count { id } } }',
      { token: t.adminToken },
    );
    expect(aggregated.permissions_aggregated).toEqual([
      { group: { collection: 'service_policies' }, count: { id: 1 } },
      { group: { collection: 'service_roles' }, count: { id: 1 } },
    ]);

    const deleted = await gqlData<{ delete_permissions_items: { ids: string[] } }>(
      t,
      'mutation ($ids: [ID!]!) { delete_permissions_items(ids: $ids) { ids } }',
      { token: t.adminToken, variables: { ids } },
    );
    expect(deleted.delete_permissions_items.ids).toEqual(ids);
    const rest = await t.request('GET', '/permissions', { token: t.adminToken });
    expect((rest.json() as { data: unknown[] }).data).toEqual([]);
  });

  it('reports a failed validation as a resolver error with its code', async () => {
    const response = await gql(t, 'mutation { create_permissions_item(data: {collection: "service_activity", action: "read"}) { id } }', {
      token: t.adminToken,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as GraphqlBody;
    expect(body.data).toEqual({ create_permissions_item: null });
    expect(body.errors![0]).toMatchObject({
      extensions: { code: expect.stringMatching(/FAILED_VALIDATION|INVALID_PAYLOAD/) },
      path: ['create_permissions_item'],
    });
    expect(Object.keys(body.errors![0]!.extensions!)[0]).toBe('code');
  });

  it('refuses permissions CRUD to a non-admin (the fields are not in their schema)', async () => {
    const user = await t.userWith({ appAccess: true });
    for (const document of [
      '{ permissions { id } }',
      'mutation { create_permissions_item(data: {collection: "x", action: "read"}) { id } }',
      'mutation { delete_permissions_items(ids: [1]) { ids } }',
    ]) {
      expectError(await gql(t, document, { token: user.token }), 400, 'GRAPHQL_VALIDATION');
    }
    const response = await gql(t, 'mutation { update_permissions_item(id: 1, data: {}) { id } }', { token: user.token });
    expect(validationMessages(response)[0]).toMatch(/Cannot query field "update_permissions_item" on type "Mutation"/);
  });

  it('gives a user who may only read permissions the read fields and no mutations', async () => {
    const user = await t.userWith({
      permissions: [{ collection: 'service_permissions', action: 'read', fields: ['id', 'collection', 'action'] }],
    });
    const data = await gqlData<{ permissions: { collection: string; action: string }[] }>(t, '{ permissions { collection action } }', {
      token: user.token,
    });
    expect(data.permissions).toContainEqual({ collection: 'service_permissions', action: 'read' });
    expectError(await gql(t, '{ permissions { fields } }', { token: user.token }), 400, 'GRAPHQL_VALIDATION');
    expectError(await gql(t, 'mutation { delete_permissions_item(id: 1) { id } }', { token: user.token }), 400, 'GRAPHQL_VALIDATION');
  });

  it('follows permission changes (the schema cache is keyed by the permission set)', async () => {
    const user = await t.userWith({ permissions: [{ collection: 'service_roles', action: 'read', fields: ['id'] }] });
    expectError(await gql(t, '{ roles { name } }', { token: user.token }), 400, 'GRAPHQL_VALIDATION');
    const rules = await t.request('GET', `/permissions?filter[policy][_eq]=${user.policyId}`, { token: t.adminToken });
    const rule = (rules.json() as { data: { id: number }[] }).data[0]!;
    await t.request('PATCH', `/permissions/${rule.id}`, { token: t.adminToken, body: { fields: ['id', 'name'] } });
    const data = await gqlData<{ roles: { name: string }[] }>(t, '{ roles { name } }', { token: user.token });
    expect(data.roles.length).toBeGreaterThan(0);
  });
});

describe('GraphQL users, roles and settings (/graphql/system)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers users_me with the caller', async () => {
    const data = await gqlData<{ users_me: { email: string; role: { name: string } } }>(t, '{ users_me { email role { name } } }', {
      token: t.adminToken,
    });
    expect(data.users_me).toEqual({ email: 'admin@example.com', role: { name: 'Administrator' } });
    const user = await t.userWith({ appAccess: true, email: 'me@example.com' });
    const mine = await gqlData<{ users_me: { id: string; email: string } }>(t, '{ users_me { id email } }', { token: user.token });
    expect(mine.users_me).toEqual({ id: user.userId, email: 'me@example.com' });
  });

  it('has no users_me for a public caller', async () => {
    expectError(await gql(t, '{ users_me { id } }'), 400, 'GRAPHQL_VALIDATION');
  });

  it('creates a user with a role and reads it back', async () => {
    const role = await gqlData<{ create_roles_item: { id: string } }>(t, 'mutation { create_roles_item(data: {name: "Writers"}) { id } }', {
      token: t.adminToken,
    });
    const data = await gqlData<{ create_users_item: { email: string; password: string; role: { name: string } } }>(
      t,
      'mutation ($role: JSON) { create_users_item(data: {email: "new@example.com", password: "Secret123!", role: $role, status: "active"}) { email password role { name } } }',
      { token: t.adminToken, variables: { role: role.create_roles_item.id } },
    );
    expect(data.create_users_item).toEqual({ email: 'new@example.com', password: '**********', role: { name: 'Writers' } });
    await t.login('new@example.com', 'Secret123!');
  });

  it('reads and updates the settings singleton', async () => {
    const updated = await gqlData<{ update_settings: { project_name: string } }>(
      t,
      'mutation { update_settings(data: {project_name: "Renamed"}) { project_name } }',
      { token: t.adminToken },
    );
    expect(updated.update_settings).toEqual({ project_name: 'Renamed' });
    const read = await gqlData<{ settings: { project_name: string } }>(t, '{ settings { project_name } }', { token: t.adminToken });
    expect(read.settings).toEqual({ project_name: 'Renamed' });
  });
});
