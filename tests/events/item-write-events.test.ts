import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invalidPayload } from '../../src/kernel/errors/index.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { gqlData } from '../graphql/graphql-request.js';
import { itemEvents, recordEvents } from './record-events.js';

type Row = Record<string, unknown>;

/**
 * Every write of items emits its filter event (before, in its transaction) and its action event (after the
 * commit) exactly once, on every path (decision 0048): REST one and many, by query, batch, GraphQL, nested.
 */
describe('write events of items', () => {
  let t: TestApp;
  const cleanups: (() => void)[] = [];
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const ok = async <T = Row>(method: string, url: string, body?: unknown) => {
    const response = await admin(method, url, body);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<T>(response);
  };
  const record = (names: string[], options: { filters?: boolean } = {}) => {
    const recorder = recordEvents(t.app.events, names, options);
    cleanups.push(recorder.off);
    return recorder;
  };
  const activityOf = async (collection: string) =>
    (await t.app.knex('service_activity').where({ collection }).count({ n: '*' }).first())!.n;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
  });
  afterEach(() => cleanups.splice(0).forEach((off) => off()));
  afterAll(async () => {
    await t.close();
  });

  describe.each([
    { name: 'with filter handlers (the transaction)', filters: true },
    { name: 'with action handlers only (the one-statement path where the dialect has one)', filters: false },
  ])('$name', ({ filters }) => {
    it('POST one: items.create and articles.items.create once each, with the key and payload', async () => {
      const events = record(itemEvents('articles'), { filters });
      const created = await ok('POST', '/items/articles', { title: 'One', rating: 3 });
      if (filters) {
        expect(events.of('filter').map((c) => [c.event, c.payload, c.meta.collection, c.inTransaction])).toEqual([
          ['items.create', { title: 'One', rating: 3 }, 'articles', true],
          ['articles.items.create', { title: 'One', rating: 3 }, 'articles', true],
        ]);
      } else expect(events.of('filter')).toEqual([]);
      const actions = events.of('action');
      expect(actions.map((c) => c.event)).toEqual(['items.create', 'articles.items.create']);
      for (const action of actions) {
        expect(action.meta).toMatchObject({ collection: 'articles', key: created.id, payload: { title: 'One', rating: 3 } });
        expect(action.inTransaction).toBe(false);
        expect((action.meta.accountability as { admin: boolean }).admin).toBe(true);
      }
    });

    it('POST many: one filter and one action per item', async () => {
      const events = record(['items.create'], { filters });
      const created = await ok<Row[]>('POST', '/items/articles', [{ title: 'M1' }, { title: 'M2' }, { title: 'M3' }]);
      expect(events.of('filter')).toHaveLength(filters ? 3 : 0);
      expect(events.of('action').map((c) => [c.meta.key, (c.meta.payload as Row).title])).toEqual(created.map((c) => [c.id, c.title]));
    });

    it('PATCH one, many and by query: one filter and one action each, with the keys', async () => {
      const [a, b] = await ok<Row[]>('POST', '/items/articles', [
        { title: 'U1', rating: 40 },
        { title: 'U2', rating: 40 },
      ]);
      const events = record(['items.update'], { filters });
      await ok('PATCH', `/items/articles/${String(a!.id)}`, { status: 'published' });
      await ok('PATCH', '/items/articles', { keys: [a!.id, b!.id], data: { rating: 41 } });
      await ok('PATCH', '/items/articles', { query: { filter: { rating: { _eq: 41 } } }, data: { rating: 42 } });
      if (filters)
        expect(events.of('filter').map((c) => [c.payload, c.meta.keys])).toEqual([
          [{ status: 'published' }, [a!.id]],
          [{ rating: 41 }, [a!.id, b!.id]],
          [{ rating: 42 }, expect.arrayContaining([a!.id, b!.id])],
        ]);
      expect(events.of('action').map((c) => [c.meta.payload, [...(c.meta.keys as number[])].sort()])).toEqual([
        [{ status: 'published' }, [a!.id]],
        [{ rating: 41 }, [a!.id, b!.id]],
        [{ rating: 42 }, [a!.id, b!.id]],
      ]);
    });

    it('PATCH a batch: one filter and one action per item', async () => {
      const [a, b] = await ok<Row[]>('POST', '/items/articles', [{ title: 'B1' }, { title: 'B2' }]);
      const events = record(['items.update'], { filters });
      await ok('PATCH', '/items/articles', [
        { id: a!.id, title: 'B1!' },
        { id: b!.id, title: 'B2!' },
      ]);
      expect(events.of('filter')).toHaveLength(filters ? 2 : 0);
      expect(events.of('action').map((c) => [c.meta.keys, c.meta.payload])).toEqual([
        [[a!.id], { title: 'B1!' }],
        [[b!.id], { title: 'B2!' }],
      ]);
    });

    it('DELETE one, many and by query: one filter (payload: the keys) and one action each', async () => {
      const items = await ok<Row[]>('POST', '/items/articles', [
        { title: 'D1' },
        { title: 'D2' },
        { title: 'D3' },
        { title: 'D4', rating: 77 },
      ]);
      const keys = items.map((i) => i.id);
      const events = record(['items.delete', 'articles.items.delete'], { filters });
      expect((await admin('DELETE', `/items/articles/${String(keys[0])}`)).statusCode).toBe(204);
      expect((await admin('DELETE', '/items/articles', [keys[1], keys[2]])).statusCode).toBe(204);
      expect((await admin('DELETE', '/items/articles', { query: { filter: { rating: { _eq: 77 } } } })).statusCode).toBe(204);
      const expected = [[keys[0]], [keys[1], keys[2]], [keys[3]]];
      if (filters) expect(events.of('filter', 'items.delete').map((c) => c.payload)).toEqual(expected);
      expect(events.of('action', 'items.delete').map((c) => c.meta.keys)).toEqual(expected);
      expect(events.of('action', 'articles.items.delete').map((c) => c.meta.payload)).toEqual(expected);
    });

    it('GraphQL mutations: create, update and delete emit once each', async () => {
      const events = record(['items.create', 'items.update', 'items.delete'], { filters });
      const options = { token: t.adminToken, scope: 'items' as const };
      const { create_articles_item: created } = await gqlData<{ create_articles_item: Row }>(
        t,
        'mutation { create_articles_item(data: {title: "G"}) { id } }',
        options,
      );
      await gqlData(t, `mutation { update_articles_item(id: ${String(created.id)}, data: {title: "G!"}) { id } }`, options);
      await gqlData(t, `mutation { delete_articles_item(id: ${String(created.id)}) { id } }`, options);
      expect(events.of('action').map((c) => [c.event, c.meta.key ?? c.meta.keys])).toEqual([
        // GraphQL's ID is text; the events carry the key as the database has it.
        ['items.create', Number(created.id)],
        ['items.update', [Number(created.id)]],
        ['items.delete', [Number(created.id)]],
      ]);
      expect(events.of('filter')).toHaveLength(filters ? 3 : 0);
    });
  });

  it('nested writes: the related items emit their own events once, in the order they were written', async () => {
    const events = record(itemEvents('authors').concat('articles.items.create', 'comments.items.create'));
    const created = await ok('POST', '/items/articles?fields=id,author,comments.id', {
      title: 'Nested',
      author: { name: 'Nia' },
      comments: [{ body: 'one' }, { body: 'two' }],
    });
    const scoped = events.calls.filter((c) => c.event !== 'items.create');
    expect(scoped.map((c) => `${c.kind} ${c.event}`)).toEqual([
      'filter articles.items.create',
      'filter authors.items.create',
      'filter comments.items.create',
      'filter comments.items.create',
      'action authors.items.create',
      'action comments.items.create',
      'action comments.items.create',
      'action articles.items.create',
    ]);
    expect(events.of('action', 'articles.items.create')[0]!.meta.key).toBe(created.id);
    expect(events.of('action', 'authors.items.create')[0]!.meta.key).toBe(created.author);
    expect(events.of('action', 'comments.items.create').map((c) => c.meta.key)).toEqual((created.comments as Row[]).map((c) => c.id));
  });

  it('work with emitEvents false (a flow’s item operation asked so) emits nothing, nested items included, yet records activity', async () => {
    const events = record(itemEvents('articles').concat(itemEvents('authors')));
    const before = Number(await activityOf('articles'));
    const quiet = { ...(await t.app.systemContext()), emitEvents: false };
    const key = await t.app.items.createOne(quiet, 'articles', { title: 'Quiet', author: { name: 'Hush' } });
    await t.app.items.updateMany(quiet, 'articles', [key], { rating: 5 });
    await t.app.items.deleteMany(quiet, 'articles', [key]);
    expect(events.calls).toEqual([]);
    expect(Number(await activityOf('articles'))).toBe(before + 3);
    // The same context without the flag emits as usual.
    await t.app.items.createOne(await t.app.systemContext(), 'articles', { title: 'Loud' });
    expect(events.of('action', 'articles.items.create')).toHaveLength(1);
  });

  it('a filter that returns a changed payload changes what is stored (and what the action reports)', async () => {
    cleanups.push(t.app.events.onFilter('articles.items.create', (payload) => ({ ...(payload as Row), title: 'Changed' })));
    cleanups.push(t.app.events.onFilter('items.update', (payload, meta) => (meta.collection === 'articles' ? { rating: 99 } : payload)));
    const events = record(['items.create'], { filters: false });
    const created = await ok('POST', '/items/articles', { title: 'Original' });
    expect((await t.app.knex('articles').where({ id: created.id }).first()).title).toBe('Changed');
    expect(events.of('action')[0]!.meta.payload).toEqual({ title: 'Changed' });
    await ok('PATCH', `/items/articles/${String(created.id)}`, { rating: 1 });
    expect(Number((await t.app.knex('articles').where({ id: created.id }).first()).rating)).toBe(99);
  });

  it('a filter that throws refuses the write: its error, nothing stored, no activity, no action', async () => {
    const existing = await ok('POST', '/items/articles', { title: 'Kept', rating: 5 });
    cleanups.push(
      t.app.events.onFilter('articles.items.create', (payload) => {
        if ((payload as Row).title === 'Refused') throw invalidPayload('No refused titles');
      }),
    );
    cleanups.push(
      t.app.events.onFilter('items.update', () => {
        throw invalidPayload('No updates');
      }),
    );
    cleanups.push(
      t.app.events.onFilter('items.delete', () => {
        throw invalidPayload('No deletes');
      }),
    );
    const events = record(['items.create', 'items.update', 'items.delete'], { filters: false });
    const before = await activityOf('articles');
    expectError(await admin('POST', '/items/articles', [{ title: 'Fine' }, { title: 'Refused' }]), 400, 'INVALID_PAYLOAD');
    expectError(await admin('PATCH', `/items/articles/${String(existing.id)}`, { rating: 6 }), 400, 'INVALID_PAYLOAD');
    expectError(await admin('DELETE', `/items/articles/${String(existing.id)}`), 400, 'INVALID_PAYLOAD');
    expect(await t.app.knex('articles').whereIn('title', ['Fine', 'Refused'])).toEqual([]);
    expect(Number((await t.app.knex('articles').where({ id: existing.id }).first()).rating)).toBe(5);
    expect(await activityOf('articles')).toEqual(before);
    expect(events.of('action')).toEqual([]);
  });

  it('a write rolled back after a nested item was written emits no action for it', async () => {
    cleanups.push(
      t.app.events.onFilter('comments.items.create', () => {
        throw invalidPayload('No comments');
      }),
    );
    const events = record(['authors.items.create', 'articles.items.create'], { filters: false });
    const authors = (await t.app.knex('authors').count({ n: '*' }).first())!.n;
    expectError(
      await admin('POST', '/items/articles', { title: 'Rolled back', author: { name: 'Ghost' }, comments: [{ body: 'x' }] }),
      400,
      'INVALID_PAYLOAD',
    );
    expect((await t.app.knex('authors').count({ n: '*' }).first())!.n).toEqual(authors);
    expect(events.calls).toEqual([]);
  });

  it('an action handler that throws or rejects does not change the answer', async () => {
    cleanups.push(
      t.app.events.onAction('items.create', () => {
        throw new Error('handler bug');
      }),
    );
    cleanups.push(t.app.events.onAction('articles.items.create', () => Promise.reject(new Error('async handler bug'))));
    const response = await admin('POST', '/items/articles', { title: 'Still fine' });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<Row>(response).title).toBe('Still fine');
  });

  it('an action runs after the commit: its handler reads the committed item on the pool', async () => {
    let seen: Promise<unknown> | undefined;
    cleanups.push(
      t.app.events.onAction('articles.items.create', (meta, ctx) => {
        seen = ctx.db('articles').where({ id: meta.key }).first();
      }),
    );
    const created = await ok('POST', '/items/articles', { title: 'Committed' });
    expect(await seen).toMatchObject({ title: 'Committed' });
    // The filter of the same write sees its own transaction, where the row is not written yet.
    let inside: unknown;
    cleanups.push(
      t.app.events.onFilter('articles.items.update', async (_payload, meta, ctx) => {
        inside = { inTransaction: ctx.inTransaction, row: await ctx.db('articles').where({ id: meta.keys![0] }).first() };
      }),
    );
    await ok('PATCH', `/items/articles/${String(created.id)}`, { title: 'Committed again' });
    expect(inside).toMatchObject({ inTransaction: true, row: { title: 'Committed' } });
  });
});
