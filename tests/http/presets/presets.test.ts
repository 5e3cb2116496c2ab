import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';

type Row = Record<string, unknown>;

/**
 * `/presets` (Directus's saved views): administrators manage all of them; a user with app access reads their
 * own, their role's and everyone's, and creates, changes and deletes only their own.
 */
describe('/presets', () => {
  let t: TestApp;
  let anna: { token: string; userId: string; roleId: string };
  let ben: { token: string; userId: string };

  const send = async (method: string, url: string, body?: unknown, token: string | null = t.adminToken) => {
    const response = await t.request(method, url, { token, ...(body !== undefined ? { body } : {}) });
    return { status: response.statusCode, body: response.body === '' ? null : (JSON.parse(response.body) as Row) };
  };
  const data = (answer: { body: Row | null }) => answer.body?.data as Row & Row[];
  const code = (answer: { body: Row | null }) =>
    (answer.body?.errors as { extensions: { code: string } }[] | undefined)?.[0]?.extensions.code;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await t.userWith({ email: 'anna@example.com', appAccess: true });
    ben = await t.userWith({ email: 'ben@example.com', appAccess: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a user save a view of their own (user defaults to them) and read it back', async () => {
    const created = await send(
      'POST',
      '/presets',
      {
        bookmark: 'Published',
        collection: 'articles',
        layout_query: { tabular: { sort: ['-id'] } },
        filter: { status: { _eq: 'published' } },
      },
      anna.token,
    );
    expect(created.status).toBe(200);
    expect(data(created)).toMatchObject({
      bookmark: 'Published',
      collection: 'articles',
      user: anna.userId,
      role: null,
      layout: 'tabular',
      icon: 'bookmark',
      filter: { status: { _eq: 'published' } },
      layout_query: { tabular: { sort: ['-id'] } },
    });
    const mine = await send('GET', '/presets?filter[collection][_eq]=articles&fields=bookmark,user', undefined, anna.token);
    expect(data(mine)).toEqual([{ bookmark: 'Published', user: anna.userId }]);
  });

  it("shows a user their own, their role's and everyone's presets, never another user's", async () => {
    await send('POST', '/presets', { bookmark: 'Ben only', collection: 'articles', user: ben.userId });
    await send('POST', '/presets', { bookmark: "Anna's role", collection: 'articles', role: anna.roleId, user: null });
    await send('POST', '/presets', { bookmark: 'Everyone', collection: 'articles', role: null, user: null });
    const seen = data(await send('GET', '/presets?fields=bookmark&sort=id', undefined, anna.token)).map((p) => p.bookmark);
    expect(seen).toEqual(['Published', "Anna's role", 'Everyone']);
    const seenByBen = data(await send('GET', '/presets?fields=bookmark&sort=id', undefined, ben.token)).map((p) => p.bookmark);
    expect(seenByBen).toEqual(['Ben only', 'Everyone']);
  });

  it("refuses to create one for someone else, or to change or delete another user's (403), and leaves them as they were", async () => {
    const forBen = await send('POST', '/presets', { bookmark: 'Sneaky', collection: 'articles', user: ben.userId }, anna.token);
    expect(forBen.status).toBe(400);
    expect(code(forBen)).toBe('FAILED_VALIDATION');
    const bens = data(await send('GET', '/presets?filter[bookmark][_eq]=Ben only&fields=id'))[0]!;
    expect((await send('PATCH', `/presets/${bens.id}`, { bookmark: 'Taken' }, anna.token)).status).toBe(403);
    expect((await send('DELETE', `/presets/${bens.id}`, undefined, anna.token)).status).toBe(403);
    const everyone = data(await send('GET', '/presets?filter[bookmark][_eq]=Everyone&fields=id'))[0]!;
    expect((await send('PATCH', `/presets/${everyone.id}`, { bookmark: 'Mine now' }, anna.token)).status).toBe(403);
    expect(data(await send('GET', `/presets/${bens.id}?fields=bookmark`))).toEqual({ bookmark: 'Ben only' });
  });

  it('lets a user change and delete their own', async () => {
    const own = data(await send('GET', '/presets?filter[bookmark][_eq]=Published&fields=id', undefined, anna.token))[0]!;
    const changed = await send('PATCH', `/presets/${own.id}`, { bookmark: 'Published, newest first', search: 'tips' }, anna.token);
    expect(changed.status).toBe(200);
    expect(data(changed)).toMatchObject({ bookmark: 'Published, newest first', search: 'tips' });
    expect((await send('DELETE', `/presets/${own.id}`, undefined, anna.token)).status).toBe(204);
    expect((await send('GET', `/presets/${own.id}`)).status).toBe(403);
  });

  it('answers bad input with 400 and the public with 403', async () => {
    const wrongType = await send('POST', '/presets', { collection: 'articles', filter: 'not json', refresh_interval: 'soon' }, anna.token);
    expect(wrongType.status).toBe(400);
    expect(code(wrongType)).toBe('INVALID_PAYLOAD');
    // A field the collection does not have is one the user may not write: 403, as in Directus.
    const unknown = await send('POST', '/presets', { collection: 'articles', nonsense: 1 }, anna.token);
    expect(unknown.status).toBe(403);
    expect(await t.app.knex('service_presets').where({ search: null, bookmark: null }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect((await send('GET', '/presets', undefined, null)).status).toBe(403);
    expect((await send('POST', '/presets', { collection: 'articles' }, null)).status).toBe(403);
  });
});
