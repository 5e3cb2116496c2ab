import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_POLICY_ID } from '../../../src/kernel/system/system-collections.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';
import { addRules, adminData, adminIds, send, type Caller, type Row } from './permission-helpers.js';

/**
 * One rule set, reached in six ways (administrator, public policy, app user, two overlapping policies, a child
 * role inheriting its parent's policy, an IP-restricted policy from inside and outside its list), each
 * against the same checks. `rules` actors must behave identically; `admin` bypasses everything; `denied`
 * (the IP-restricted policy from elsewhere) has no rules at all.
 */
type Kind = 'admin' | 'rules' | 'denied';
type Actor = { name: string; kind: Kind };

// Rules A–E (docs/permissions.md): two overlapping read rules (case/when), create with presets and validation,
// update and delete limited by row filters. `authors` and the article `body` are readable by nobody.
const READ_PUBLISHED = {
  collection: 'articles',
  action: 'read',
  permissions: { status: { _eq: 'published' } },
  fields: ['id', 'title', 'status', 'author'],
};
const READ_FEATURED = {
  collection: 'articles',
  action: 'read',
  permissions: { featured: { _eq: true } },
  fields: ['id', 'title', 'rating'],
};
const CREATE = {
  collection: 'articles',
  action: 'create',
  fields: ['title', 'rating'],
  presets: { status: 'published', body: 'from preset' },
  validation: { rating: { _lte: 5 } },
};
const UPDATE = { collection: 'articles', action: 'update', permissions: { status: { _eq: 'published' } }, fields: ['title', 'rating'] };
const DELETE = { collection: 'articles', action: 'delete', permissions: { featured: { _eq: true } } };
const ALL_RULES = [READ_PUBLISHED, READ_FEATURED, CREATE, UPDATE, DELETE];

const ACTORS: Actor[] = [
  { name: 'administrator', kind: 'admin' },
  { name: 'anonymous (public policy)', kind: 'rules' },
  { name: 'app user', kind: 'rules' },
  { name: 'user with two overlapping policies', kind: 'rules' },
  { name: 'user in a child role inheriting its parent policy', kind: 'rules' },
  { name: 'IP-restricted policy, inside its list', kind: 'rules' },
  { name: 'IP-restricted policy, outside its list', kind: 'denied' },
];

describe('permission scenarios on every path of access', () => {
  let t: TestApp;
  const callers = new Map<string, Caller & { userId?: string; roleId?: string }>();
  const ids: Record<string, number> = {};
  let admin: Awaited<ReturnType<typeof adminIds>>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    admin = await adminIds(t);
    await adminData(t, 'POST', '/items/authors', { name: 'Ada' });

    callers.set('administrator', { token: t.adminToken, userId: admin.user, roleId: admin.role });
    await addRules(t, PUBLIC_POLICY_ID, ALL_RULES);
    callers.set('anonymous (public policy)', { token: null });

    const app = await t.userWith({ appAccess: true, permissions: ALL_RULES });
    callers.set('app user', { token: app.token, userId: app.userId, roleId: app.roleId });

    // Policy 1 on the role: the published reader, create and update; policy 2 on the user: the featured reader and delete.
    const two = await t.userWith({ permissions: [READ_PUBLISHED, CREATE, UPDATE] });
    const second = await adminData(t, 'POST', '/policies', { name: 'Second policy' });
    await adminData(t, 'POST', '/access', { user: two.userId, policy: second.id });
    await addRules(t, String(second.id), [READ_FEATURED, DELETE]);
    callers.set('user with two overlapping policies', { token: two.token, userId: two.userId, roleId: two.roleId });

    const parent = await adminData(t, 'POST', '/roles', { name: 'Parent role' });
    const parentPolicy = await adminData(t, 'POST', '/policies', { name: 'Parent policy' });
    await adminData(t, 'POST', '/access', { role: parent.id, policy: parentPolicy.id });
    await addRules(t, String(parentPolicy.id), ALL_RULES);
    const child = await t.userWith({ parentRole: String(parent.id) });
    callers.set('user in a child role inheriting its parent policy', { token: child.token, userId: child.userId, roleId: child.roleId });

    const office = await t.userWith({ ipAccess: ['10.0.0.0/8'], permissions: ALL_RULES });
    callers.set('IP-restricted policy, inside its list', {
      token: office.token,
      ip: '10.1.2.3',
      userId: office.userId,
      roleId: office.roleId,
    });
    callers.set('IP-restricted policy, outside its list', {
      token: office.token,
      ip: '192.168.1.20',
      userId: office.userId,
      roleId: office.roleId,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  beforeEach(async () => {
    await t.app.knex('comments').delete();
    await t.app.knex('articles').delete();
    const rows = await adminData<Row[]>(t, 'POST', '/items/articles', [
      { title: 'P1', status: 'published', featured: false, rating: 1, body: 'b1', slug: 'p1' },
      { title: 'P2', status: 'published', featured: true, rating: 2, body: 'b2', slug: 'p2' },
      { title: 'D1', status: 'draft', featured: true, rating: 3, body: 'b3', slug: 'd1' },
      { title: 'D2', status: 'draft', featured: false, rating: 4, body: 'b4', slug: 'd2' },
    ]);
    for (const row of rows) ids[row.title as string] = row.id as number;
  });

  const stored = async (title: string) => (await t.app.knex('articles').where({ id: ids[title]! }).first()) as Row | undefined;

  describe.each(ACTORS)('$name', ({ name, kind }) => {
    const call = (method: string, url: string, body?: unknown) => send(t, callers.get(name)!, method, url, body);

    it('reads only the rows some rule covers', async () => {
      const response = await call('GET', '/items/articles?fields=id,title&sort=id');
      if (kind === 'denied') return void expectError(response, 403, 'FORBIDDEN');
      expect(response.statusCode, response.body).toBe(200);
      const titles = dataOf<Row[]>(response).map((r) => r.title);
      expect(titles).toEqual(kind === 'admin' ? ['P1', 'P2', 'D1', 'D2'] : ['P1', 'P2', 'D1']);
      if (kind === 'rules') expectError(await call('GET', `/items/articles/${ids.D2}`), 403, 'FORBIDDEN');
    });

    it('shows a field only on rows where a rule granting it matches (null elsewhere), and refuses unreadable fields', async () => {
      const response = await call('GET', '/items/articles?fields=title,status,rating&sort=id');
      if (kind === 'denied') return void expectError(response, 403, 'FORBIDDEN');
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(response)).toEqual(
        kind === 'admin'
          ? [
              { title: 'P1', status: 'published', rating: 1 },
              { title: 'P2', status: 'published', rating: 2 },
              { title: 'D1', status: 'draft', rating: 3 },
              { title: 'D2', status: 'draft', rating: 4 },
            ]
          : [
              { title: 'P1', status: 'published', rating: null },
              { title: 'P2', status: 'published', rating: 2 },
              { title: 'D1', status: null, rating: 3 },
            ],
      );
      const body = await call('GET', '/items/articles?fields=body');
      if (kind === 'admin') expect(body.statusCode).toBe(200);
      else expectError(body, 403, 'FORBIDDEN');
    });

    it('creates with the rule presets applied', async () => {
      const response = await call('POST', '/items/articles?fields=title,status', { title: 'New', rating: 2 });
      if (kind === 'denied') {
        expectError(response, 403, 'FORBIDDEN');
        expect(await countRows(t.app, 'articles')).toBe(4);
        return;
      }
      expect(response.statusCode, response.body).toBe(200);
      const row = (await t.app.knex('articles').where({ title: 'New' }).first()) as Row;
      if (kind === 'admin') {
        expect(dataOf(response)).toEqual({ title: 'New', status: 'draft' });
        expect(row.body).toBeNull();
      } else {
        expect(dataOf(response)).toEqual({ title: 'New', status: 'published' });
        expect(row.body).toBe('from preset');
        // A field outside the create list is refused even with a preset for it.
        expectError(await call('POST', '/items/articles', { title: 'X', status: 'draft' }), 403, 'FORBIDDEN');
      }
    });

    it('refuses a payload failing the rule validation (400) and writes nothing', async () => {
      const response = await call('POST', '/items/articles', { title: 'Bad', rating: 9 });
      if (kind === 'admin') return void expect(response.statusCode).toBe(200);
      if (kind === 'denied') expectError(response, 403, 'FORBIDDEN');
      else expect(expectError(response, 400, 'FAILED_VALIDATION').extensions).toMatchObject({ field: 'rating', type: 'lte' });
      expect(await countRows(t.app, 'articles', { title: 'Bad' })).toBe(0);
    });

    it('updates inside the row filter and answers 403 (nothing changed) outside it', async () => {
      const outside = await call('PATCH', `/items/articles/${ids.D1}`, { title: 'Hacked' });
      const many = await call('PATCH', '/items/articles', { keys: [ids.P1, ids.D2], data: { title: 'Hacked' } });
      const inside = await call('PATCH', `/items/articles/${ids.P1}?fields=title`, { title: 'Edited' });
      if (kind === 'admin') {
        expect([outside.statusCode, many.statusCode, inside.statusCode]).toEqual([200, 200, 200]);
        return;
      }
      expectError(outside, 403, 'FORBIDDEN');
      expectError(many, 403, 'FORBIDDEN');
      expect((await stored('D1'))!.title).toBe('D1');
      expect((await stored('D2'))!.title).toBe('D2');
      if (kind === 'denied') {
        expectError(inside, 403, 'FORBIDDEN');
        expect((await stored('P1'))!.title).toBe('P1');
      } else {
        expect(dataOf(inside)).toEqual({ title: 'Edited' });
        expect((await stored('P1'))!.title).toBe('Edited');
      }
    });

    it('deletes inside the row filter only', async () => {
      const outside = await call('DELETE', `/items/articles/${ids.P1}`);
      const inside = await call('DELETE', `/items/articles/${ids.D1}`);
      if (kind === 'admin') {
        expect([outside.statusCode, inside.statusCode]).toEqual([204, 204]);
        expect(await countRows(t.app, 'articles')).toBe(2);
        return;
      }
      expectError(outside, 403, 'FORBIDDEN');
      expect(await stored('P1')).toBeDefined();
      if (kind === 'denied') {
        expectError(inside, 403, 'FORBIDDEN');
        expect(await countRows(t.app, 'articles')).toBe(4);
      } else {
        expect(inside.statusCode).toBe(204);
        expect(await stored('D1')).toBeUndefined();
        // By query: only the rows inside the filter go (P2 is featured; P1 and D2 are not).
        expect((await call('DELETE', '/items/articles', { query: { filter: { id: { _gt: 0 } } } })).statusCode).toBe(204);
        expect((await t.app.knex('articles').select('title').orderBy('id')).map((r: Row) => r.title)).toEqual(['P1', 'D2']);
      }
    });

    it('refuses a relational read into a collection without read rules', async () => {
      await t.app
        .knex('articles')
        .where({ id: ids.P1! })
        .update({ author: (await t.app.knex('authors').first()).id });
      const nested = await call('GET', '/items/articles?fields=id,author.name');
      const direct = await call('GET', '/items/authors');
      if (kind === 'admin') {
        expect([nested.statusCode, direct.statusCode]).toEqual([200, 200]);
        return;
      }
      const error = expectError(nested, 403, 'FORBIDDEN');
      if (kind === 'rules') expect(error.message).toContain('"authors"');
      expectError(direct, 403, 'FORBIDDEN');
    });

    it('refuses filtering and sorting on a field it cannot read', async () => {
      const filtered = await call('GET', '/items/articles?filter[body][_eq]=b1');
      const sorted = await call('GET', '/items/articles?sort=body');
      const aggregated = await call('GET', '/items/articles?aggregate[max]=body');
      if (kind === 'admin') {
        expect(dataOf<Row[]>(filtered)).toHaveLength(1);
        expect(sorted.statusCode).toBe(200);
        return;
      }
      for (const response of [filtered, sorted, aggregated]) expectError(response, 403, 'FORBIDDEN');
    });

    it('cannot raise its own access (role, policies, access rows, rules)', async () => {
      if (kind === 'admin') return;
      const caller = callers.get(name)!;
      const me = await call('PATCH', '/users/me', { role: admin.role });
      expect([401, 403]).toContain(me.statusCode);
      if (caller.userId) {
        expectError(
          await call('PATCH', `/users/${caller.userId}`, { role: admin.role, policies: [{ policy: admin.policy }] }),
          403,
          'FORBIDDEN',
        );
        const row = (await t.app.knex('service_users').where({ id: caller.userId }).first()) as Row;
        expect(row.role).toBe(caller.roleId);
      }
      expectError(
        await call('POST', '/access', { user: caller.userId ?? null, role: caller.roleId ?? null, policy: admin.policy }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await call('POST', '/permissions', { collection: 'authors', action: 'read', fields: ['*'], policy: PUBLIC_POLICY_ID }),
        403,
        'FORBIDDEN',
      );
      expectError(await call('PATCH', `/policies/${PUBLIC_POLICY_ID}`, { admin_access: true }), 403, 'FORBIDDEN');
      if (caller.roleId) expectError(await call('PATCH', `/roles/${caller.roleId}`, { parent: admin.role }), 403, 'FORBIDDEN');
      // Still exactly as before: no author is readable.
      expectError(await call('GET', '/items/authors'), 403, 'FORBIDDEN');
    });
  });
});
