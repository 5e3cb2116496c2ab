import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError, expectNoLeak } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';

/**
 * Threat: a permission rule whose `_in` / `_nin` operand is empty, comes from a dynamic variable that resolves
 * to nothing (`$CURRENT_ROLES` of a user without a role, `$CURRENT_USER` of the public), or has values of the
 * wrong type, widens access (an empty `IN ()` dropped from the SQL, a bad value turned into "no condition").
 * Each rule is stored both through /permissions (which may refuse it) and directly in the table (as an old or
 * hand-edited rule would be); reads, updates and deletes under it must reach at most the rows it names, and a
 * broken rule refuses the request with the generic 403 (never a 500, never its content in the message).
 */
type Case = { name: string; filter: Record<string, unknown>; reach: string[] };

// Articles: "a" (published, rating 1) and "b" (draft, rating 2). `reach`: the titles the rule may reach at most.
const CASES: Case[] = [
  { name: 'an empty _in', filter: { status: { _in: [] } }, reach: [] },
  { name: 'an empty CSV _in', filter: { status: { _in: '' } }, reach: [] },
  { name: 'a CSV _in of commas', filter: { status: { _in: ',' } }, reach: [] },
  { name: '_in $CURRENT_ROLES resolving to a role id', filter: { status: { _in: '$CURRENT_ROLES' } }, reach: [] },
  { name: '_in [$CURRENT_USER]', filter: { status: { _in: ['$CURRENT_USER'] } }, reach: [] },
  { name: '_in [null]', filter: { rating: { _in: [null] } }, reach: [] },
  { name: '_in of strings on an integer', filter: { rating: { _in: ['x', 'y'] } }, reach: [] },
  { name: '_in of a CSV string on an integer', filter: { rating: { _in: 'abc' } }, reach: [] },
  { name: '_in of a number', filter: { rating: { _in: 5 } }, reach: [] },
  { name: '_in of null', filter: { rating: { _in: null } }, reach: [] },
  { name: '_in of an object', filter: { rating: { _in: { _eq: 1 } } }, reach: [] },
  { name: '_in of nested arrays', filter: { status: { _in: [['published']] } }, reach: [] },
  { name: '_in with an injection attempt', filter: { id: { _in: [-1, '1 OR 1=1'] } }, reach: [] },
  { name: '_nin with a wrong-type value', filter: { rating: { _nin: ['x'] } }, reach: ['a', 'b'] },
  { name: 'an _in inside _and', filter: { _and: [{ status: { _in: [] } }, { rating: { _gte: 0 } }] }, reach: [] },
  { name: 'an empty _in beside a match in _or', filter: { _or: [{ status: { _in: [] } }, { status: { _eq: 'draft' } }] }, reach: ['b'] },
  { name: 'an empty _nin', filter: { status: { _nin: [] } }, reach: ['a', 'b'] },
];

describe('_in / _nin operands in permission rules never widen access', () => {
  let t: TestApp;
  let rolelessToken: string;
  let rolelessPolicy: string;

  const titles = async () => (await t.app.knex('articles').select('title', 'rating').orderBy('id')) as { title: string; rating: number }[];
  const reset = async () => {
    await t.app.knex('articles').delete();
    await t.request('POST', '/items/articles', {
      token: t.adminToken,
      body: [
        { title: 'a', status: 'published', rating: 1 },
        { title: 'b', status: 'draft', rating: 2 },
      ],
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    // A user without a role, holding a policy of their own: $CURRENT_ROLES is empty for them.
    const policy = dataOf<{ id: string }>(
      await t.request('POST', '/policies', { token: t.adminToken, body: { name: 'Roleless', app_access: true } }),
    );
    rolelessPolicy = String(policy.id);
    const user = dataOf<{ id: string }>(
      await t.request('POST', '/users', {
        token: t.adminToken,
        body: { email: 'roleless@example.com', password: 'UserPass123!', status: 'active' },
      }),
    );
    await t.request('POST', '/access', { token: t.adminToken, body: { user: user.id, policy: rolelessPolicy } });
    rolelessToken = await t.login('roleless@example.com', 'UserPass123!');
  });
  afterAll(async () => {
    await t.close();
  });

  for (const { name, filter, reach } of CASES) {
    for (const stored of ['through /permissions', 'directly in the table'] as const) {
      it(`reaches at most ${JSON.stringify(reach)} with ${name}, stored ${stored}`, async () => {
        await reset();
        const user = await t.userWith({ permissions: [] });
        const rules = ['read', 'update', 'delete'].map((action) => ({
          policy: user.policyId,
          collection: 'articles',
          action,
          permissions: filter,
          fields: ['*'],
        }));
        if (stored === 'through /permissions') {
          const response = await t.request('POST', '/permissions', { token: t.adminToken, body: rules });
          expect([200, 400]).toContain(response.statusCode);
          if (response.statusCode === 400) return; // refused when written: nothing to apply
        } else {
          await t.app
            .knex('service_permissions')
            .insert(rules.map((r) => ({ ...r, permissions: JSON.stringify(r.permissions), fields: '*' })));
          // Any access write raises the access version, so the new rules are read.
          await t.request('PATCH', `/policies/${user.policyId}`, { token: t.adminToken, body: { name: `Policy ${Date.now()}` } });
        }

        const read = await t.request('GET', '/items/articles', { token: user.token, query: { fields: 'title', sort: 'id' } });
        expectNoLeak(read);
        if (read.statusCode === 200) for (const row of dataOf<{ title: string }[]>(read)) expect(reach).toContain(row.title);
        // A rule that doesn't compile refuses with the generic 403: nothing of the rule is shown to the reader.
        else expect(expectError(read, 403, 'FORBIDDEN').message).toBe("You don't have permission to access this.");

        const ids = ((await t.app.knex('articles').select('id').orderBy('id')) as { id: number }[]).map((r) => Number(r.id));
        const update = await t.request('PATCH', '/items/articles', { token: user.token, body: { keys: ids, data: { rating: 7 } } });
        expect(update.statusCode).toBeLessThan(500);
        const byQuery = await t.request('PATCH', '/items/articles', {
          token: user.token,
          body: { query: { limit: -1 }, data: { rating: 8 } },
        });
        expect(byQuery.statusCode).toBeLessThan(500);
        for (const row of await titles()) if (row.rating >= 7) expect(reach).toContain(row.title);

        const remove = await t.request('DELETE', '/items/articles', { token: user.token, body: { query: { limit: -1 } } });
        expect(remove.statusCode).toBeLessThan(500);
        const left = (await titles()).map((r) => r.title);
        for (const title of ['a', 'b']) if (!reach.includes(title)) expect(left).toContain(title);
      });
    }
  }

  it('gives a user without a role no role through _in $CURRENT_ROLES (the built-in rule on roles)', async () => {
    const roles = await t.request('GET', '/roles', { token: rolelessToken, query: { fields: 'id' } });
    expect(roles.statusCode).toBe(200);
    expect(dataOf<unknown[]>(roles)).toEqual([]);
  });

  it('gives the public nothing through _in [$CURRENT_USER] or $CURRENT_ROLES', async () => {
    await reset();
    const { PUBLIC_POLICY_ID } = await import('../../src/kernel/system/system-collections.js');
    const rules = [
      {
        policy: PUBLIC_POLICY_ID,
        collection: 'articles',
        action: 'read',
        permissions: { _or: [{ status: { _in: ['$CURRENT_USER'] } }, { status: { _in: '$CURRENT_ROLES' } }] },
        fields: ['*'],
      },
    ];
    const created = dataOf<{ id: number }[]>(await t.request('POST', '/permissions', { token: t.adminToken, body: rules }));
    const read = await t.request('GET', '/items/articles', { token: null });
    expect(read.statusCode).toBe(200);
    expect(dataOf<unknown[]>(read)).toEqual([]);
    await t.request('DELETE', '/permissions', { token: t.adminToken, body: created.map((r) => r.id) });
  });
});
