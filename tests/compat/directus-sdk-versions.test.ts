import {
  compareContentVersion,
  createContentVersion,
  createContentVersions,
  createDirectus,
  deleteContentVersion,
  deleteContentVersions,
  promoteContentVersion,
  readContentVersion,
  readContentVersions,
  readItem,
  rest,
  saveToContentVersion,
  staticToken,
  updateContentVersion,
  updateContentVersions,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

/** The ten content-version commands of the official @directus/sdk (Directus 11's /versions) against a listening server. */
describe('@directus/sdk content version commands', () => {
  let t: TestApp;
  let url = '';

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const ok = async (method: string, path: string, body: unknown) => {
      const response = await t.request(method, path, { token: t.adminToken, body });
      expect(response.statusCode, response.body).toBe(200);
    };
    await ok('POST', '/collections', {
      collection: 'pages',
      meta: { versioning: true },
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'title', type: 'string' },
      ],
    });
    await ok('POST', '/items/pages', [{ title: 'One' }, { title: 'Two' }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, updates, saves to, compares, promotes and deletes versions', async () => {
    const client = createDirectus(url).with(staticToken(t.adminToken)).with(rest());
    const draft = await client.request(createContentVersion({ key: 'draft', name: 'Draft', collection: 'pages', item: '1' }));
    expect(draft).toMatchObject({ key: 'draft', name: 'Draft', collection: 'pages', item: '1', delta: null });
    const more = await client.request(
      createContentVersions([
        { key: 'a', collection: 'pages', item: '2' },
        { key: 'b', collection: 'pages', item: '2' },
      ]),
    );
    expect(more.map((v) => v.key).sort()).toEqual(['a', 'b']);
    expect(await client.request(readContentVersion(draft.id, { fields: ['key'] }))).toEqual({ key: 'draft' });
    expect(await client.request(readContentVersions({ filter: { item: { _eq: '2' } }, fields: ['key'], sort: ['key'] }))).toEqual([
      { key: 'a' },
      { key: 'b' },
    ]);
    expect(await client.request(updateContentVersion(draft.id, { name: 'First draft' }, { fields: ['name'] }))).toEqual({
      name: 'First draft',
    });
    await client.request(updateContentVersions([more[0]!.id, more[1]!.id], { name: 'Same' }));

    const saved = await client.request(saveToContentVersion(draft.id, { title: 'One, revised' }));
    expect(saved).toMatchObject({ id: 1, title: 'One, revised' });
    expect(await client.request(readItem('pages', 1, { version: 'draft', fields: ['title'] }))).toEqual({ title: 'One, revised' });
    const compared = await client.request(compareContentVersion(draft.id));
    expect(compared).toMatchObject({ outdated: false, current: { title: 'One, revised' }, main: { id: 1, title: 'One' } });
    expect(await client.request(promoteContentVersion(draft.id, compared.mainHash))).toBe(1);
    expect(await client.request(readItem('pages', 1, { fields: ['title'] }))).toEqual({ title: 'One, revised' });

    await client.request(deleteContentVersion(draft.id));
    await client.request(deleteContentVersions([more[0]!.id, more[1]!.id]));
    expect(await client.request(readContentVersions())).toEqual([]);
  });
});
