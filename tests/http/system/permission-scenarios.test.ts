import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

/** Permission rules applied through the API (directus-behaviour.md §6). */
describe('permission scenarios', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.knex('comments').delete();
    await t.app.knex('articles').delete();
    const rows = dataOf<Row[]>(
      await t.request('POST', '/items/articles', {
        token: t.adminToken,
        body: [
          { title: 'Public one', status: 'published', rating: 3 },
          { title: 'Public two', status: 'published', rating: 4 },
          { title: 'Secret draft', status: 'draft', rating: 5 },
        ],
      }),
    );
    for (const row of rows) ids[row.title as string] = row.id as number;
  });

  const as = (token: string) => ({
    get: (url: string) => t.request('GET', url, { token }),
    post: (url: string, body: unknown) => t.request('POST', url, { token, body }),
    patch: (url: string, body: unknown) => t.request('PATCH', url, { token, body }),
    delete: (url: string, body?: unknown) => t.request('DELETE', url, { token, body }),
  });
  const stored = async (title: string) => (await t.app.knex('articles').where({ id: ids[title]! }).first()) as Row | undefined;

  describe('read with a row filter and a field list', () => {
    let reader: ReturnType<typeof as>;
    beforeAll(async () => {
      const user = await t.userWith({
        permissions: [
          { collection: 'articles', action: 'read', permissions: { status: { _eq: 'published' } }, fields: ['id', 'title', 'status'] },
        ],
      });
      reader = as(user.token);
    });

    it('sees only matching rows and only the granted fields', async () => {
      const response = await reader.get('/items/articles?sort=id');
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toEqual([
        { id: ids['Public one'], title: 'Public one', status: 'published' },
        { id: ids['Public two'], title: 'Public two', status: 'published' },
      ]);
    });

    it('answers 403 for a hidden row, exactly as for a missing one', async () => {
      const hidden = expectError(await reader.get(`/items/articles/${ids['Secret draft']}`), 403, 'FORBIDDEN');
      const missing = expectError(await reader.get('/items/articles/999999'), 403, 'FORBIDDEN');
      expect(hidden).toEqual(missing);
    });

    it('answers 403 for a field outside the list, in fields, filter and sort', async () => {
      expectError(await reader.get('/items/articles?fields=rating'), 403, 'FORBIDDEN');
      expectError(await reader.get('/items/articles?filter[rating][_gt]=1'), 403, 'FORBIDDEN');
      expectError(await reader.get('/items/articles?sort=rating'), 403, 'FORBIDDEN');
    });

    it('cannot find hidden rows through filters, search, meta or aggregates', async () => {
      expect(dataOf(await reader.get('/items/articles?filter[status][_eq]=draft'))).toEqual([]);
      expect(dataOf(await reader.get('/items/articles?search=Secret'))).toEqual([]);
      expect((await reader.get('/items/articles?meta=total_count,filter_count')).json().meta).toEqual({ total_count: 2, filter_count: 2 });
      expect(dataOf(await reader.get('/items/articles?aggregate[count]=*'))).toEqual([{ count: 2 }]);
    });

    it('answers 403 for related collections without read permission', async () => {
      expectError(await reader.get('/items/articles?fields=title,author.name'), 403, 'FORBIDDEN');
      expectError(await reader.get('/items/authors'), 403, 'FORBIDDEN');
    });

    it('cannot write without write rules', async () => {
      expectError(await reader.post('/items/articles', { title: 'x' }), 403, 'FORBIDDEN');
      expectError(await reader.patch(`/items/articles/${ids['Public one']}`, { title: 'x' }), 403, 'FORBIDDEN');
      expectError(await reader.delete(`/items/articles/${ids['Public one']}`), 403, 'FORBIDDEN');
      expect(await countRows(t.app, 'articles')).toBe(3);
      expect((await stored('Public one'))!.title).toBe('Public one');
    });
  });

  describe('create with presets and validation', () => {
    let writer: ReturnType<typeof as>;
    beforeAll(async () => {
      const user = await t.userWith({
        permissions: [
          {
            collection: 'articles',
            action: 'create',
            fields: ['title', 'rating', 'body'],
            presets: { status: 'review', rating: 1 },
            validation: { rating: { _lte: 5 } },
          },
          { collection: 'articles', action: 'read', fields: ['*'] },
        ],
      });
      writer = as(user.token);
    });

    it('fills presets the payload leaves out; the payload wins for granted fields', async () => {
      const response = await writer.post('/items/articles', { title: 'Preset' });
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(response)).toMatchObject({ title: 'Preset', status: 'review', rating: 1 });
      expect(dataOf(await writer.post('/items/articles', { title: 'Mine', rating: 4 }))).toMatchObject({ rating: 4, status: 'review' });
    });

    it('answers 400 FAILED_VALIDATION when the validation rule fails, and writes nothing', async () => {
      const error = expectError(await writer.post('/items/articles', { title: 'Too good', rating: 9 }), 400, 'FAILED_VALIDATION');
      expect(error.extensions.field).toBe('rating');
      expectError(
        await writer.post('/items/articles', [
          { title: 'ok', rating: 2 },
          { title: 'bad', rating: 6 },
        ]),
        400,
        'FAILED_VALIDATION',
      );
      expect(await countRows(t.app, 'articles')).toBe(3);
    });

    it('answers 403 for a field outside the create list (even one with a preset)', async () => {
      expectError(await writer.post('/items/articles', { title: 'x', status: 'published' }), 403, 'FORBIDDEN');
      expect(await countRows(t.app, 'articles')).toBe(3);
    });
  });

  describe('writes the caller can not read back', () => {
    it('answers 204 without a body after a create or update the caller may not read', async () => {
      const user = await t.userWith({
        permissions: [
          { collection: 'articles', action: 'create', fields: ['*'] },
          { collection: 'articles', action: 'update', fields: ['*'] },
        ],
      });
      const created = await as(user.token).post('/items/articles', { title: 'Blind' });
      expect(created.statusCode, created.body).toBe(204);
      expect(created.body).toBe('');
      expect(await countRows(t.app, 'articles', { title: 'Blind' })).toBe(1);
      const updated = await as(user.token).patch(`/items/articles/${ids['Public one']}`, { rating: 9 });
      expect(updated.statusCode).toBe(204);
      expect((await stored('Public one'))!.rating).toBe(9);
    });

    it('answers 200 with only the readable part when the read rule is narrower', async () => {
      const user = await t.userWith({
        permissions: [
          { collection: 'articles', action: 'create', fields: ['*'] },
          { collection: 'articles', action: 'read', fields: ['id', 'title'] },
        ],
      });
      const created = await as(user.token).post('/items/articles', { title: 'Half', rating: 2 });
      expect(created.statusCode).toBe(200);
      expect(Object.keys(dataOf<Row>(created)).sort()).toEqual(['id', 'title']);
    });
  });

  describe('update and delete limited by a row filter', () => {
    let editor: ReturnType<typeof as>;
    beforeAll(async () => {
      const user = await t.userWith({
        permissions: [
          { collection: 'articles', action: 'read', fields: ['*'] },
          {
            collection: 'articles',
            action: 'update',
            permissions: { status: { _eq: 'draft' } },
            fields: ['title', 'rating'],
            validation: { rating: { _gte: 0 } },
          },
          { collection: 'articles', action: 'delete', permissions: { status: { _eq: 'draft' } } },
        ],
      });
      editor = as(user.token);
    });

    it('updates items inside the filter', async () => {
      const response = await editor.patch(`/items/articles/${ids['Secret draft']}`, { title: 'Edited draft' });
      expect(response.statusCode, response.body).toBe(200);
      expect((await stored('Secret draft'))!.title).toBe('Edited draft');
    });

    it('answers 403 and changes nothing for items outside the filter (one, keys, batch)', async () => {
      expectError(await editor.patch(`/items/articles/${ids['Public one']}`, { title: 'Hacked' }), 403, 'FORBIDDEN');
      expectError(
        await editor.patch('/items/articles', { keys: [ids['Secret draft'], ids['Public one']], data: { title: 'Hacked' } }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await editor.patch('/items/articles', [
          { id: ids['Secret draft'], title: 'Hacked' },
          { id: ids['Public two'], title: 'Hacked' },
        ]),
        403,
        'FORBIDDEN',
      );
      expect((await t.app.knex('articles').where({ title: 'Hacked' })).length).toBe(0);
    });

    it('updates by query only the items inside the filter', async () => {
      const response = await editor.patch('/items/articles', { query: { filter: { rating: { _gte: 0 } } }, data: { rating: 0 } });
      expect(response.statusCode, response.body).toBe(200);
      expect((await stored('Secret draft'))!.rating).toBe(0);
      expect((await stored('Public one'))!.rating).toBe(3);
    });

    it('refuses moving an item out of reach through a field outside the update list', async () => {
      expectError(await editor.patch(`/items/articles/${ids['Secret draft']}`, { status: 'published' }), 403, 'FORBIDDEN');
      expect((await stored('Secret draft'))!.status).toBe('draft');
    });

    it('answers 400 FAILED_VALIDATION on update when the validation fails', async () => {
      expectError(await editor.patch(`/items/articles/${ids['Secret draft']}`, { rating: -1 }), 400, 'FAILED_VALIDATION');
      expect((await stored('Secret draft'))!.rating).toBe(5);
    });

    it('deletes inside the filter and answers 403 (nothing deleted) outside it', async () => {
      expectError(await editor.delete(`/items/articles/${ids['Public one']}`), 403, 'FORBIDDEN');
      expectError(await editor.delete('/items/articles', [ids['Secret draft'], ids['Public two']]), 403, 'FORBIDDEN');
      expect(await countRows(t.app, 'articles')).toBe(3);
      const byQuery = await editor.delete('/items/articles', { query: { filter: { id: { _gt: 0 } } } });
      expect(byQuery.statusCode).toBe(204);
      expect(await countRows(t.app, 'articles')).toBe(2);
      expect(await stored('Secret draft')).toBeUndefined();
    });
  });

  describe('field values shown per rule (case/when)', () => {
    it('shows a field granted only by a filtered rule as null on other items', async () => {
      const user = await t.userWith({
        permissions: [
          { collection: 'articles', action: 'read', fields: ['id', 'title'] },
          { collection: 'articles', action: 'read', permissions: { status: { _eq: 'published' } }, fields: ['rating'] },
        ],
      });
      const rows = dataOf<Row[]>(await as(user.token).get('/items/articles?fields=title,rating&sort=id'));
      expect(rows).toEqual([
        { title: 'Public one', rating: 3 },
        { title: 'Public two', rating: 4 },
        { title: 'Secret draft', rating: null },
      ]);
    });
  });

  describe('roles and policies', () => {
    it('gives a user in a child role the policy of its parent role', async () => {
      const parent = dataOf<Row>(await t.request('POST', '/roles', { token: t.adminToken, body: { name: 'Parent role' } }));
      const policy = dataOf<Row>(await t.request('POST', '/policies', { token: t.adminToken, body: { name: 'Parent policy' } }));
      await t.request('POST', '/access', { token: t.adminToken, body: { role: parent.id, policy: policy.id } });
      await t.request('POST', '/permissions', {
        token: t.adminToken,
        body: {
          policy: policy.id,
          collection: 'articles',
          action: 'read',
          fields: ['title'],
          permissions: { status: { _eq: 'published' } },
        },
      });
      const child = await t.userWith({ parentRole: String(parent.id) });
      const response = await as(child.token).get('/items/articles?sort=title');
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(response)).toEqual([{ title: 'Public one' }, { title: 'Public two' }]);
      // The parent role's users do not get the child's policy.
      const sibling = await t.userWith({ parentRole: null });
      expectError(await as(sibling.token).get('/items/articles'), 403, 'FORBIDDEN');
    });

    it('applies an IP-restricted policy only from an allowed address', async () => {
      const user = await t.userWith({
        ipAccess: ['10.1.2.0/24'],
        permissions: [{ collection: 'articles', action: 'read', fields: ['*'] }],
      });
      const from = (remoteAddress: string) =>
        t.app.server.inject({ method: 'GET', url: '/items/articles', remoteAddress, headers: { authorization: `Bearer ${user.token}` } });
      expect((await from('10.1.2.77')).statusCode).toBe(200);
      expectError(await from('10.1.3.1'), 403, 'FORBIDDEN');
      expectError(await from('127.0.0.1'), 403, 'FORBIDDEN');
    });

    it('grants the public policy to anonymous callers only', async () => {
      const publicPolicy = 'abf8a154-5b1c-4a46-ac9c-7300570f4f17';
      const rule = dataOf<Row>(
        await t.request('POST', '/permissions', {
          token: t.adminToken,
          body: {
            policy: publicPolicy,
            collection: 'articles',
            action: 'read',
            fields: ['title'],
            permissions: { status: { _eq: 'published' } },
          },
        }),
      );
      try {
        expect(dataOf(await t.request('GET', '/items/articles?sort=title'))).toEqual([{ title: 'Public one' }, { title: 'Public two' }]);
        // Sorting by a field the rule does not grant is refused like reading it.
        expectError(await t.request('GET', '/items/articles?sort=id'), 403, 'FORBIDDEN');
        const user = await t.userWith({});
        expectError(await as(user.token).get('/items/articles'), 403, 'FORBIDDEN');
        expectError(await t.request('POST', '/items/articles', { body: { title: 'anon' } }), 403, 'FORBIDDEN');
      } finally {
        await t.request('DELETE', `/permissions/${rule.id}`, { token: t.adminToken });
      }
    });

    it('uses $CURRENT_USER in rules and user-created specials', async () => {
      const user = await t.userWith({
        permissions: [
          { collection: 'comments', action: 'create', fields: ['*'] },
          { collection: 'comments', action: 'read', fields: ['*'], permissions: { body: { _eq: '$CURRENT_USER' } } },
        ],
      });
      await t.request('POST', '/items/comments', { token: t.adminToken, body: [{ body: user.userId }, { body: 'someone else' }] });
      expect(dataOf<Row[]>(await as(user.token).get('/items/comments')).map((r) => r.body)).toEqual([user.userId]);
    });
  });
});
