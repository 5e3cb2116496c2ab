import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../../graphql/graphql-request.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

type Row = Record<string, unknown>;

const panel = (dashboard: string, more: Row = {}): Row => ({
  dashboard,
  type: 'metric',
  position_x: 1,
  position_y: 1,
  width: 8,
  height: 6,
  options: { collection: 'service_users', function: 'count', field: 'id' },
  ...more,
});

/** `/dashboards` and `/panels` (service_dashboards, service_panels): CRUD, batch, cascade, permissions, bad input. */
describe('dashboards and panels', () => {
  let t: TestApp;
  let adminId: string;
  let viewer: { token: string; userId: string };
  let plain: { token: string; userId: string };

  const admin = async (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const created = async (url: string, body: unknown) => {
    const response = await admin('POST', url, body);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row>(response);
  };

  beforeAll(async () => {
    t = await createTestApp();
    adminId = dataOf<Row>(await admin('GET', '/users/me?fields=id')).id as string;
    viewer = await t.userWith({
      appAccess: true,
      permissions: [
        { collection: 'service_dashboards', action: 'read', fields: ['*'] },
        { collection: 'service_panels', action: 'read', fields: ['*'] },
      ],
    });
    plain = await t.userWith({ appAccess: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a dashboard with Directus 11 defaults, signed by its creator', async () => {
    const board = await created('/dashboards', { name: 'Sales', note: 'Monthly', color: '#6644FF' });
    expect(board).toMatchObject({ name: 'Sales', icon: 'dashboard', note: 'Monthly', color: '#6644FF', user_created: adminId, panels: [] });
    expect(typeof board.id).toBe('string');
    expect(Number.isNaN(Date.parse(String(board.date_created)))).toBe(false);
    const fields = dataOf<Row[]>(await admin('GET', '/fields/service_panels')).map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['id', 'dashboard', 'show_header', 'type', 'position_x', 'position_y', 'width', 'height', 'options']),
    );
  });

  it("takes Directus's collection names in a policy's rules", async () => {
    const reader = await t.userWith({ appAccess: true });
    const rule = await created('/permissions', {
      policy: reader.policyId,
      collection: 'directus_dashboards',
      action: 'read',
      fields: ['*'],
    });
    expect(rule.collection).toBe('service_dashboards');
    const list = await t.request('GET', '/dashboards?fields=name&limit=1', { token: reader.token });
    expect(list.statusCode, list.body).toBe(200);
  });

  it('keeps panels under their dashboard (the panels alias, nested reads and writes) and batch-updates them', async () => {
    const board = await created('/dashboards', {
      name: 'Nested',
      panels: [panel('', { name: 'Users' }), panel('', { type: 'label', options: { text: 'Hi' }, position_x: 9 })].map(
        ({ dashboard: _dashboard, ...rest }) => rest,
      ),
    });
    const read = dataOf<Row>(
      await admin('GET', `/dashboards/${String(board.id)}?fields=name,panels.type,panels.options,panels.show_header`),
    );
    expect(read.panels).toEqual(
      expect.arrayContaining([
        { type: 'metric', options: { collection: 'service_users', function: 'count', field: 'id' }, show_header: false },
        { type: 'label', options: { text: 'Hi' }, show_header: false },
      ]),
    );
    const panels = dataOf<Row[]>(
      await admin('GET', `/panels?filter[dashboard][_eq]=${String(board.id)}&fields=id,user_created&sort=position_x`),
    );
    expect(panels).toHaveLength(2);
    expect(panels.every((p) => p.user_created === adminId)).toBe(true);
    const moved = await admin('PATCH', '/panels', { keys: panels.map((p) => p.id), data: { show_header: true } });
    expect(moved.statusCode, moved.body).toBe(200);
    const batch = await admin('PATCH', '/panels', [
      { id: panels[0]!.id, width: 12 },
      { id: panels[1]!.id, height: 2 },
    ]);
    expect(batch.statusCode, batch.body).toBe(200);
    const after = dataOf<Row[]>(
      await admin('GET', `/panels?filter[dashboard][_eq]=${String(board.id)}&fields=width,height,show_header&sort=position_x`),
    );
    expect(after).toEqual([
      { width: 12, height: 6, show_header: true },
      { width: 8, height: 2, show_header: true },
    ]);
  });

  it('deletes a dashboard with its panels, and records activity for dashboard and panel writes', async () => {
    const board = await created('/dashboards', { name: 'Short-lived' });
    const one = await created('/panels', panel(board.id as string));
    await created('/panels', panel(board.id as string, { type: 'list' }));
    const renamed = await admin('PATCH', `/dashboards/${String(board.id)}`, { name: 'Renamed' });
    expect(dataOf<Row>(renamed).name).toBe('Renamed');
    const deleted = await admin('DELETE', `/dashboards/${String(board.id)}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectError(await admin('GET', `/panels/${String(one.id)}`), 403, 'FORBIDDEN');
    expect(dataOf<Row[]>(await admin('GET', `/panels?filter[dashboard][_eq]=${String(board.id)}`))).toEqual([]);
    const activity = dataOf<Row[]>(
      await admin(
        'GET',
        `/activity?filter[item][_in]=${String(board.id)},${String(one.id)}&fields=action,collection,revisions.delta&sort=id`,
      ),
    );
    expect(activity.map((a) => `${String(a.collection)}:${String(a.action)}`)).toEqual([
      'service_dashboards:create',
      'service_panels:create',
      'service_dashboards:update',
      'service_dashboards:delete',
    ]);
    expect(activity[2]!.revisions).toEqual([{ delta: { name: 'Renamed' } }]);
  });

  it('serves them only under a policy: app access alone reads nothing, a read-only viewer cannot write', async () => {
    const board = await created('/dashboards', { name: 'Shared' });
    await created('/panels', panel(board.id as string));
    expectError(await t.request('GET', '/dashboards'), 403, 'FORBIDDEN');
    expectError(await t.request('GET', '/dashboards', { token: plain.token }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', `/panels?filter[dashboard][_eq]=${String(board.id)}`, { token: plain.token }), 403, 'FORBIDDEN');
    const seen = dataOf<Row>(await t.request('GET', `/dashboards/${String(board.id)}?fields=name,panels.type`, { token: viewer.token }));
    expect(seen).toEqual({ name: 'Shared', panels: [{ type: 'metric' }] });
    expectError(await t.request('POST', '/dashboards', { token: viewer.token, body: { name: 'Mine' } }), 403, 'FORBIDDEN');
    expectError(
      await t.request('PATCH', `/dashboards/${String(board.id)}`, { token: viewer.token, body: { name: 'X' } }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.request('DELETE', `/dashboards/${String(board.id)}`, { token: viewer.token }), 403, 'FORBIDDEN');
    expectError(await t.request('POST', '/panels', { token: viewer.token, body: panel(board.id as string) }), 403, 'FORBIDDEN');
    expect(dataOf<Row>(await admin('GET', `/dashboards/${String(board.id)}?fields=name`)).name).toBe('Shared');
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const board = await created('/dashboards', { name: 'Valid' });
    const count = async (collection: string) => dataOf<Row[]>(await admin('GET', `/${collection}?aggregate[count]=*`))[0]!.count;
    const before = [await count('dashboards'), await count('panels')];
    for (const body of [{}, { name: '  ' }, { name: 12 }, { name: 'Unknown field', nope: 1 }, [{ name: 'ok' }, { note: 'no name' }]]) {
      const response = await admin('POST', '/dashboards', body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(400);
    }
    const id = board.id as string;
    for (const body of [
      { ...panel(id), type: '' },
      { ...panel(id), dashboard: null },
      { ...panel(id), dashboard: '00000000-0000-4000-8000-000000000000' },
      { ...panel(id), width: 0 },
      { ...panel(id), height: 2.5 },
      { ...panel(id), position_x: -1 },
      { ...panel(id), position_y: 'top' },
      { ...panel(id), options: [1, 2] },
      { ...panel(id), show_header: 'maybe' },
      (({ width: _w, ...rest }) => rest)(panel(id)),
    ]) {
      const response = await admin('POST', '/panels', body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(400);
    }
    expectError(await admin('PATCH', `/dashboards/${id}`, { name: '' }), 400, 'INVALID_PAYLOAD');
    expect([await count('dashboards'), await count('panels')]).toEqual(before);
  });

  it('is content, not schema: absent from schema snapshots, listed with the system collections (the permission matrix)', async () => {
    await created('/dashboards', { name: 'Not in the snapshot' });
    const snapshot = (await admin('GET', '/schema/snapshot')).body;
    expect(snapshot).not.toContain('service_dashboards');
    expect(snapshot).not.toContain('service_panels');
    // With a table, as the app's permission matrix lists collections.
    const tables = dataOf<Row[]>(await admin('GET', '/collections'))
      .filter((c) => c.schema !== null)
      .map((c) => c.collection);
    expect(tables).toEqual(expect.arrayContaining(['service_dashboards', 'service_panels']));
  });

  it('serves GraphQL system fields with the same rules', async () => {
    const data = await gqlData<{ create_dashboards_item: Row }>(
      t,
      'mutation { create_dashboards_item(data: {name: "Via GraphQL"}) { id name icon } }',
      { token: t.adminToken },
    );
    expect(data.create_dashboards_item).toMatchObject({ name: 'Via GraphQL', icon: 'dashboard' });
    const id = data.create_dashboards_item.id as string;
    await gqlData(
      t,
      `mutation { create_panels_item(data: {dashboard: "${id}", type: "label", position_x: 1, position_y: 1, width: 4, height: 2}) { id } }`,
      { token: t.adminToken },
    );
    const seen = await gqlData<{ dashboards_by_id: Row }>(t, `{ dashboards_by_id(id: "${id}") { name panels { type } } }`, {
      token: viewer.token,
    });
    expect(seen.dashboards_by_id).toEqual({ name: 'Via GraphQL', panels: [{ type: 'label' }] });
  });
});
