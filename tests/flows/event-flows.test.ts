import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { createFlow } from './flow-fixture.js';

type Row = Record<string, unknown>;

/**
 * Event flows: a filter flow runs inside the write's transaction and may change the payload or refuse the write
 * (then nothing of it, nor of the flow's own writes, is kept); an action flow runs after the commit and never
 * fails the request; flows whose writes trigger flows stop at a depth.
 */
describe('event flows', () => {
  let t: TestApp;
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const count = async (table: string) => Number((await t.app.knex(table).count({ n: '*' }).first())!.n);
  const flowIds: string[] = [];
  const flow = async (...args: Parameters<typeof createFlow> extends [unknown, ...infer R] ? R : never) => {
    const id = await createFlow(t, ...args);
    flowIds.push(id);
    return id;
  };

  beforeAll(async () => {
    // FLOWS_MAX_STEPS 20: flows may trigger flows 2 deep.
    t = await createTestApp({ FLOWS_MAX_STEPS: '20' });
    await seedCollections(t.app);
  });
  beforeEach(async () => {
    for (const id of flowIds.splice(0)) await admin('DELETE', `/flows/${id}`);
    await t.app.knex('comments').delete();
    await t.app.knex('articles').delete();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a filter flow change the payload with a template over $trigger', async () => {
    await flow(
      { name: 'Shout', trigger: 'event', options: { type: 'filter', scope: ['items.create'], collections: ['articles'], return: '$last' } },
      [{ key: 'shout', type: 'transform', options: { json: { title: 'Re: {{ $trigger.payload.title }}', status: 'published' } } }],
    );
    const created = dataOf<Row>(await admin('POST', '/items/articles', { title: 'Hello' }));
    expect(created).toMatchObject({ title: 'Re: Hello', status: 'published' });
    // Other collections take no detour through the flow.
    const author = dataOf<Row>(await admin('POST', '/items/authors', { name: 'Ann' }));
    expect(author.name).toBe('Ann');
  });

  it('refuses the write when a filter flow fails, keeping nothing of it or of the flow’s own writes', async () => {
    await flow({ name: 'Guard', trigger: 'event', options: { type: 'filter', scope: ['items.create'], collections: ['articles'] } }, [
      {
        key: 'note',
        type: 'item-create',
        options: { collection: 'comments', payload: { body: 'about {{ $trigger.payload.title }}' } },
        resolve: 'check',
      },
      { key: 'check', type: 'condition', options: { filter: { $trigger: { payload: { title: { _nstarts_with: 'Spam' } } } } } },
    ]);
    const refused = await admin('POST', '/items/articles', { title: 'Spam offer' });
    expectError(refused, 400, 'INVALID_PAYLOAD');
    expect(await count('articles')).toBe(0);
    expect(await count('comments')).toBe(0);
    const passed = await admin('POST', '/items/articles', { title: 'Real news' });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(await t.app.knex('comments').pluck('body')).toEqual(['about Real news']);
  });

  it('runs an action flow after the commit with the written item, and its failure never fails the request', async () => {
    await flow({ name: 'Echo', trigger: 'event', options: { type: 'action', scope: ['items.create'], collections: ['articles'] } }, [
      {
        key: 'note',
        type: 'item-create',
        options: {
          collection: 'comments',
          payload: { body: 'created {{ $trigger.key }}: {{ $trigger.payload.title }}', article: '{{ $trigger.key }}' },
        },
      },
    ]);
    await flow({ name: 'Broken', trigger: 'event', options: { type: 'action', scope: ['items.create'], collections: ['articles'] } }, [
      { key: 'boom', type: 'throw-error', options: { message: 'nope' } },
    ]);
    const created = await admin('POST', '/items/articles', { title: 'Fresh' });
    expect(created.statusCode, created.body).toBe(200);
    const id = dataOf<Row>(created).id;
    await expect.poll(() => t.app.knex('comments').pluck('body')).toEqual([`created ${String(id)}: Fresh`]);
  });

  it('runs update and delete scopes with the keys in $trigger', async () => {
    const article = dataOf<Row>(await admin('POST', '/items/articles', { title: 'Keep' }));
    await flow(
      { name: 'Keys', trigger: 'event', options: { type: 'filter', scope: ['items.update', 'items.delete'], collections: ['articles'] } },
      [
        {
          key: 'note',
          type: 'item-create',
          options: { collection: 'comments', payload: { body: '{{ $trigger.event }} {{ $trigger.keys }}' } },
        },
      ],
    );
    await admin('PATCH', `/items/articles/${String(article.id)}`, { rating: 3 });
    await admin('DELETE', `/items/articles/${String(article.id)}`);
    expect(await t.app.knex('comments').orderBy('id').pluck('body')).toEqual([
      `articles.items.update [${JSON.stringify(article.id)}]`,
      `articles.items.delete [${JSON.stringify(article.id)}]`,
    ]);
  });

  it("understands Directus's names of system collections in a trigger's collections and in item operations", async () => {
    await flow(
      { name: 'Directus names', trigger: 'event', options: { type: 'action', scope: ['items.update'], collections: ['directus_users'] } },
      [
        {
          key: 'who',
          type: 'item-read',
          options: { collection: 'directus_users', key: '{{ $trigger.keys[0] }}', query: { fields: ['email'] } },
          resolve: 'note',
        },
        { key: 'note', type: 'item-create', options: { collection: 'comments', payload: { body: 'updated {{ who.email }}' } } },
      ],
    );
    const me = dataOf<Row>(await admin('GET', '/users/me'));
    const updated = await admin('PATCH', '/users/me', { title: 'Editor' });
    expect(updated.statusCode, updated.body).toBe(200);
    await expect.poll(() => t.app.knex('comments').pluck('body')).toEqual([`updated ${String(me.email)}`]);
  });

  it('stops flows whose writes trigger themselves at the depth bound', async () => {
    await flow({ name: 'Again', trigger: 'event', options: { type: 'filter', scope: ['items.create'], collections: ['articles'] } }, [
      { key: 'again', type: 'item-create', options: { collection: 'articles', payload: { title: 'echo' } } },
    ]);
    const created = await admin('POST', '/items/articles', { title: 'first' });
    expect(created.statusCode, created.body).toBe(200);
    // The request's write, and one per level of flows (2 deep).
    expect(await count('articles')).toBe(3);
  });

  it('lets an item operation write with emitEvents false, so a flow writing where it listens runs once', async () => {
    await flow({ name: 'Quiet', trigger: 'event', options: { type: 'action', scope: ['items.create'], collections: ['articles'] } }, [
      {
        key: 'copy',
        type: 'item-create',
        options: { collection: 'articles', payload: { title: 'copy of {{ $trigger.payload.title }}' }, emitEvents: false },
        resolve: 'note',
      },
      { key: 'note', type: 'item-create', options: { collection: 'comments', payload: { body: 'ran' } } },
    ]);
    const created = await admin('POST', '/items/articles', { title: 'first' });
    expect(created.statusCode, created.body).toBe(200);
    await expect.poll(() => t.app.knex('comments').pluck('body')).toEqual(['ran']);
    expect(await t.app.knex('articles').orderBy('title').pluck('title')).toEqual(['copy of first', 'first']);
    // The quiet write is still recorded in activity.
    const copy = (await t.app.knex('articles').where({ title: 'copy of first' }).first()) as Row;
    const recorded = await t.app
      .knex('service_activity')
      .where({ collection: 'articles', item: String(copy.id) })
      .pluck('action');
    expect(recorded).toEqual(['create']);
  });

  it('runs no filter flow for a write with emitEvents false (unlike the depth-bounded loop above)', async () => {
    await flow({ name: 'Once', trigger: 'event', options: { type: 'filter', scope: ['items.create'], collections: ['articles'] } }, [
      { key: 'again', type: 'item-create', options: { collection: 'articles', payload: { title: 'echo' }, emitEvents: false } },
    ]);
    const created = await admin('POST', '/items/articles', { title: 'first' });
    expect(created.statusCode, created.body).toBe(200);
    // The filter flow ran inside the request's transaction: the request's write and the flow's one, no more.
    expect(await t.app.knex('articles').orderBy('title').pluck('title')).toEqual(['echo', 'first']);
  });

  it('refuses an emitEvents option that is not a boolean', async () => {
    const created = dataOf<Row>(await admin('POST', '/flows', { name: 'Bad', status: 'active', trigger: 'webhook' }));
    flowIds.push(String(created.id));
    const refused = await admin('POST', '/operations', {
      flow: created.id,
      key: 'bad',
      type: 'item-create',
      options: { collection: 'articles', emitEvents: 'no' },
      position_x: 0,
      position_y: 0,
    });
    expectError(refused, 400, 'INVALID_PAYLOAD');
  });

  it('stops working once the flow is inactive', async () => {
    const id = await flow(
      { name: 'Off', trigger: 'event', options: { type: 'filter', scope: ['items.create'], collections: ['articles'], return: '$last' } },
      [{ key: 'x', type: 'transform', options: { json: { title: 'changed' } } }],
    );
    expect(dataOf<Row>(await admin('POST', '/items/articles', { title: 'a' })).title).toBe('changed');
    expect((await admin('PATCH', `/flows/${id}`, { status: 'inactive' })).statusCode).toBe(200);
    expect(dataOf<Row>(await admin('POST', '/items/articles', { title: 'b' })).title).toBe('b');
  });
});
