import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

type Page = { id: number; title: string; body: string | null; status: string };

describe('POST /utils/revert/:revision', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.request('POST', '/collections', {
      token: t.adminToken,
      body: {
        collection: 'pages',
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'title', type: 'string' },
          { field: 'body', type: 'text' },
          { field: 'status', type: 'string', schema: { default_value: 'open' } },
          { field: 'date_updated', type: 'timestamp', meta: { special: ['date-updated'] } },
        ],
      },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (id: number) =>
    dataOf<Page>(await t.request('GET', `/items/pages/${id}?fields=id,title,body,status`, { token: t.adminToken }));
  /** The id of the newest revision of a page. */
  const latestRevision = async (id: number): Promise<number> => {
    const rows = dataOf<{ id: number }[]>(
      await t.request('GET', `/revisions?filter[collection][_eq]=pages&filter[item][_eq]=${id}&sort=-id&limit=1&fields=id`, {
        token: t.adminToken,
      }),
    );
    return Number(rows[0]!.id);
  };
  /** A page at title v1/body b1, then v2 (the revision returned), then v3/b3. */
  const pageWithHistory = async (status = 'open'): Promise<{ id: number; v2: number }> => {
    const id = Number(
      dataOf<Page>(await t.request('POST', '/items/pages', { token: t.adminToken, body: { title: 'v1', body: 'b1', status } })).id,
    );
    await t.request('PATCH', `/items/pages/${id}`, { token: t.adminToken, body: { title: 'v2' } });
    const v2 = await latestRevision(id);
    await t.request('PATCH', `/items/pages/${id}`, { token: t.adminToken, body: { title: 'v3', body: 'b3' } });
    return { id, v2 };
  };
  const revert = (revision: unknown, token: string | null = t.adminToken) =>
    t.request('POST', `/utils/revert/${String(revision)}`, { token });

  it("puts the item back into the revision's state (204) and records it as an update with a new revision", async () => {
    const { id, v2 } = await pageWithHistory();
    const before = await latestRevision(id);
    const response = await revert(v2);
    expect(response.statusCode).toBe(204);
    expect(await page(id)).toEqual({ id, title: 'v2', body: 'b1', status: 'open' });

    const newest = await latestRevision(id);
    expect(newest).toBeGreaterThan(before);
    const revision = dataOf<{
      activity: { action: string; collection: string; item: string };
      delta: unknown;
      data: Record<string, unknown>;
    }>(
      await t.request('GET', `/revisions/${newest}?fields=activity.action,activity.collection,activity.item,delta,data`, {
        token: t.adminToken,
      }),
    );
    expect(revision.activity).toEqual({ action: 'update', collection: 'pages', item: String(id) });
    // Only what changed is written; the stamp is the server's.
    expect(revision.delta).toEqual({ title: 'v2', body: 'b1', date_updated: expect.any(String) });
    expect(revision.data).toMatchObject({ id, title: 'v2', body: 'b1', status: 'open' });
  });

  it('answers 403 FORBIDDEN for an unknown or malformed revision, as for a missing item', async () => {
    expectError(await revert(999_999), 403, 'FORBIDDEN');
    expectError(await revert('abc'), 403, 'FORBIDDEN');
    expectError(await revert('-1'), 403, 'FORBIDDEN');
  });

  it('answers 403 to the public and to users who may not read the revision or update the item, and changes nothing', async () => {
    const { id, v2 } = await pageWithHistory();
    const noRevisions = await t.userWith({ permissions: [{ collection: 'pages', action: 'update', fields: ['*'] }] });
    const readOnly = await t.userWith({
      permissions: [
        { collection: 'service_revisions', action: 'read', fields: ['*'] },
        { collection: 'pages', action: 'read', fields: ['*'] },
      ],
    });
    expectError(await revert(v2, null), 403, 'FORBIDDEN');
    expectError(await revert(v2, noRevisions.token), 403, 'FORBIDDEN');
    expectError(await revert(v2, readOnly.token), 403, 'FORBIDDEN');
    expect(await page(id)).toMatchObject({ title: 'v3', body: 'b3' });
  });

  it('applies field permissions to the fields that change, and row rules to the item', async () => {
    // Revisions follow the read rules of their collection (decision 0047): both read every page.
    const revisionsRule = { collection: 'service_revisions', action: 'read', fields: ['*'] };
    const pagesRule = { collection: 'pages', action: 'read', fields: ['*'] };
    const titleOnly = await t.userWith({
      permissions: [revisionsRule, pagesRule, { collection: 'pages', action: 'update', fields: ['title'] }],
    });
    const openOnly = await t.userWith({
      permissions: [
        revisionsRule,
        pagesRule,
        { collection: 'pages', action: 'update', fields: ['*'], permissions: { status: { _eq: 'open' } } },
      ],
    });

    // v3 → v2 changes the body too: the title-only user may not.
    const first = await pageWithHistory();
    expectError(await revert(first.v2, titleOnly.token), 403, 'FORBIDDEN');
    expect(await page(first.id)).toMatchObject({ title: 'v3', body: 'b3' });
    // A revision that differs only in the title is fine for them.
    await t.request('PATCH', `/items/pages/${first.id}`, { token: t.adminToken, body: { title: 'v4' } });
    const onlyTitle = await latestRevision(first.id);
    await t.request('PATCH', `/items/pages/${first.id}`, { token: t.adminToken, body: { title: 'v5' } });
    expect((await revert(onlyTitle, titleOnly.token)).statusCode).toBe(204);
    expect(await page(first.id)).toMatchObject({ title: 'v4', body: 'b3' });

    const closed = await pageWithHistory('closed');
    expectError(await revert(closed.v2, openOnly.token), 403, 'FORBIDDEN');
    expect(await page(closed.id)).toMatchObject({ title: 'v3' });
    const open = await pageWithHistory('open');
    expect((await revert(open.v2, openOnly.token)).statusCode).toBe(204);
    expect(await page(open.id)).toMatchObject({ title: 'v2', body: 'b1' });
  });

  it('answers 403 for a revision of a collection the caller may not read, even with update access (decision 0047)', async () => {
    const updater = await t.userWith({
      permissions: [
        { collection: 'service_revisions', action: 'read', fields: ['*'] },
        { collection: 'pages', action: 'update', fields: ['*'] },
      ],
    });
    const { id, v2 } = await pageWithHistory();
    expectError(await revert(v2, updater.token), 403, 'FORBIDDEN');
    expect(await page(id)).toMatchObject({ title: 'v3' });
  });

  it('answers 403 when the item no longer exists', async () => {
    const { id, v2 } = await pageWithHistory();
    await t.request('DELETE', `/items/pages/${id}`, { token: t.adminToken });
    expectError(await revert(v2), 403, 'FORBIDDEN');
  });

  it('leaves hashed fields alone: reverting a user keeps their password', async () => {
    const user = dataOf<{ id: string }>(
      await t.request('POST', '/users', {
        token: t.adminToken,
        body: { email: 'revert-me@example.com', password: 'First-Pass-1', first_name: 'Ann', status: 'active' },
      }),
    );
    await t.request('PATCH', `/users/${user.id}`, { token: t.adminToken, body: { first_name: 'Anna' } });
    const rows = dataOf<{ id: number }[]>(
      await t.request('GET', `/revisions?filter[collection][_eq]=service_users&filter[item][_eq]=${user.id}&sort=-id&limit=1&fields=id`, {
        token: t.adminToken,
      }),
    );
    await t.request('PATCH', `/users/${user.id}`, { token: t.adminToken, body: { first_name: 'Annie', password: 'Second-Pass-2' } });
    expect((await revert(rows[0]!.id)).statusCode).toBe(204);
    expect(
      dataOf<{ first_name: string }>(await t.request('GET', `/users/${user.id}?fields=first_name`, { token: t.adminToken })).first_name,
    ).toBe('Anna');
    expect(await t.login('revert-me@example.com', 'Second-Pass-2')).toBeTruthy();
  });
});
