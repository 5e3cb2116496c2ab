import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

type Task = { id: number; title: string; position: number | null; owner: string };

/** `tasks` sorts by `position` (meta.sort_field); `notes` has no sort field. */
async function createCollections(t: TestApp): Promise<void> {
  const create = async (body: unknown) => {
    const response = await t.request('POST', '/collections', { token: t.adminToken, body });
    if (response.statusCode !== 200) throw new Error(`POST /collections failed: ${response.body}`);
  };
  await create({
    collection: 'tasks',
    meta: { sort_field: 'position' },
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
      { field: 'position', type: 'integer' },
      { field: 'owner', type: 'string' },
    ],
  });
  await create({
    collection: 'notes',
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
    ],
  });
}

describe('POST /utils/sort/:collection', () => {
  let t: TestApp;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await createCollections(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Five tasks at positions 1…5: owners a, a, a, b, b. */
  beforeEach(async () => {
    await t.app.knex('tasks').delete();
    ids = [];
    for (const [i, owner] of ['a', 'a', 'a', 'b', 'b'].entries()) {
      const response = await t.request('POST', '/items/tasks', {
        token: t.adminToken,
        body: { title: `Task ${i + 1}`, position: i + 1, owner },
      });
      ids.push(Number(dataOf<Task>(response).id));
    }
  });

  /** Task number (1-based, in creation order) → position. */
  const positions = async (): Promise<(number | null)[]> => {
    const rows = dataOf<Task[]>(await t.request('GET', '/items/tasks?fields=id,position&sort=id&limit=-1', { token: t.adminToken }));
    return rows.map((row) => (row.position === null ? null : Number(row.position)));
  };
  const sort = (item: unknown, to: unknown, token: string | null = t.adminToken, collection = 'tasks') =>
    t.request('POST', `/utils/sort/${collection}`, { token, body: { item, to } });

  it("moves an item down: it takes the target's place and the items between move up (200, no body, as Directus)", async () => {
    const response = await sort(ids[1], ids[3]);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(await positions()).toEqual([1, 4, 2, 3, 5]);
  });

  it('moves an item up, with keys given as strings', async () => {
    expect((await sort(String(ids[4]), String(ids[0]))).statusCode).toBe(200);
    expect(await positions()).toEqual([2, 3, 4, 5, 1]);
  });

  it('numbers items without a position after the last one before moving', async () => {
    const extra = dataOf<Task>(await t.request('POST', '/items/tasks', { token: t.adminToken, body: { title: 'Unsorted', owner: 'a' } }));
    expect((await sort(extra.id, ids[0])).statusCode).toBe(200);
    expect(await positions()).toEqual([2, 3, 4, 5, 6, 1]);
  });

  it('records an update activity row and revision for every item whose position changed, and none for the others', async () => {
    const before = Number((await t.app.knex('service_activity').max({ id: 'id' }).first())?.id ?? 0);
    await sort(ids[0], ids[2]);
    const rows = (await t.app.knex('service_activity').where('id', '>', before).orderBy('id')) as {
      id: number;
      action: string;
      collection: string;
      item: string;
    }[];
    expect(rows.map((r) => [r.action, r.collection, r.item]).sort()).toEqual(
      [String(ids[0]), String(ids[1]), String(ids[2])].map((item) => ['update', 'tasks', item]).sort(),
    );
    const revisions = (await t.app.knex('service_revisions').whereIn(
      'activity',
      rows.map((r) => r.id),
    )) as { item: string; delta: unknown }[];
    const deltas = Object.fromEntries(revisions.map((r) => [r.item, typeof r.delta === 'string' ? JSON.parse(r.delta) : r.delta]));
    expect(deltas).toEqual({ [ids[0]!]: { position: 3 }, [ids[1]!]: { position: 1 }, [ids[2]!]: { position: 2 } });
  });

  it('answers 400 INVALID_PAYLOAD for a collection without a sort field', async () => {
    const error = expectError(await sort(1, 2, t.adminToken, 'notes'), 400, 'INVALID_PAYLOAD');
    expect(error.extensions.reason).toBe('Collection "notes" doesn\'t have a sort field');
  });

  const badBodies: { name: string; body: unknown; reason: string }[] = [
    { name: 'no body fields', body: {}, reason: '"item" is required' },
    { name: 'no target', body: { item: 1 }, reason: '"to" is required' },
    { name: 'an object as item', body: { item: { id: 1 }, to: 2 }, reason: '"item" must be a string or a number' },
    { name: 'a boolean target', body: { item: 1, to: true }, reason: '"to" must be a string or a number' },
    { name: 'an array body', body: [1, 2], reason: 'The payload must be an object' },
  ];
  for (const c of badBodies) {
    it(`answers 400 INVALID_PAYLOAD for ${c.name}`, async () => {
      const error = expectError(
        await t.request('POST', '/utils/sort/tasks', { token: t.adminToken, body: c.body }),
        400,
        'INVALID_PAYLOAD',
      );
      expect(error.extensions.reason).toBe(c.reason);
      expect(await positions()).toEqual([1, 2, 3, 4, 5]);
    });
  }

  it('answers 403 for an unknown item, an unknown target and an unknown collection, and changes nothing', async () => {
    expectError(await sort(999_999, ids[0]), 403, 'FORBIDDEN');
    expectError(await sort(ids[0], 999_999), 403, 'FORBIDDEN');
    expectError(await sort(ids[0], 'not-a-key'), 403, 'FORBIDDEN');
    expectError(await sort(1, 2, t.adminToken, 'nowhere'), 403, 'FORBIDDEN');
    expectError(await t.request('POST', '/utils/sort/nowhere', { token: t.adminToken, body: {} }), 403, 'FORBIDDEN');
    expect(await positions()).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers 403 to callers without update permission on the collection or its sort field', async () => {
    const reader = await t.userWith({ permissions: [{ collection: 'tasks', action: 'read', fields: ['*'] }] });
    const titleOnly = await t.userWith({
      permissions: [
        { collection: 'tasks', action: 'read', fields: ['*'] },
        { collection: 'tasks', action: 'update', fields: ['title'] },
      ],
    });
    expectError(await sort(ids[0], ids[1], null), 403, 'FORBIDDEN');
    expectError(await sort(ids[0], ids[1], reader.token), 403, 'FORBIDDEN');
    expectError(await sort(ids[0], ids[1], titleOnly.token), 403, 'FORBIDDEN');
    expect(await positions()).toEqual([1, 2, 3, 4, 5]);
  });

  it("applies row rules to every item that moves: allowed within the caller's rows, 403 and nothing written across others", async () => {
    const ownerA = await t.userWith({
      permissions: [
        { collection: 'tasks', action: 'read', fields: ['*'] },
        { collection: 'tasks', action: 'update', fields: ['position'], permissions: { owner: { _eq: 'a' } } },
      ],
    });
    expect((await sort(ids[0], ids[2], ownerA.token)).statusCode).toBe(200);
    expect(await positions()).toEqual([3, 1, 2, 4, 5]);
    expectError(await sort(ids[0], ids[4], ownerA.token), 403, 'FORBIDDEN');
    expect(await positions()).toEqual([3, 1, 2, 4, 5]);
  });
});
