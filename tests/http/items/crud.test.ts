import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';

type Article = { id: number; title: string; status: string; rating: number | null; [key: string]: unknown };

describe('/items/:collection CRUD', () => {
  let t: TestApp;
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
  });

  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const create = async (body: unknown) => {
    const response = await admin('POST', '/items/articles', body);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Article & Article[]>(response);
  };

  describe('create', () => {
    it('creates one item and answers 200 with the item when the body is an object', async () => {
      const response = await admin('POST', '/items/articles', { title: 'Hello', rating: 3 });
      expect(response.statusCode).toBe(200);
      const item = dataOf<Article>(response);
      expect(item).toMatchObject({ title: 'Hello', rating: 3, status: 'draft', featured: false, author: null });
      expect(typeof item.id).toBe('number');
      expect(await countRows(t.app, 'articles')).toBe(1);
    });

    it('creates many items and answers an array in the same order when the body is an array', async () => {
      const items = await create([{ title: 'B' }, { title: 'A' }, { title: 'C' }]);
      expect(items.map((a) => a.title)).toEqual(['B', 'A', 'C']);
      expect(await countRows(t.app, 'articles')).toBe(3);
    });

    it('returns only the requested fields when ?fields is given on create', async () => {
      const response = await t.request('POST', '/items/articles', {
        token: t.adminToken,
        body: { title: 'F' },
        query: { fields: 'title' },
      });
      expect(dataOf(response)).toEqual({ title: 'F' });
    });

    it('accepts an explicit integer key, and later automatic keys do not collide with it', async () => {
      const explicit = await create({ id: 1000, title: 'Explicit' });
      expect(explicit.id).toBe(1000);
      const next = await create([{ title: 'Auto 1' }, { title: 'Auto 2' }]);
      expect(next.every((a) => a.id > 1000)).toBe(true);
      expectError(await admin('POST', '/items/articles', { id: 1000, title: 'Again' }), 400, 'RECORD_NOT_UNIQUE');
    });

    it('creates from an empty array without error', async () => {
      const response = await admin('POST', '/items/articles', []);
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toEqual([]);
    });

    it('rejects a body that is neither an object nor an array', async () => {
      expectError(await admin('POST', '/items/articles', '"just a string"'), 400, 'INVALID_PAYLOAD');
      expectError(await admin('POST', '/items/articles', [1, 2]), 400, 'INVALID_PAYLOAD');
      expect(await countRows(t.app, 'articles')).toBe(0);
    });
  });

  describe('read', () => {
    it('lists items and reads one by key', async () => {
      const [a] = await create([{ title: 'One' }, { title: 'Two' }]);
      const list = await admin('GET', '/items/articles');
      expect(list.statusCode).toBe(200);
      expect(dataOf<Article[]>(list).map((i) => i.title)).toEqual(['One', 'Two']);
      expect(list.json()).not.toHaveProperty('meta');

      const one = await admin('GET', `/items/articles/${a!.id}?fields=id,title`);
      expect(one.statusCode).toBe(200);
      expect(dataOf(one)).toEqual({ id: a!.id, title: 'One' });
    });

    it('answers 403 FORBIDDEN with the generic message for a missing key', async () => {
      const error = expectError(await admin('GET', '/items/articles/99999'), 403, 'FORBIDDEN');
      expect(error.message).toBe("You don't have permission to access this.");
      expect(error.extensions).toEqual({ code: 'FORBIDDEN' });
    });

    it('answers 403 FORBIDDEN with the generic message for a malformed key', async () => {
      for (const key of ['abc', '1.5', '1e3', '%20', "1'%20OR%20'1'='1"]) {
        const error = expectError(await admin('GET', `/items/articles/${key}`), 403, 'FORBIDDEN');
        expect(error.message).toBe("You don't have permission to access this.");
      }
    });
  });

  describe('update', () => {
    it('updates one item by key (PATCH /:id) and answers the updated item', async () => {
      const a = await create({ title: 'Old', rating: 1 });
      const response = await admin('PATCH', `/items/articles/${a.id}`, { title: 'New' });
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toMatchObject({ id: a.id, title: 'New', rating: 1 });
    });

    it('updates several items with the same data (PATCH {keys, data})', async () => {
      const [a, b, c] = await create([{ title: 'a' }, { title: 'b' }, { title: 'c' }]);
      const response = await admin('PATCH', '/items/articles', { keys: [a!.id, String(b!.id)], data: { status: 'published' } });
      expect(response.statusCode).toBe(200);
      const updated = dataOf<Article[]>(response);
      expect(updated.map((i) => i.id).sort()).toEqual([a!.id, b!.id].sort());
      expect(updated.every((i) => i.status === 'published')).toBe(true);
      const rest = await admin('GET', `/items/articles/${c!.id}`);
      expect(dataOf<Article>(rest).status).toBe('draft');
    });

    it('updates every item matching a query (PATCH {query, data})', async () => {
      await create([
        { title: 'a', rating: 1 },
        { title: 'b', rating: 5 },
        { title: 'c', rating: 9 },
      ]);
      const response = await admin('PATCH', '/items/articles', {
        query: { filter: { rating: { _gte: 5 } } },
        data: { status: 'archived' },
      });
      expect(response.statusCode).toBe(200);
      expect(
        dataOf<Article[]>(response)
          .map((i) => i.title)
          .sort(),
      ).toEqual(['b', 'c']);
      const archived = await admin('GET', '/items/articles?filter[status][_eq]=archived&fields=title&sort=title');
      expect(dataOf(archived)).toEqual([{ title: 'b' }, { title: 'c' }]);
    });

    it('updates each item with its own data (PATCH batch array)', async () => {
      const [a, b] = await create([{ title: 'a' }, { title: 'b' }]);
      const response = await admin('PATCH', '/items/articles', [
        { id: a!.id, title: 'A!' },
        { id: b!.id, rating: 7 },
      ]);
      expect(response.statusCode).toBe(200);
      const rows = dataOf<Article[]>(await admin('GET', '/items/articles?sort=id&fields=title,rating'));
      expect(rows).toEqual([
        { title: 'A!', rating: null },
        { title: 'b', rating: 7 },
      ]);
    });

    it('refuses a batch item without its primary key and writes nothing', async () => {
      const a = await create({ title: 'a' });
      expectError(await admin('PATCH', '/items/articles', [{ id: a.id, title: 'x' }, { title: 'no key' }]), 400, 'INVALID_PAYLOAD');
      expect(dataOf<Article>(await admin('GET', `/items/articles/${a.id}`)).title).toBe('a');
    });

    it('refuses PATCH without keys or query, or with both', async () => {
      expectError(await admin('PATCH', '/items/articles', { data: { title: 'x' } }), 400, 'INVALID_PAYLOAD');
      expectError(await admin('PATCH', '/items/articles', { keys: [1], query: {}, data: { title: 'x' } }), 400, 'INVALID_PAYLOAD');
      expectError(await admin('PATCH', '/items/articles', { keys: [1] }), 400, 'INVALID_PAYLOAD');
    });

    it('answers 403 when updating a missing or malformed key', async () => {
      expectError(await admin('PATCH', '/items/articles/99999', { title: 'x' }), 403, 'FORBIDDEN');
      expectError(await admin('PATCH', '/items/articles/abc', { title: 'x' }), 403, 'FORBIDDEN');
      expectError(await admin('PATCH', '/items/articles', { keys: [99999], data: { title: 'x' } }), 403, 'FORBIDDEN');
    });

    it('refuses to change the primary key', async () => {
      const a = await create({ title: 'a' });
      expectError(await admin('PATCH', `/items/articles/${a.id}`, { id: a.id + 100 }), 400, 'INVALID_PAYLOAD');
      expect(await countRows(t.app, 'articles', { id: a.id })).toBe(1);
    });
  });

  describe('delete', () => {
    it('deletes one item (DELETE /:id) with 204 and no body', async () => {
      const a = await create({ title: 'a' });
      const response = await admin('DELETE', `/items/articles/${a.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await countRows(t.app, 'articles')).toBe(0);
    });

    it('deletes many by a bare array of keys, by {keys} and by {query}', async () => {
      const items = await create([{ title: '1' }, { title: '2' }, { title: '3' }, { title: '4', rating: 9 }, { title: '5', rating: 9 }]);
      expect((await admin('DELETE', '/items/articles', [items[0]!.id])).statusCode).toBe(204);
      expect((await admin('DELETE', '/items/articles', { keys: [items[1]!.id, items[2]!.id] })).statusCode).toBe(204);
      expect((await admin('DELETE', '/items/articles', { query: { filter: { rating: { _eq: 9 } } } })).statusCode).toBe(204);
      expect(await countRows(t.app, 'articles')).toBe(0);
    });

    it('refuses DELETE with neither keys nor query', async () => {
      await create({ title: 'kept' });
      expectError(await admin('DELETE', '/items/articles', { nope: true }), 400, 'INVALID_PAYLOAD');
      expectError(await admin('DELETE', '/items/articles'), 400, 'INVALID_PAYLOAD');
      expect(await countRows(t.app, 'articles')).toBe(1);
    });

    it('answers 403 and deletes nothing when one key of many is missing', async () => {
      const a = await create({ title: 'a' });
      expectError(await admin('DELETE', '/items/articles', [a.id, 99999]), 403, 'FORBIDDEN');
      expectError(await admin('DELETE', '/items/articles/99999'), 403, 'FORBIDDEN');
      expectError(await admin('DELETE', '/items/articles/nope'), 403, 'FORBIDDEN');
      expect(await countRows(t.app, 'articles')).toBe(1);
    });
  });

  describe('collections that are not served', () => {
    it('answers 403 for an unknown collection on every method', async () => {
      for (const [method, url, body] of [
        ['GET', '/items/nope', undefined],
        ['GET', '/items/nope/1', undefined],
        ['POST', '/items/nope', { a: 1 }],
        ['PATCH', '/items/nope/1', { a: 1 }],
        ['PATCH', '/items/nope', { keys: [1], data: { a: 1 } }],
        ['DELETE', '/items/nope/1', undefined],
        ['DELETE', '/items/nope', [1]],
      ] as const) {
        expectError(await admin(method, url, body), 403, 'FORBIDDEN');
      }
    });

    it('answers 403 for system collections under /items, even for the administrator', async () => {
      for (const collection of ['service_users', 'service_activity', 'service_permissions', 'service_settings', 'service_sessions']) {
        expectError(await admin('GET', `/items/${collection}`), 403, 'FORBIDDEN');
        expectError(await admin('POST', `/items/${collection}`, { a: 1 }), 403, 'FORBIDDEN');
        expectError(await admin('DELETE', `/items/${collection}/1`), 403, 'FORBIDDEN');
      }
      expect(await countRows(t.app, 'service_users')).toBe(1);
    });

    it('answers 403 (not 401) for an anonymous caller', async () => {
      expectError(await t.request('GET', '/items/articles'), 403, 'FORBIDDEN');
      expectError(await t.request('POST', '/items/articles', { body: { title: 'x' } }), 403, 'FORBIDDEN');
      expect(await countRows(t.app, 'articles')).toBe(0);
    });
  });

  describe('unknown fields in a payload', () => {
    it('answers 400 INVALID_PAYLOAD to an administrator', async () => {
      const error = expectError(await admin('POST', '/items/articles', { title: 'x', nope: 1 }), 400, 'INVALID_PAYLOAD');
      expect(error.message).toContain('nope');
      expect(await countRows(t.app, 'articles')).toBe(0);
    });

    it('answers 403 FORBIDDEN to a non-administrator (existence is not revealed)', async () => {
      const user = await t.userWith({
        permissions: [
          { collection: 'articles', action: 'create', fields: ['*'] },
          { collection: 'articles', action: 'read', fields: ['*'] },
        ],
      });
      expectError(await t.request('POST', '/items/articles', { token: user.token, body: { title: 'x', nope: 1 } }), 403, 'FORBIDDEN');
      expect(await countRows(t.app, 'articles')).toBe(0);
      const ok = await t.request('POST', '/items/articles', { token: user.token, body: { title: 'x' } });
      expect(ok.statusCode).toBe(200);
    });

    it('answers 400 to an administrator for an unknown field on update too', async () => {
      const a = await create({ title: 'a' });
      expectError(await admin('PATCH', `/items/articles/${a.id}`, { nope: 1 }), 400, 'INVALID_PAYLOAD');
    });
  });

  describe('activity and revisions of item writes', () => {
    it('writes one activity row per item with the key as a string, and revisions with data and delta', async () => {
      const before = await countRows(t.app, 'service_activity', { collection: 'articles' });
      const [a, b] = await create([{ title: 'a' }, { title: 'b' }]);
      await admin('PATCH', `/items/articles/${a!.id}`, { title: 'a2' });
      await admin('DELETE', `/items/articles/${b!.id}`);
      const rows = (await t.app.knex('service_activity').where({ collection: 'articles' }).orderBy('id').offset(before)) as {
        id: number;
        action: string;
        item: unknown;
        user: string;
      }[];
      expect(rows.map((r) => [r.action, r.item])).toEqual([
        ['create', String(a!.id)],
        ['create', String(b!.id)],
        ['update', String(a!.id)],
        ['delete', String(b!.id)],
      ]);
      const revisions = dataOf<{ activity: number; data: Record<string, unknown>; delta: Record<string, unknown> }[]>(
        await admin('GET', `/revisions?filter[collection][_eq]=articles&filter[item][_eq]=${a!.id}&sort=id`),
      );
      expect(revisions).toHaveLength(2);
      expect(revisions[0]!.delta).toMatchObject({ title: 'a' });
      expect(revisions[1]!.delta).toEqual({ title: 'a2' });
      expect(revisions[1]!.data).toMatchObject({ id: a!.id, title: 'a2', status: 'draft' });
      const deleteRevisions = await countRows(t.app, 'service_revisions', { activity: rows[3]!.id });
      expect(deleteRevisions).toBe(0);
    });
  });
});
