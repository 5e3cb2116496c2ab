import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

type Row = Record<string, unknown>;

/**
 * Writes and their trail. On PostgreSQL a plain create or update (no behaviours, nothing nested) is ONE statement
 * with its activity rows and revisions (Dialect.writeWithTrail), the revision's copy of the row written in SQL;
 * elsewhere, and for columns whose JSON PostgreSQL can't write as the API reads them, a transaction. Either way
 * the trail must be the same: these tests hold on every database, and check on PostgreSQL that the one
 * statement is what ran.
 */
describe('writes with their trail in one statement', () => {
  let t: TestApp;
  let statements: string[] = [];
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const ok = async <T = Row>(method: string, url: string, body?: unknown) => {
    const response = await admin(method, url, body);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<T>(response);
  };
  const revisionsOf = async (collection: string, item: unknown) =>
    ok<Row[]>(
      'GET',
      `/revisions?filter[collection][_eq]=${collection}&filter[item][_eq]=${String(item)}&sort=id&fields=data,delta,activity.action,activity.item`,
    );
  const activityCount = async () => dataOf<Row[]>(await admin('GET', '/activity?aggregate[count]=*'))[0]!.count;
  /** On PostgreSQL: whether the last request wrote with one statement (a data-modifying CTE, no BEGIN). */
  const expectOneStatement = (expected: boolean) => {
    if (t.vendor !== 'postgres') return;
    expect(
      statements.some((s) => s.startsWith('with w as (')),
      statements.join('\n'),
    ).toBe(expected);
    expect(statements.includes('BEGIN;'), statements.join('\n')).toBe(!expected);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const field = (name: string, type: string, extra: Row = {}) => ({ field: name, type, schema: {}, ...extra });
    await ok('POST', '/collections', {
      collection: 'trail_types',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        field('small', 'integer'),
        field('big', 'bigInteger'),
        field('ratio', 'float'),
        field('flag', 'boolean'),
        field('doc', 'json'),
        field('name', 'string', { schema: { is_unique: true } }),
        field('body', 'text'),
        field('ref', 'uuid'),
        field('secret', 'string', { meta: { special: ['conceal'] } }),
        field('pass', 'hash', { meta: { special: ['hash'] } }),
      ],
    });
    await ok('POST', '/collections', {
      collection: 'trail_keys',
      schema: {},
      fields: [{ field: 'id', type: 'uuid', schema: { is_primary_key: true } }, field('label', 'string'), field('status', 'string')],
    });
    await ok('POST', '/collections', {
      collection: 'trail_stamped',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        field('label', 'string'),
        field('at', 'timestamp'),
      ],
    });
    t.app.knex.on('query', (q: { sql: string }) => statements.push(q.sql));
  });
  beforeEach(() => {
    statements = [];
  });
  afterAll(async () => {
    await t.close();
  });

  const full = {
    small: -7,
    big: 9007199254740991,
    ratio: 0.1,
    flag: true,
    doc: { list: [1, 'two', { three: null }], 'ü ": \\': 'quoted' },
    name: 'Ada',
    body: 'it\'s "text"',
    ref: '8a6e0804-2bd0-4672-b79d-d97027f9071a',
    secret: 'hidden',
    pass: 'p4ssword!',
  };

  it('a created item: its revision holds the item as an administrator reads it, and the delta as submitted (masked)', async () => {
    const created = await ok('POST', '/items/trail_types', full);
    expectOneStatement(true);
    if (t.vendor === 'postgres') expect(statements.filter((s) => s.startsWith('select') && s.includes('"trail_types"'))).toEqual([]);
    const read = await ok('GET', `/items/trail_types/${String(created.id)}`);
    // The answer (on PostgreSQL, the row the INSERT returned, not read again) is what a read shows.
    expect(created).toEqual(read);
    expect(read).toMatchObject({ big: 9007199254740991, ratio: 0.1, secret: '**********', pass: '**********', doc: full.doc });
    const [revision, ...more] = await revisionsOf('trail_types', created.id);
    expect(more).toEqual([]);
    expect(revision!.data).toEqual(read);
    expect(revision!.delta).toEqual({ ...full, secret: '**********', pass: '**********' });
    expect(revision!.activity).toEqual({ action: 'create', item: String(created.id) });
  });

  it('nulls and absent columns come out as the read shows them', async () => {
    const created = await ok('POST', '/items/trail_types', { name: 'Nulls', small: null, doc: null, secret: null });
    const read = await ok('GET', `/items/trail_types/${String(created.id)}`);
    expect(read).toMatchObject({ small: null, doc: null, secret: null, pass: null, flag: null });
    expect((await revisionsOf('trail_types', created.id))[0]!.data).toEqual(read);
  });

  it('a batch: one activity row and revision per item, each with its own delta, keys in order', async () => {
    const created = await ok<Row[]>('POST', '/items/trail_types', [
      { name: 'B1', small: 1 },
      { name: 'B2', small: 2 },
      { name: 'B3', small: 3 },
    ]);
    expectOneStatement(true);
    expect(created.map((c) => c.name)).toEqual(['B1', 'B2', 'B3']);
    for (const item of created) {
      const [revision] = await revisionsOf('trail_types', item.id);
      expect(revision!.delta).toEqual({ name: item.name, small: item.small });
      expect(revision!.data).toEqual(await ok('GET', `/items/trail_types/${String(item.id)}`));
    }
  });

  it('an update: the revision has the item after the change and the delta; other items untouched', async () => {
    const [a, b] = await ok<Row[]>('POST', '/items/trail_types', [
      { name: 'U1', small: 1 },
      { name: 'U2', small: 2 },
    ]);
    statements = [];
    const updated = await ok('PATCH', `/items/trail_types/${String(a!.id)}`, { small: 10, doc: ['x'], pass: 'n3w-pass' });
    expectOneStatement(true);
    expect(updated).toMatchObject({ small: 10, doc: ['x'], pass: '**********' });
    expect(updated).toEqual(await ok('GET', `/items/trail_types/${String(a!.id)}`));
    const revisions = await revisionsOf('trail_types', a!.id);
    expect(revisions).toHaveLength(2);
    expect(revisions[1]).toEqual({
      data: await ok('GET', `/items/trail_types/${String(a!.id)}`),
      delta: { small: 10, doc: ['x'], pass: '**********' },
      activity: { action: 'update', item: String(a!.id) },
    });
    expect(await revisionsOf('trail_types', b!.id)).toHaveLength(1);
  });

  it('an update of several keys: one activity row and revision per item', async () => {
    const items = await ok<Row[]>('POST', '/items/trail_types', [{ name: 'M1' }, { name: 'M2' }]);
    const keys = items.map((i) => i.id);
    await ok('PATCH', '/items/trail_types', { keys, data: { flag: false } });
    expectOneStatement(true);
    for (const key of keys) {
      const revisions = await revisionsOf('trail_types', key);
      expect(revisions.map((r) => (r.activity as Row).action)).toEqual(['create', 'update']);
      expect(revisions[1]!.data).toMatchObject({ id: key, flag: false });
    }
  });

  it('given keys (uuid, any case): each matched to its own delta', async () => {
    const keys = ['5B1B7C3A-1E7C-4C5E-9A57-1D8B8E0F6A21', '0c3f8a58-7f5e-4d0e-8b0b-2d1f1f1e9c10'];
    const created = await ok<Row[]>('POST', '/items/trail_keys', [
      { id: keys[0], label: 'upper' },
      { id: keys[1], label: 'lower' },
    ]);
    expectOneStatement(true);
    expect(created.map((c) => c.label).sort()).toEqual(['lower', 'upper']);
    for (const [i, label] of ['upper', 'lower'].entries()) {
      const id = keys[i]!.toLowerCase();
      const revisions = await revisionsOf('trail_keys', id);
      expect(
        revisions.map((r) => r.delta),
        label,
      ).toEqual([expect.objectContaining({ label })]);
      expect(revisions[0]!.data).toMatchObject({ label });
      expect(String((revisions[0]!.data as Row).id).toLowerCase()).toBe(id);
    }
  });

  it("the answer follows the request's query and the caller's permissions, as a read would", async () => {
    const created = await ok('POST', '/items/trail_types?fields=name,small', { name: 'Fields', small: 3, body: 'b' });
    expect(created).toEqual({ name: 'Fields', small: 3 });
    expect(
      await ok(
        'PATCH',
        `/items/trail_types/${String((await ok<Row[]>('GET', '/items/trail_types?filter[name][_eq]=Fields&fields=id'))[0]!.id)}?fields=small`,
        { small: 4 },
      ),
    ).toEqual({ small: 4 });
    const writer = await t.userWith({
      permissions: [
        { collection: 'trail_types', action: 'create', fields: ['*'] },
        { collection: 'trail_types', action: 'update', fields: ['*'] },
        { collection: 'trail_types', action: 'read', fields: ['id', 'name'] },
      ],
    });
    const own = await t.request('POST', '/items/trail_types', { token: writer.token, body: { name: 'Writer', small: 9, secret: 's' } });
    expect(own.statusCode, own.body).toBe(200);
    const item = dataOf<Row>(own);
    expect(item).toEqual({ id: item.id, name: 'Writer' });
    const patched = await t.request('PATCH', `/items/trail_types/${String(item.id)}`, { token: writer.token, body: { small: 10 } });
    expect(dataOf<Row>(patched)).toEqual({ id: item.id, name: 'Writer' });
  });

  it('a column PostgreSQL would write differently (timestamptz) takes the transaction, with the same trail', async () => {
    const created = await ok('POST', '/items/trail_stamped', { label: 'stamp', at: '2026-11-26T10:11:12.345Z' });
    expectOneStatement(false);
    const [revision] = await revisionsOf('trail_stamped', created.id);
    expect(revision!.data).toEqual({ id: created.id, label: 'stamp', at: '2026-11-26T10:11:12.345Z' });
    statements = [];
    await ok('PATCH', `/items/trail_stamped/${String(created.id)}`, { label: 'again' });
    expectOneStatement(false);
  });

  it('one road: with a filter handler (the transaction) and without (one statement where allowed), the same answer, activity and revisions', async () => {
    const run = async (label: string, viaTransaction: boolean) => {
      const off = viaTransaction ? t.app.events.onFilter('trail_keys.items.create', () => undefined) : () => undefined;
      const offUpdate = viaTransaction ? t.app.events.onFilter('trail_keys.items.update', () => undefined) : () => undefined;
      statements = [];
      const id = viaTransaction ? 'C0FFEE00-1E7C-4C5E-9A57-1D8B8E0F6A21' : 'DECAF000-1E7C-4C5E-9A57-1D8B8E0F6A21';
      const created = await ok('POST', '/items/trail_keys', { id, label, status: 'new' });
      expectOneStatement(!viaTransaction);
      const updated = await ok('PATCH', `/items/trail_keys/${id}`, { status: 'seen' });
      off();
      offUpdate();
      const revisions = await revisionsOf('trail_keys', id.toLowerCase());
      // Everything but the key itself and the label, which differ by design.
      const strip = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(id.toLowerCase(), '<id>').replaceAll(label, '<label>'));
      return strip({ created, updated, revisions });
    };
    const oneStatement = await run('road-a', false);
    const transaction = await run('road-b', true);
    expect(transaction).toEqual(oneStatement);
    expect(oneStatement).toEqual({
      created: { id: '<id>', label: '<label>', status: 'new' },
      updated: { id: '<id>', label: '<label>', status: 'seen' },
      revisions: [
        {
          data: { id: '<id>', label: '<label>', status: 'new' },
          delta: { id: '<id>', label: '<label>', status: 'new' },
          activity: { action: 'create', item: '<id>' },
        },
        { data: { id: '<id>', label: '<label>', status: 'seen' }, delta: { status: 'seen' }, activity: { action: 'update', item: '<id>' } },
      ],
    });
  });

  describe('nothing is written when the write is refused', () => {
    it('an update of a missing key: 403, no activity row', async () => {
      const before = await activityCount();
      expectError(await admin('PATCH', '/items/trail_types/999999', { small: 1 }), 403, 'FORBIDDEN');
      expect(await activityCount()).toBe(before);
    });

    it('an update of several keys, one missing: 403, the others unchanged', async () => {
      const item = await ok('POST', '/items/trail_types', { name: 'Kept', small: 5 });
      const before = await activityCount();
      expectError(await admin('PATCH', '/items/trail_types', { keys: [item.id, 999999], data: { small: 6 } }), 403, 'FORBIDDEN');
      expect((await ok('GET', `/items/trail_types/${String(item.id)}`)).small).toBe(5);
      expect(await activityCount()).toBe(before);
    });

    it("an update outside the caller's row filter: 403, the item unchanged, no activity row", async () => {
      const [open, closed] = await ok<Row[]>('POST', '/items/trail_keys', [
        { id: 'a5b0a8b4-2c3e-4f0e-9d7a-0c1b2d3e4f50', label: 'open', status: 'open' },
        { id: 'b6c1b9c5-3d4f-4a1f-8e8b-1d2c3e4f5061', label: 'closed', status: 'closed' },
      ]);
      const editor = await t.userWith({
        permissions: [
          { collection: 'trail_keys', action: 'read', fields: ['*'] },
          { collection: 'trail_keys', action: 'update', permissions: { status: { _eq: 'open' } }, fields: ['label'] },
        ],
      });
      const before = await activityCount();
      expectError(
        await t.request('PATCH', `/items/trail_keys/${String(closed!.id)}`, { token: editor.token, body: { label: 'changed' } }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await t.request('PATCH', '/items/trail_keys', {
          token: editor.token,
          body: { keys: [open!.id, closed!.id], data: { label: 'changed' } },
        }),
        403,
        'FORBIDDEN',
      );
      expect((await ok('GET', `/items/trail_keys/${String(closed!.id)}`)).label).toBe('closed');
      expect((await ok('GET', `/items/trail_keys/${String(open!.id)}`)).label).toBe('open');
      expect(await activityCount()).toBe(before);
      const allowed = await t.request('PATCH', `/items/trail_keys/${String(open!.id)}`, {
        token: editor.token,
        body: { label: 'changed' },
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(await activityCount()).toBe(Number(before) + 1);
    });

    it('a duplicate unique value: 400 RECORD_NOT_UNIQUE, no item and no activity row', async () => {
      await ok('POST', '/items/trail_types', { name: 'Unique' });
      const before = await activityCount();
      expectError(await admin('POST', '/items/trail_types', [{ name: 'Fresh' }, { name: 'Unique' }]), 400, 'RECORD_NOT_UNIQUE');
      expect(await ok<Row[]>('GET', '/items/trail_types?filter[name][_eq]=Fresh')).toEqual([]);
      expect(await activityCount()).toBe(before);
    });
  });
});
