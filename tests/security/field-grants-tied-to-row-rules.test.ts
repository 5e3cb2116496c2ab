import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { gql } from '../graphql/graphql-request.js';

/**
 * Threat: a field granted by a rule limited to some rows is written (or read) on rows outside that rule,
 * because the field lists of all rules were merged into one. A field is usable on a row only when a rule whose
 * row filter matches that row names it. Rule A grants `title` on every article; rule B grants `body` (the
 * hidden note) only on articles whose title starts with `mine-`.
 */
const MINE = { title: { _starts_with: 'mine-' } };

describe('field grants tied to the rows of their rule', () => {
  let t: TestApp;
  let token: string;
  let mine: number;
  let other: number;
  let author: number;

  const bodies = async () =>
    Object.fromEntries(
      ((await t.app.knex('articles').select('id', 'body')) as { id: number; body: string | null }[]).map((r) => [Number(r.id), r.body]),
    );

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    ({ token } = await t.userWith({
      permissions: [
        { collection: 'articles', action: 'read', fields: ['id', 'title', 'status', 'rating'] },
        { collection: 'articles', action: 'read', permissions: MINE, fields: ['id', 'title', 'body', 'rating'] },
        { collection: 'articles', action: 'update', fields: ['title', 'author'] },
        { collection: 'articles', action: 'update', permissions: MINE, fields: ['body'] },
        { collection: 'articles', action: 'create', fields: ['title', 'status'] },
        { collection: 'articles', action: 'create', permissions: MINE, fields: ['title', 'body'] },
        { collection: 'authors', action: 'read', fields: ['*'] },
        { collection: 'authors', action: 'update', fields: ['articles'] },
        { collection: 'comments', action: 'read', fields: ['*'] },
        { collection: 'comments', action: 'update', fields: ['article'] },
        { collection: 'comments', action: 'create', fields: ['body', 'article'] },
        { collection: 'home', action: 'read', fields: ['*'] },
        { collection: 'home', action: 'update', fields: ['headline'] },
        { collection: 'home', action: 'update', permissions: { headline: { _starts_with: 'mine-' } }, fields: ['intro'] },
      ],
    }));
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.knex('comments').delete();
    await t.app.knex('articles').delete();
    await t.app.knex('authors').delete();
    author = Number(dataOf<{ id: number }>(await t.request('POST', '/items/authors', { token: t.adminToken, body: { name: 'Ada' } })).id);
    const rows = dataOf<{ id: number }[]>(
      await t.request('POST', '/items/articles', {
        token: t.adminToken,
        body: [
          { title: 'mine-one', body: 'mine secret', rating: 1, author },
          { title: 'other', body: 'other secret', rating: 9, author },
        ],
      }),
    );
    [mine, other] = rows.map((r) => Number(r.id)) as [number, number];
  });

  describe('update', () => {
    it('refuses a field on a row outside the only rule naming it (by key)', async () => {
      expectError(await t.request('PATCH', `/items/articles/${other}`, { token, body: { body: 'overwritten' } }), 403, 'FORBIDDEN');
      expect((await bodies())[other]).toBe('other secret');
    });

    it("allows the field on a row inside that rule, and the other rule's field everywhere", async () => {
      expect((await t.request('PATCH', `/items/articles/${mine}`, { token, body: { body: 'mine new' } })).statusCode).toBe(200);
      expect((await t.request('PATCH', `/items/articles/${other}`, { token, body: { title: 'other2' } })).statusCode).toBe(200);
      expect(await bodies()).toEqual({ [mine]: 'mine new', [other]: 'other secret' });
    });

    it('refuses a multi-key update touching one such row and writes none of them', async () => {
      expectError(
        await t.request('PATCH', '/items/articles', { token, body: { keys: [mine, other], data: { body: 'x' } } }),
        403,
        'FORBIDDEN',
      );
      expect(await bodies()).toEqual({ [mine]: 'mine secret', [other]: 'other secret' });
    });

    it('refuses an update by query and writes nothing', async () => {
      const response = await t.request('PATCH', '/items/articles', {
        token,
        body: { query: { filter: { id: { _in: [mine, other] } } }, data: { body: 'x' } },
      });
      expectError(response, 403, 'FORBIDDEN');
      expect(await bodies()).toEqual({ [mine]: 'mine secret', [other]: 'other secret' });
    });

    it('refuses a batch update (array) and writes none of its items', async () => {
      const response = await t.request('PATCH', '/items/articles', {
        token,
        body: [
          { id: mine, body: 'x' },
          { id: other, body: 'y' },
        ],
      });
      expectError(response, 403, 'FORBIDDEN');
      expect(await bodies()).toEqual({ [mine]: 'mine secret', [other]: 'other secret' });
    });

    it('refuses the field through a nested o2m update of another collection', async () => {
      const response = await t.request('PATCH', `/items/authors/${author}`, { token, body: { articles: [{ id: other, body: 'nested' }] } });
      expectError(response, 403, 'FORBIDDEN');
      expect((await bodies())[other]).toBe('other secret');
      const allowed = await t.request('PATCH', `/items/authors/${author}`, {
        token,
        body: {
          articles: [
            { id: mine, body: 'nested' },
            { id: other, title: 'other' },
          ],
        },
      });
      expect(allowed.statusCode).toBe(200);
      expect((await bodies())[mine]).toBe('nested');
    });

    it('refuses the field through a nested m2o update and a nested create, writing nothing', async () => {
      const comment = Number(
        dataOf<{ id: number }>(await t.request('POST', '/items/comments', { token: t.adminToken, body: { body: 'c' } })).id,
      );
      expectError(
        await t.request('PATCH', `/items/comments/${comment}`, { token, body: { article: { id: other, body: 'via m2o' } } }),
        403,
        'FORBIDDEN',
      );
      expect((await bodies())[other]).toBe('other secret');
      expect(((await t.app.knex('comments').where({ id: comment }).first()) as { article: number | null }).article).toBeNull();
      expectError(
        await t.request('POST', '/items/comments', { token, body: { body: 'new', article: { title: 'other3', body: 'via create' } } }),
        403,
        'FORBIDDEN',
      );
      expect(await t.app.knex('articles').where({ title: 'other3' }).first()).toBeUndefined();
      expect(await t.app.knex('comments').where({ body: 'new' }).first()).toBeUndefined();
      expect(
        (await t.request('PATCH', `/items/comments/${comment}`, { token, body: { article: { id: mine, body: 'via m2o' } } })).statusCode,
      ).toBe(200);
      expect((await bodies())[mine]).toBe('via m2o');
    });

    it('refuses the field on a singleton outside the rule naming it', async () => {
      await t.app.knex('home').delete();
      await t.app.knex('home').insert({ headline: 'other', intro: 'kept' });
      expectError(await t.request('PATCH', '/items/home', { token, body: { intro: 'overwritten' } }), 403, 'FORBIDDEN');
      expect(((await t.app.knex('home').first()) as { intro: string }).intro).toBe('kept');
      expect((await t.request('PATCH', '/items/home', { token, body: { headline: 'mine-home' } })).statusCode).toBe(200);
      expect((await t.request('PATCH', '/items/home', { token, body: { intro: 'mine now' } })).statusCode).toBe(200);
      expect(((await t.app.knex('home').first()) as { intro: string }).intro).toBe('mine now');
    });

    it('refuses the field through a GraphQL mutation', async () => {
      const response = await gql(t, `mutation { update_articles_item(id: ${other}, data: {body: "gql"}) { id } }`, {
        token,
        scope: 'items',
      });
      const body = response.json() as { errors?: { extensions?: { code?: string } }[] };
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await bodies())[other]).toBe('other secret');
      const many = await gql(t, `mutation { update_articles_items(ids: [${mine}, ${other}], data: {body: "gql"}) { id } }`, {
        token,
        scope: 'items',
      });
      expect((many.json() as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await bodies()).toEqual({ [mine]: 'mine secret', [other]: 'other secret' });
    });
  });

  it('explains the tie: on another row the field is not updatable, on a matching row it is', async () => {
    type Explained = {
      data: {
        update: { access: boolean };
        explain: { actions: { update: { fields: Record<string, { allowed: boolean; reason: string }> } } };
      };
    };
    const other_ = (await t.request('GET', `/permissions/me/articles/${other}`, { token, query: { explain: 'true' } })).json() as Explained;
    expect(other_.data.update.access).toBe(true);
    expect(other_.data.explain.actions.update.fields.title).toMatchObject({ allowed: true });
    expect(other_.data.explain.actions.update.fields.body).toMatchObject({ allowed: false, reason: 'filter_not_matched' });
    const mine_ = (await t.request('GET', `/permissions/me/articles/${mine}`, { token, query: { explain: 'true' } })).json() as Explained;
    expect(mine_.data.explain.actions.update.fields.body).toMatchObject({ allowed: true, reason: 'granted' });
  });

  describe("create (the rule's row filter is evaluated on the payload, presets applied)", () => {
    it('refuses a field whose only rule does not match the new item', async () => {
      expectError(await t.request('POST', '/items/articles', { token, body: { title: 'other new', body: 'sneaky' } }), 403, 'FORBIDDEN');
      expect(await t.app.knex('articles').where('title', 'other new').first()).toBeUndefined();
    });

    it("allows it when the rule matches the new item, and the unfiltered rule's fields anywhere", async () => {
      expect((await t.request('POST', '/items/articles', { token, body: { title: 'mine-new', body: 'fine' } })).statusCode).toBe(200);
      expect((await t.request('POST', '/items/articles', { token, body: { title: 'plain', status: 'draft' } })).statusCode).toBe(200);
    });

    it('refuses it through a GraphQL create mutation', async () => {
      const response = await gql(t, 'mutation { create_articles_item(data: {title: "other gql", body: "sneaky"}) { id } }', {
        token,
        scope: 'items',
      });
      expect((response.json() as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await t.app.knex('articles').where('title', 'other gql').first()).toBeUndefined();
    });

    it('covers a new item whose rule filters on its user-created stamp (filled by the server, not the payload)', async () => {
      const field = await t.request('POST', '/fields/comments', {
        token: t.adminToken,
        body: { field: 'owner', type: 'uuid', meta: { special: ['user-created'] } },
      });
      expect(field.statusCode).toBe(200);
      const owner = await t.userWith({
        permissions: [{ collection: 'comments', action: 'create', permissions: { owner: { _eq: '$CURRENT_USER' } }, fields: ['body'] }],
      });
      expect((await t.request('POST', '/items/comments', { token: owner.token, body: { body: 'stamped' } })).statusCode).toBe(204);
      expect(await t.app.knex('comments').where({ body: 'stamped' }).first()).toMatchObject({ owner: owner.userId });
    });

    it('refuses a create-many where one item is outside, and creates none', async () => {
      const response = await t.request('POST', '/items/articles', {
        token,
        body: [
          { title: 'mine-a', body: 'ok' },
          { title: 'b', body: 'no' },
        ],
      });
      expectError(response, 403, 'FORBIDDEN');
      expect(await t.app.knex('articles').whereIn('title', ['mine-a', 'b']).select('id')).toEqual([]);
    });
  });

  describe('read (a field granted only on some rows is null elsewhere, in every position)', () => {
    it('returns it as null on rows outside its rule', async () => {
      const rows = dataOf<{ id: number; body: string | null }[]>(
        await t.request('GET', '/items/articles', { token, query: { fields: 'id,body', sort: 'id' } }),
      );
      expect(rows).toEqual([
        { id: mine, body: 'mine secret' },
        { id: other, body: null },
      ]);
      const one = dataOf<{ body: string | null }>(await t.request('GET', `/items/articles/${other}`, { token, query: { fields: 'body' } }));
      expect(one.body).toBeNull();
    });

    it('filters on it as if it were null outside its rule', async () => {
      const hit = dataOf<{ id: number }[]>(
        await t.request('GET', '/items/articles', { token, query: { fields: 'id', 'filter[body][_eq]': 'other secret' } }),
      );
      expect(hit).toEqual([]);
      const contains = dataOf<{ id: number }[]>(
        await t.request('GET', '/items/articles', { token, query: { fields: 'id', 'filter[body][_contains]': 'secret' } }),
      );
      expect(contains.map((r) => r.id)).toEqual([mine]);
      const nulls = dataOf<{ id: number }[]>(
        await t.request('GET', '/items/articles', { token, query: { fields: 'id', 'filter[body][_null]': 'true' } }),
      );
      expect(nulls.map((r) => r.id)).toEqual([other]);
    });

    it('sorts on it as if it were null outside its rule', async () => {
      // 'other secret' > 'mine secret': were the hidden value used, other would sort first descending.
      const rows = dataOf<{ id: number }[]>(await t.request('GET', '/items/articles', { token, query: { fields: 'id', sort: '-body' } }));
      const nullsFirst = t.vendor === 'postgres';
      expect(rows.map((r) => r.id)).toEqual(nullsFirst ? [other, mine] : [mine, other]);
    });

    it('aggregates it as if it were null outside its rule', async () => {
      const agg = dataOf<{ count: { body: number | string }; countDistinct: { body: number | string }; max: { body: string } }[]>(
        await t.request('GET', '/items/articles', {
          token,
          query: { 'aggregate[count]': 'body', 'aggregate[countDistinct]': 'body', 'aggregate[max]': 'body' },
        }),
      );
      expect(Number(agg[0]!.count.body)).toBe(1);
      expect(Number(agg[0]!.countDistinct.body)).toBe(1);
      expect(agg[0]!.max.body).toBe('mine secret');
      const grouped = dataOf<{ body: string | null; count: { id: number | string } }[]>(
        await t.request('GET', '/items/articles', { token, query: { groupBy: 'body', 'aggregate[count]': 'id' } }),
      );
      expect(grouped.map((g) => g.body).sort()).toEqual(['mine secret', null].sort());
    });
  });
});
