import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

describe('/activity and /revisions', () => {
  let t: TestApp;
  let articleId = 0;
  let adminId = '';

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    adminId = String((await t.app.knex('service_users').first()).id);
    const created = await t.request('POST', '/items/articles', {
      token: t.adminToken,
      body: { title: 'Tracked', rating: 1 },
      headers: { 'user-agent': 'activity-test', origin: 'https://app.example.com' },
    });
    articleId = dataOf<Row>(created).id as number;
    await t.request('PATCH', `/items/articles/${articleId}`, { token: t.adminToken, body: { rating: 2 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  it('records create, update and delete with the item as a string and who, where and how', async () => {
    const temp = dataOf<Row>(await admin('POST', '/items/articles', { title: 'Temp' }));
    await admin('DELETE', `/items/articles/${temp.id}`);
    const rows = dataOf<Row[]>(await admin('GET', `/activity?filter[collection][_eq]=articles&sort=id`));
    expect(rows.map((r) => [r.action, r.item])).toEqual([
      ['create', String(articleId)],
      ['update', String(articleId)],
      ['create', String(temp.id)],
      ['delete', String(temp.id)],
    ]);
    expect(rows[0]).toMatchObject({
      user: adminId,
      user_agent: 'activity-test',
      origin: 'https://app.example.com',
      collection: 'articles',
    });
    expect(typeof rows[0]!.ip).toBe('string');
    expect(new Date(rows[0]!.timestamp as string).toISOString()).toBe(rows[0]!.timestamp);
  });

  it('returns the fields of an activity record with revisions as ids', async () => {
    const [row] = dataOf<Row[]>(await admin('GET', `/activity?filter[collection][_eq]=articles&filter[action][_eq]=create&limit=1`));
    expect(Object.keys(row!).sort()).toEqual(
      ['action', 'collection', 'comment', 'id', 'ip', 'item', 'origin', 'revisions', 'timestamp', 'user', 'user_agent'].sort(),
    );
    expect(row!.revisions).toEqual([expect.any(Number)]);
  });

  it('keeps revisions with data and delta (create: the payload; update: the change and the full item)', async () => {
    const revisions = dataOf<Row[]>(
      await admin('GET', `/revisions?filter[collection][_eq]=articles&filter[item][_eq]=${articleId}&sort=id`),
    );
    expect(revisions).toHaveLength(2);
    expect(revisions[0]!.delta).toMatchObject({ title: 'Tracked', rating: 1 });
    expect(revisions[1]!.delta).toEqual({ rating: 2 });
    expect(revisions[1]!.data).toMatchObject({ id: articleId, title: 'Tracked', rating: 2 });
    expect(typeof revisions[1]!.item).toBe('string');
    const one = await admin('GET', `/revisions/${revisions[0]!.id}`);
    expect(one.statusCode).toBe(200);
  });

  it('expands revisions.* and user.email on activity', async () => {
    const [row] = dataOf<Row[]>(
      await admin('GET', `/activity?fields=action,revisions.*,user.email&filter[collection][_eq]=articles&filter[action][_eq]=update`),
    );
    expect(row!.user).toEqual({ email: 'admin@example.com' });
    expect(row!.revisions).toEqual([expect.objectContaining({ collection: 'articles', item: String(articleId), delta: { rating: 2 } })]);
  });

  it('records a login with the user as item', async () => {
    const rows = dataOf<Row[]>(await admin('GET', `/activity?filter[action][_eq]=login&filter[item][_eq]=${adminId}`));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ collection: 'service_users', user: adminId });
  });

  it('supports the list query parameters and meta', async () => {
    const response = await admin(
      'GET',
      '/activity?fields=id,action&sort=-id&limit=2&meta=total_count,filter_count&filter[action][_in]=create,update',
    );
    const body = response.json() as { data: Row[]; meta: Row };
    expect(body.data).toHaveLength(2);
    expect((body.data[0]!.id as number) > (body.data[1]!.id as number)).toBe(true);
    expect(body.meta.total_count).toBeGreaterThanOrEqual(body.meta.filter_count as number);
  });

  it('is read-only: POST, PATCH and DELETE on /activity and /revisions are 404', async () => {
    const before = await countRows(t.app, 'service_activity');
    const [first] = dataOf<Row[]>(await admin('GET', '/activity?limit=1'));
    expectError(await admin('POST', '/activity', { action: 'create', collection: 'articles', item: '1' }), 404, 'ROUTE_NOT_FOUND');
    expectError(await admin('PATCH', `/activity/${first!.id}`, { action: 'delete' }), 404, 'ROUTE_NOT_FOUND');
    expectError(await admin('PATCH', '/activity', { keys: [first!.id], data: { action: 'delete' } }), 404, 'ROUTE_NOT_FOUND');
    expectError(await admin('DELETE', `/activity/${first!.id}`), 404, 'ROUTE_NOT_FOUND');
    expectError(await admin('DELETE', '/activity', [first!.id]), 404, 'ROUTE_NOT_FOUND');
    expectError(await admin('POST', '/revisions', { activity: first!.id }), 404, 'ROUTE_NOT_FOUND');
    expectError(await admin('DELETE', '/revisions/1'), 404, 'ROUTE_NOT_FOUND');
    expectError(await admin('GET', '/items/service_activity'), 403, 'FORBIDDEN');
    expect(await countRows(t.app, 'service_activity')).toBe(before);
  });

  it('answers 403 for a missing or malformed activity id', async () => {
    expectError(await admin('GET', '/activity/99999999'), 403, 'FORBIDDEN');
    expectError(await admin('GET', '/activity/abc'), 403, 'FORBIDDEN');
  });

  it('shows an app-access user only their own activity', async () => {
    const user = await t.userWith({ appAccess: true, permissions: [{ collection: 'articles', action: 'create', fields: ['*'] }] });
    await t.request('POST', '/items/articles', { token: user.token, body: { title: 'Mine' } });
    const rows = dataOf<Row[]>(await t.request('GET', '/activity', { token: user.token }));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.user === user.userId)).toBe(true);
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['login', 'create']));
    const adminRow = dataOf<Row[]>(await admin('GET', `/activity?filter[user][_eq]=${adminId}&limit=1`))[0]!;
    expectError(await t.request('GET', `/activity/${adminRow.id}`, { token: user.token }), 403, 'FORBIDDEN');
    const meta = (await t.request('GET', '/activity?meta=total_count', { token: user.token })).json() as { meta: Row };
    expect(meta.meta.total_count).toBe(rows.length);
  });

  it('refuses activity to a user without app access and to the public', async () => {
    const user = await t.userWith({ appAccess: false });
    expectError(await t.request('GET', '/activity', { token: user.token }), 403, 'FORBIDDEN');
    const error = expectError(await t.request('GET', '/activity'), 403, 'FORBIDDEN');
    expect(error.message).toContain('service_activity');
    expectError(await t.request('GET', '/revisions'), 403, 'FORBIDDEN');
  });
});
