import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { gql, gqlData } from '../graphql/graphql-request.js';

type Row = Record<string, unknown>;

/**
 * `/flows` and `/operations` are system collections served by the items engine: the query language, admin-only
 * by default (policies may grant), activity, and save-time checks of triggers, options and operation types.
 */
describe('/flows and /operations', () => {
  let t: TestApp;
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a flow with its operations nested, reads it with the query language, and records activity', async () => {
    const created = await admin('POST', '/flows?fields=*,operations.key,operations.type', {
      name: 'Notify',
      trigger: 'webhook',
      options: { method: 'POST' },
      operations: [{ key: 'log_it', type: 'log', options: { message: 'hi' } }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const flow = dataOf<Row>(created);
    expect(flow).toMatchObject({
      name: 'Notify',
      status: 'active',
      accountability: 'all',
      trigger: 'webhook',
      options: { method: 'POST' },
    });
    expect(flow.operations).toEqual([{ key: 'log_it', type: 'log' }]);
    expect(typeof flow.user_created).toBe('string');
    const listed = dataOf<Row[]>(await admin('GET', '/flows?filter[trigger][_eq]=webhook&fields=name&sort=-date_created'));
    expect(listed).toEqual([{ name: 'Notify' }]);
    const ops = dataOf<Row[]>(await admin('GET', `/operations?filter[flow][_eq]=${String(flow.id)}&fields=key,flow.name`));
    expect(ops).toEqual([{ key: 'log_it', flow: { name: 'Notify' } }]);
    const activity = dataOf<Row[]>(
      await admin('GET', `/activity?filter[collection][_eq]=service_flows&filter[item][_eq]=${String(flow.id)}&fields=action`),
    );
    expect(activity).toEqual([{ action: 'create' }]);
  });

  it.each([
    { name: 'an unknown trigger', body: { name: 'x', trigger: 'telepathy' } },
    { name: 'an unknown status', body: { name: 'x', trigger: 'webhook', status: 'sometimes' } },
    { name: 'an unknown accountability', body: { name: 'x', trigger: 'webhook', accountability: 'everything' } },
    { name: 'an event trigger without a type', body: { name: 'x', trigger: 'event', options: { scope: ['items.create'] } } },
    { name: 'an event trigger without a scope', body: { name: 'x', trigger: 'event', options: { type: 'filter', scope: [] } } },
    { name: 'a webhook with another method', body: { name: 'x', trigger: 'webhook', options: { method: 'DELETE' } } },
    { name: 'a manual trigger without collections', body: { name: 'x', trigger: 'manual', options: {} } },
    { name: 'a schedule with a bad cron', body: { name: 'x', trigger: 'schedule', options: { cron: 'every tuesday' } } },
    { name: 'options that are not an object', body: { name: 'x', trigger: 'webhook', options: [1] } },
  ])('refuses $name with 400 and saves nothing', async ({ body }) => {
    expectError(await admin('POST', '/flows', body), 400, 'INVALID_PAYLOAD');
    expect(dataOf<Row[]>(await admin('GET', '/flows?filter[name][_eq]=x'))).toEqual([]);
  });

  it('refuses an unknown operation type, bad options and a bad key with 400, also on update', async () => {
    const flow = dataOf<Row>(await admin('POST', '/flows', { name: 'Ops', trigger: 'operation' }));
    expectError(await admin('POST', '/operations', { flow: flow.id, key: 'a', type: 'teleport', options: {} }), 400, 'INVALID_PAYLOAD');
    expectError(
      await admin('POST', '/operations', { flow: flow.id, key: 'a', type: 'condition', options: { filter: 'x' } }),
      400,
      'INVALID_PAYLOAD',
    );
    expectError(await admin('POST', '/operations', { flow: flow.id, key: 'a', type: 'item-read', options: {} }), 400, 'INVALID_PAYLOAD');
    expectError(await admin('POST', '/operations', { flow: flow.id, key: 'a b', type: 'log', options: {} }), 400, 'INVALID_PAYLOAD');
    const op = dataOf<Row>(
      await admin('POST', '/operations', { flow: flow.id, key: 'a', type: 'item-read', options: { collection: 'x' } }),
    );
    expectError(
      await admin('PATCH', `/operations/${String(op.id)}`, { options: { permissions: '$everything', collection: 'x' } }),
      400,
      'INVALID_PAYLOAD',
    );
    expectError(await admin('PATCH', `/operations/${String(op.id)}`, { type: 'nope' }), 400, 'INVALID_PAYLOAD');
    expectError(
      await admin('PATCH', `/flows/${String(flow.id)}`, { trigger: 'event', options: { type: 'sometimes' } }),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('lets nobody but an administrator read or write flows and operations by default', async () => {
    const user = await t.userWith({ appAccess: true });
    expectError(await t.request('GET', '/flows', { token: user.token }), 403, 'FORBIDDEN');
    expectError(await t.request('POST', '/flows', { token: user.token, body: { name: 'Mine', trigger: 'webhook' } }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', '/operations', { token: user.token }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', '/flows'), 403, 'FORBIDDEN');
  });

  it('lets a policy grant flows, but never full access for an operation', async () => {
    const user = await t.userWith({
      permissions: [
        { collection: 'service_flows', action: 'create', fields: ['*'] },
        { collection: 'service_flows', action: 'read', fields: ['*'] },
        { collection: 'service_operations', action: 'create', fields: ['*'] },
      ],
    });
    const created = await t.request('POST', '/flows', { token: user.token, body: { name: 'Granted', trigger: 'operation' } });
    expect(created.statusCode, created.body).toBe(200);
    const id = dataOf<Row>(created).id;
    const full = await t.request('POST', '/operations', {
      token: user.token,
      body: { flow: id, key: 'grab', type: 'item-read', options: { collection: 'service_users', permissions: '$full' } },
    });
    expectError(full, 403, 'FORBIDDEN');
    const own = await t.request('POST', '/operations', {
      token: user.token,
      body: { flow: id, key: 'read', type: 'item-read', options: { collection: 'service_users' } },
    });
    // Created; the policy grants no read of operations, so the answer has no body (Directus).
    expect(own.statusCode, own.body).toBe(204);
    // A role's rights: only a role the author holds; one that does not exist is refused.
    const other = await t.userWith({ permissions: [] });
    const lent = await t.request('POST', '/operations', {
      token: user.token,
      body: { flow: id, key: 'lent', type: 'item-read', options: { collection: 'service_users', permissions: other.roleId } },
    });
    expectError(lent, 403, 'FORBIDDEN');
    const mine = await t.request('POST', '/operations', {
      token: user.token,
      body: { flow: id, key: 'mine', type: 'item-read', options: { collection: 'service_users', permissions: user.roleId } },
    });
    expect(mine.statusCode, mine.body).toBe(204);
    // A policy's rights: only a policy the author holds.
    const lentPolicy = await t.request('POST', '/operations', {
      token: user.token,
      body: { flow: id, key: 'lentp', type: 'item-read', options: { collection: 'service_users', permissions: other.policyId } },
    });
    expectError(lentPolicy, 403, 'FORBIDDEN');
    const minePolicy = await t.request('POST', '/operations', {
      token: user.token,
      body: { flow: id, key: 'minep', type: 'item-read', options: { collection: 'service_users', permissions: user.policyId } },
    });
    expect(minePolicy.statusCode, minePolicy.body).toBe(204);
  });

  it('refuses an id in an operation’s permissions that names no role or policy, and other values that are not one', async () => {
    const id = dataOf<Row>(await admin('POST', '/flows', { name: 'Roles', trigger: 'operation' })).id;
    let n = 0;
    const op = (permissions: unknown) =>
      admin('POST', '/operations', { flow: id, key: `r${++n}`, type: 'item-read', options: { collection: 'articles', permissions } });
    expectError(await op('00000000-0000-4000-8000-000000000000'), 400, 'INVALID_PAYLOAD');
    expectError(await op('admin'), 400, 'INVALID_PAYLOAD');
    expectError(await op(42), 400, 'INVALID_PAYLOAD');
    const role = await t.userWith({ permissions: [] });
    expect((await op(role.roleId)).statusCode).toBe(200);
    expect((await op(role.policyId)).statusCode).toBe(200);
    // A later update is checked the same way.
    const saved = dataOf<Row>(await op(role.policyId));
    const patched = await admin('PATCH', `/operations/${String(saved.id)}`, {
      options: { collection: 'articles', permissions: '00000000-0000-4000-8000-000000000001' },
    });
    expectError(patched, 400, 'INVALID_PAYLOAD');
  });

  it('has no POST /operations/trigger/:id (the SDK’s triggerOperation), as Directus 11 has none', async () => {
    const id = dataOf<Row>(await admin('POST', '/flows', { name: 'Op', trigger: 'operation' })).id;
    const op = dataOf<Row>(await admin('POST', '/operations', { flow: id, key: 'l', type: 'log', options: { message: 'x' } })).id;
    expectError(await admin('POST', `/operations/trigger/${String(op)}`, {}), 404, 'ROUTE_NOT_FOUND');
  });

  it('serves flows and operations in GraphQL system, to administrators only', async () => {
    await admin('POST', '/flows', { name: 'In GraphQL', trigger: 'webhook', operations: [{ key: 'g', type: 'log' }] });
    const data = await gqlData<{ flows: { name: string; operations: { key: string }[] }[] }>(
      t,
      '{ flows(filter: { name: { _eq: "In GraphQL" } }) { name operations { key } } }',
      { token: t.adminToken },
    );
    expect(data.flows).toEqual([{ name: 'In GraphQL', operations: [{ key: 'g' }] }]);
    const user = await t.userWith({ appAccess: true });
    const refused = await gql(t, '{ flows { name } }', { token: user.token });
    expect(JSON.stringify(refused.json())).not.toContain('In GraphQL');
  });

  it('leaves flows out of the schema snapshot (as Directus)', async () => {
    await admin('POST', '/flows', { name: 'Not in snapshots', trigger: 'webhook' });
    const snapshot = await admin('GET', '/schema/snapshot');
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.body).not.toContain('service_flows');
    expect(snapshot.body).not.toContain('Not in snapshots');
  });

  it('deletes the operations of a deleted flow', async () => {
    const flow = dataOf<Row>(
      await admin('POST', '/flows', { name: 'Gone', trigger: 'operation', operations: [{ key: 'a', type: 'log' }] }),
    );
    expect((await admin('DELETE', `/flows/${String(flow.id)}`)).statusCode).toBe(204);
    expect(dataOf<Row[]>(await admin('GET', `/operations?filter[flow][_eq]=${String(flow.id)}`))).toEqual([]);
  });
});
