import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';

/**
 * Threat: one request that writes an unbounded number of items (a denial of service on the database and the
 * audit trail). MAX_BATCH_MUTATION caps every batch path, REST and GraphQL alike; nothing is written past it.
 */
describe('batch mutation limits (MAX_BATCH_MUTATION=3)', () => {
  let t: TestApp;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ MAX_BATCH_MUTATION: '3' });
    await seedCollections(t.app);
    const created = await t.request('POST', '/items/articles', { token: t.adminToken, body: [1, 2, 3].map((n) => ({ title: `a${n}` })) });
    const created2 = await t.request('POST', '/items/articles', { token: t.adminToken, body: [4, 5].map((n) => ({ title: `a${n}` })) });
    ids = [...dataOf<{ id: number }[]>(created), ...dataOf<{ id: number }[]>(created2)].map((r) => r.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const titles = async () => (await t.app.knex('articles').orderBy('id').select('title')).map((r: { title: string }) => r.title);

  it('POST with an array over the cap is 400 and creates nothing', async () => {
    const response = await t.request('POST', '/items/articles', {
      token: t.adminToken,
      body: [1, 2, 3, 4].map((n) => ({ title: `x${n}` })),
    });
    expectError(response, 400, 'INVALID_PAYLOAD');
    expect(await titles()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('PATCH with an array over the cap is 400 and updates nothing', async () => {
    const response = await t.request('PATCH', '/items/articles', {
      token: t.adminToken,
      body: ids.slice(0, 4).map((id) => ({ id, title: 'changed' })),
    });
    expectError(response, 400, 'INVALID_PAYLOAD');
    expect(await titles()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('PATCH with an array at the cap works', async () => {
    const response = await t.request('PATCH', '/items/articles', {
      token: t.adminToken,
      body: ids.slice(0, 3).map((id, i) => ({ id, title: `a${i + 1}` })),
    });
    expect(response.statusCode).toBe(200);
  });

  it('PATCH by keys and by query over the cap are 400', async () => {
    expectError(
      await t.request('PATCH', '/items/articles', { token: t.adminToken, body: { keys: ids.slice(0, 4), data: { title: 'changed' } } }),
      400,
      'INVALID_PAYLOAD',
    );
    expectError(
      await t.request('PATCH', '/items/articles', { token: t.adminToken, body: { query: { limit: -1 }, data: { title: 'changed' } } }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(await titles()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('DELETE by keys and by query over the cap are 400', async () => {
    expectError(await t.request('DELETE', '/items/articles', { token: t.adminToken, body: ids.slice(0, 4) }), 400, 'INVALID_PAYLOAD');
    expectError(
      await t.request('DELETE', '/items/articles', { token: t.adminToken, body: { query: { limit: -1 } } }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(await titles()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('GraphQL batch mutations over the cap are refused', async () => {
    const mutations = [
      `mutation { create_articles_items(data: [{title: "g1"}, {title: "g2"}, {title: "g3"}, {title: "g4"}]) { id } }`,
      `mutation { update_articles_batch(data: [${ids
        .slice(0, 4)
        .map((id) => `{id: ${id}, title: "g"}`)
        .join(', ')}]) { id } }`,
      `mutation { update_articles_items(ids: [${ids.slice(0, 4).join(', ')}], data: {title: "g"}) { id } }`,
      `mutation { delete_articles_items(ids: [${ids.slice(0, 4).join(', ')}]) { ids } }`,
    ];
    for (const query of mutations) {
      const response = await t.request('POST', '/graphql', { token: t.adminToken, body: { query } });
      const body = response.json() as { errors?: { extensions: { code: string } }[] };
      expect(body.errors?.[0]?.extensions.code, query).toBe('INVALID_PAYLOAD');
    }
    expect(await titles()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });
});
