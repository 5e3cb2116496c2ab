import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { createConcealedFixture, type ConcealedFixture } from './concealed-fixture.js';

type Row = Record<string, unknown>;

/**
 * Threat: a cache keyed without the reader's rules hands one reader's answer to the next. A list read keeps
 * its compiled plan (decision 0032) and its result (decision 0033): the key is the collection, the resolved
 * query and scope, and the reader's rules after their dynamic variables are resolved. Readers with other
 * rules, other policies, the same policy over `$CURRENT_USER`, rules changed between two reads, or no token at
 * all alternate on one URL here, and each gets exactly what their own rules allow, every time. (Stratum has
 * no shares, so there is no share reader to add.)
 */
describe('kept read plans and results across readers', () => {
  let t: TestApp;
  let f: ConcealedFixture;
  const admin = async (method: string, url: string, body?: unknown) => {
    const response = await t.request(method, url, { token: t.adminToken, body });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row>(response);
  };
  const read = async (url: string, token: string | null) => {
    const response = await t.request('GET', url, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Row[]; meta?: Row };
  };
  /** Reads `url` as each reader in turn, `rounds` times, and checks each answer against that reader's own. */
  const alternate = async (url: string, readers: { token: string | null; expected: unknown }[], rounds = 3) => {
    for (let round = 0; round < rounds; round++) {
      for (const reader of readers) expect(await read(url, reader.token)).toEqual(reader.expected);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await createConcealedFixture(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const url = '/items/vault?fields=*&sort=label&meta=total_count,filter_count&limit=-1';

  it('readers with other rules on one URL: each gets only their fields and rows', async () => {
    const broad = await t.userWith({ permissions: [{ collection: 'vault', action: 'read', fields: ['id', 'label', 'hidden'] }] });
    const narrow = await t.userWith({
      permissions: [{ collection: 'vault', action: 'read', fields: ['label'], permissions: { label: { _in: ['alpha', 'beta'] } } }],
    });
    await alternate(url, [
      { token: f.reader.token, expected: await read(url, f.reader.token) },
      {
        token: broad.token,
        expected: {
          data: [
            { id: f.ids.alpha, label: 'alpha', hidden: 'hidden-alpha' },
            { id: f.ids.beta, label: 'beta', hidden: 'hidden-beta' },
            { id: f.ids.gamma, label: 'gamma', hidden: 'hidden-gamma' },
            { id: f.ids['private-delta'], label: 'private-delta', hidden: 'hidden-delta' },
          ],
          meta: { total_count: 4, filter_count: 4 },
        },
      },
      { token: narrow.token, expected: { data: [{ label: 'alpha' }, { label: 'beta' }], meta: { total_count: 2, filter_count: 2 } } },
    ]);
    // The fixture reader's own answer, checked in full once (the alternation above compares it to itself).
    const own = await read(url, f.reader.token);
    expect(own.data.map((r) => r.label)).toEqual(['alpha', 'beta', 'gamma']);
    expect(own.data.every((r) => !('hidden' in r) && r.secret === '**********')).toBe(true);
    expect(own.meta).toEqual({ total_count: 3, filter_count: 3 });
    // The kept results are in play: where the dialect can tell nothing changed, a repeat runs no statement on vault.
    // A result is kept at the second of two reads at one data token (decision 0172); PostgreSQL's token is the
    // server's snapshot, which other test files' commits move, so the pair is tried up to five times.
    let statements: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statements = [];
      const listener = (q: { sql: string }) => statements.push(q.sql);
      t.app.knex.on('query', listener);
      try {
        expect(await read(url, broad.token)).toMatchObject({ meta: { total_count: 4 } });
        expect(await read(url, narrow.token)).toMatchObject({ meta: { total_count: 2 } });
      } finally {
        t.app.knex.off('query', listener);
      }
      if (!statements.some((sql) => sql.includes('vault'))) break;
    }
    if (t.vendor !== 'mysql') expect(statements.filter((sql) => sql.includes('vault'))).toEqual([]);
  });

  it('the same policy over $CURRENT_USER: each user gets their own rows', async () => {
    const first = await t.userWith({
      permissions: [{ collection: 'vault', action: 'read', fields: ['label', 'owner'], permissions: { owner: { _eq: '$CURRENT_USER' } } }],
    });
    const email = `same-policy-${Date.now()}@example.com`;
    const second = await admin('POST', '/users', { email, password: 'UserPass123!', role: first.roleId, status: 'active' });
    const secondToken = await t.login(email, 'UserPass123!');
    await admin('PATCH', `/items/vault/${f.ids.gamma}`, { owner: first.userId });
    await admin('PATCH', `/items/vault/${f.ids.beta}`, { owner: second.id });
    const mine = '/items/vault?fields=label,owner&sort=label&meta=total_count';
    await alternate(mine, [
      { token: first.token, expected: { data: [{ label: 'gamma', owner: first.userId }], meta: { total_count: 1 } } },
      { token: secondToken, expected: { data: [{ label: 'beta', owner: second.id }], meta: { total_count: 1 } } },
    ]);
  });

  it('one more policy on a user of the same role: only that user gets what it adds', async () => {
    const base = await t.userWith({
      permissions: [{ collection: 'vault', action: 'read', fields: ['label'], permissions: { label: { _eq: 'alpha' } } }],
    });
    const email = `extra-policy-${Date.now()}@example.com`;
    const extra = await admin('POST', '/users', { email, password: 'UserPass123!', role: base.roleId, status: 'active' });
    const policy = await admin('POST', '/policies', { name: `extra ${Date.now()}`, app_access: false, admin_access: false });
    await admin('POST', '/permissions', {
      policy: policy.id,
      collection: 'vault',
      action: 'read',
      fields: ['label', 'hidden'],
      permissions: { label: { _eq: 'beta' } },
    });
    await admin('POST', '/access', { user: extra.id, policy: policy.id });
    const extraToken = await t.login(email, 'UserPass123!');
    const labels = '/items/vault?fields=label,hidden&sort=label';
    // `hidden` is granted only by the extra policy, whose rule covers beta: shown there, null on alpha.
    await alternate('/items/vault?fields=label&sort=label', [
      { token: base.token, expected: { data: [{ label: 'alpha' }] } },
      { token: extraToken, expected: { data: [{ label: 'alpha' }, { label: 'beta' }] } },
    ]);
    expect((await t.request('GET', labels, { token: base.token })).statusCode).toBe(403);
    await alternate(
      labels,
      [
        {
          token: extraToken,
          expected: {
            data: [
              { label: 'alpha', hidden: null },
              { label: 'beta', hidden: 'hidden-beta' },
            ],
          },
        },
      ],
      2,
    );
  });

  it('a rule changed between two reads of the same URL applies at once', async () => {
    const user = await t.userWith({
      permissions: [{ collection: 'vault', action: 'read', fields: ['label', 'hidden'], permissions: { label: { _eq: 'alpha' } } }],
    });
    const same = '/items/vault?fields=label&sort=label';
    expect((await read(same, user.token)).data).toEqual([{ label: 'alpha' }]);
    const [rule] = dataOf<Row[]>(await t.request('GET', `/permissions?filter[policy][_eq]=${user.policyId}`, { token: t.adminToken }));
    await admin('PATCH', `/permissions/${String(rule!.id)}`, { permissions: { label: { _in: ['alpha', 'gamma'] } } });
    expect((await read(same, user.token)).data).toEqual([{ label: 'alpha' }, { label: 'gamma' }]);
    await admin('PATCH', `/permissions/${String(rule!.id)}`, { fields: ['hidden'] });
    expect((await t.request('GET', same, { token: user.token })).statusCode).toBe(403);
  });

  it('anonymous, a reader and an administrator alternate; GraphQL lists too', async () => {
    const publicUrl = '/items/vault?fields=label&sort=label';
    expect((await t.request('GET', publicUrl)).statusCode).toBe(403);
    const everything = await read(publicUrl, t.adminToken);
    expect(everything.data).toHaveLength(4);
    for (let round = 0; round < 3; round++) {
      expect((await t.request('GET', publicUrl)).statusCode).toBe(403);
      expect((await read(publicUrl, f.reader.token)).data).toEqual([{ label: 'alpha' }, { label: 'beta' }, { label: 'gamma' }]);
      expect(await read(publicUrl, t.adminToken)).toEqual(everything);
    }
    const query = { query: '{ vault(sort: ["label"]) { label } }' };
    const asAdmin = (await t.request('POST', '/graphql', { token: t.adminToken, body: query })).json() as { data: { vault: Row[] } };
    for (let round = 0; round < 3; round++) {
      const mine = (await t.request('POST', '/graphql', { token: f.reader.token, body: query })).json() as { data: { vault: Row[] } };
      expect(mine.data.vault.map((r) => r.label)).toEqual(['alpha', 'beta', 'gamma']);
      expect((await t.request('POST', '/graphql', { token: t.adminToken, body: query })).json()).toEqual(asAdmin);
    }
    expect(asAdmin.data.vault.map((r) => r.label)).toContain('private-delta');
  });
});
