import {
  authenticateShare,
  createDirectus,
  createShare,
  createShares,
  deleteShare,
  deleteShares,
  inviteShare,
  readItem,
  readShare,
  readShareInfo,
  readShares,
  rest,
  staticToken,
  updateShare,
  updateShares,
  updateSharesBatch,
  withToken,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';

/** The share commands of the official @directus/sdk against a listening server (the 11 of issue 30). */
describe('@directus/sdk share commands', () => {
  let t: TestApp;
  let url = '';
  let article = '';

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const created = await t.request('POST', '/items/articles', { token: t.adminToken, body: { title: 'Shared' } });
    article = String((created.json() as { data: { id: number } }).data.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, updates (one, many, batch), authenticates, invites and deletes shares', async () => {
    const admin = createDirectus(url).with(staticToken(t.adminToken)).with(rest());
    const one = await admin.request(createShare({ name: 'One', collection: 'articles', item: article, password: 'pw' } as never));
    expect(one).toMatchObject({ name: 'One', collection: 'articles', item: article, password: '**********' });
    const two = await admin.request(
      createShares([
        { name: 'Two', collection: 'articles', item: article },
        { name: 'Three', collection: 'articles', item: article },
      ] as never),
    );
    // uuid keys: the answer comes in key order, as every read by keys (not necessarily the order sent).
    expect(two.map((s) => s.name).sort()).toEqual(['Three', 'Two']);
    const id = String(one.id);
    const ids = two.map((s) => String(s.id));
    expect(await admin.request(readShare(id, { fields: ['name'] }))).toEqual({ name: 'One' });
    expect(await admin.request(readShares({ filter: { id: { _in: ids } }, fields: ['name'], sort: ['name'] }))).toEqual([
      { name: 'Three' },
      { name: 'Two' },
    ]);
    expect(await admin.request(updateShare(id, { max_uses: 4 }))).toMatchObject({ max_uses: 4 });
    expect((await admin.request(updateShares(ids, { max_uses: 2 }))).map((s) => s.max_uses)).toEqual([2, 2]);
    const batch = await admin.request(updateSharesBatch(ids.map((key, i) => ({ id: key, name: `Batch ${i}` }))));
    expect(batch.map((s) => s.name).sort()).toEqual(['Batch 0', 'Batch 1']);

    const anonymous = createDirectus(url).with(rest());
    expect(await anonymous.request(readShareInfo(id))).toMatchObject({ id, collection: 'articles', item: article, password: '**********' });
    const tokens = await anonymous.request(authenticateShare(id, 'pw', 'json'));
    expect(typeof tokens.access_token).toBe('string');
    expect(await anonymous.request(withToken(tokens.access_token!, readItem('articles' as never, article, { fields: ['title'] })))).toEqual(
      {
        title: 'Shared',
      },
    );
    await admin.request(inviteShare(id, ['guest@example.com']));

    await admin.request(deleteShare(id));
    await admin.request(deleteShares(ids));
    expect(await admin.request(readShares({ filter: { id: { _in: [id, ...ids] } } }))).toEqual([]);
  });
});
