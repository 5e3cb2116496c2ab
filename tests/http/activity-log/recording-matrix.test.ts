import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app.js';
import { schemaApplyCommand } from '../../../src/cli/commands/schema-apply.js';
import { gql, type GraphqlBody } from '../../graphql/graphql-request.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { runCli } from '../../setup/run-cli.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;
type Revision = {
  id: number;
  activity: number;
  collection: string;
  item: string;
  data: Row | null;
  delta: Row | null;
  parent: number | null;
};
type Activity = {
  id: number;
  action: string;
  collection: string;
  item: string;
  user: string | null;
  ip: string | null;
  user_agent: string | null;
  origin: string | null;
  comment: string | null;
  revisions: Revision[];
};

const UA = 'matrix-client/1.0';
const ORIGIN = 'https://matrix.example.com';
const REVISION_FIELDS = ['id', 'activity', 'collection', 'item', 'data', 'delta', 'parent'];

let t: TestApp;
let adminId = '';

const headers = { 'user-agent': UA, origin: ORIGIN };
const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body, headers });
const ok = async <T = Row>(method: string, url: string, body?: unknown): Promise<T> => {
  const response = await admin(method, url, body);
  if (response.statusCode !== 200 && response.statusCode !== 204)
    throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
  return response.statusCode === 204 ? (undefined as T) : dataOf<T>(response);
};
const items = (query: string, variables?: Record<string, unknown>) =>
  gql(t, query, { token: t.adminToken, scope: 'items', headers, ...(variables ? { variables } : {}) });

/** The id of the newest activity row: the trail of the next step is everything after it. */
const mark = async (): Promise<number> =>
  Number(((await t.app.knex('service_activity').max({ id: 'id' }).first()) as { id: unknown }).id ?? 0);
/** The activity rows after `since`, oldest first, each with its revisions, read through GET /activity. */
const trail = async (since: number): Promise<Activity[]> =>
  dataOf<Activity[]>(await admin('GET', `/activity?filter[id][_gt]=${since}&sort=id&limit=-1&fields=*,revisions.*`));
const summary = (rows: Activity[]) => rows.map((r) => [r.action, r.collection, r.item]);
/** Every row is attributed to the administrator's request: user, ip, user agent, origin. */
const expectFromAdmin = (rows: Activity[]) => {
  for (const row of rows) {
    expect(row).toMatchObject({ user: adminId, user_agent: UA, origin: ORIGIN, comment: null });
    expect(typeof row.item).toBe('string');
    expect(row.ip).toMatch(/^[\d.:a-f]+$/);
  }
};
const revisionOf = (row: Activity): Revision => {
  expect(row.revisions).toHaveLength(1);
  const revision = row.revisions[0]!;
  expect(Object.keys(revision).sort()).toEqual([...REVISION_FIELDS].sort());
  expect(revision).toMatchObject({ activity: row.id, collection: row.collection, item: row.item });
  return revision;
};
const counts = async (table: string) => ({
  rows: await countRows(t.app, table),
  activity: await countRows(t.app, 'service_activity'),
  revisions: await countRows(t.app, 'service_revisions'),
});

/**
 * Every write path leaves exactly the expected audit trail: one activity row per item (action, collection,
 * item as a string, who, from where) and, for collections with accountability `all`, one revision per create
 * or update (data = the item after the change, delta = the change, parent = the revision of the item a nested
 * write was made for). A write that fails leaves neither the change nor any row.
 */
describe('activity recording matrix', () => {
  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    adminId = String((await t.app.knex('service_users').where({ email: 'admin@example.com' }).first()).id);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('items over REST', () => {
    it('create, update and delete of one item: one row each, revisions with data, delta and no parent, none for the delete', async () => {
      const since = await mark();
      const created = await ok<Row>('POST', '/items/articles', { title: 'One', rating: 1 });
      await ok('PATCH', `/items/articles/${created.id}`, { rating: 2 });
      await ok('DELETE', `/items/articles/${created.id}`);
      const rows = await trail(since);
      const key = String(created.id);
      expect(summary(rows)).toEqual([
        ['create', 'articles', key],
        ['update', 'articles', key],
        ['delete', 'articles', key],
      ]);
      expectFromAdmin(rows);
      const create = revisionOf(rows[0]!);
      expect(create.delta).toEqual({ title: 'One', rating: 1 });
      expect(create.data).toMatchObject({ id: created.id, title: 'One', rating: 1, status: 'draft' });
      expect(create.parent).toBeNull();
      const update = revisionOf(rows[1]!);
      expect(update.delta).toEqual({ rating: 2 });
      expect(update.data).toMatchObject({ id: created.id, title: 'One', rating: 2 });
      expect(update.parent).toBeNull();
      expect(rows[2]!.revisions).toEqual([]);
    });

    it('batch create, update (keys, array, query) and delete (keys, query): one row per item', async () => {
      let since = await mark();
      const created = await ok<Row[]>('POST', '/items/articles', [{ title: 'B1' }, { title: 'B2' }, { title: 'B3' }]);
      const keys = created.map((row) => String(row.id));
      let rows = await trail(since);
      expect(summary(rows)).toEqual(keys.map((key) => ['create', 'articles', key]));
      expect(rows.map((row) => revisionOf(row).delta)).toEqual([{ title: 'B1' }, { title: 'B2' }, { title: 'B3' }]);
      expectFromAdmin(rows);

      since = await mark();
      await ok('PATCH', '/items/articles', { keys: created.map((row) => row.id), data: { rating: 7 } });
      await ok('PATCH', '/items/articles', [
        { id: created[0]!.id, title: 'B1!' },
        { id: created[1]!.id, title: 'B2!' },
      ]);
      await ok('PATCH', '/items/articles', { query: { filter: { id: { _eq: created[2]!.id } } }, data: { featured: true } });
      rows = await trail(since);
      expect(summary(rows)).toEqual([
        ...keys.map((key) => ['update', 'articles', key]),
        ['update', 'articles', keys[0]],
        ['update', 'articles', keys[1]],
        ['update', 'articles', keys[2]],
      ]);
      expect(rows.map((row) => revisionOf(row).delta)).toEqual([
        { rating: 7 },
        { rating: 7 },
        { rating: 7 },
        { title: 'B1!' },
        { title: 'B2!' },
        { featured: true },
      ]);
      expect(revisionOf(rows[5]!).data).toMatchObject({ title: 'B3', rating: 7, featured: true });
      expectFromAdmin(rows);

      since = await mark();
      await ok('DELETE', '/items/articles', [created[0]!.id, created[1]!.id]);
      await ok('DELETE', '/items/articles', { query: { filter: { id: { _eq: created[2]!.id } } } });
      rows = await trail(since);
      expect(summary(rows)).toEqual(keys.map((key) => ['delete', 'articles', key]));
      expect(rows.every((row) => row.revisions.length === 0)).toBe(true);
      expectFromAdmin(rows);
    });

    it('a singleton update is one update row', async () => {
      await t.app.knex('home').insert({ headline: 'Hi' });
      const since = await mark();
      await ok('PATCH', '/items/home', { headline: 'Hello' });
      const rows = await trail(since);
      expect(summary(rows)).toEqual([['update', 'home', expect.any(String)]]);
      expect(revisionOf(rows[0]!).delta).toEqual({ headline: 'Hello' });
    });

    it("nested writes: a row per nested item, whose revision has the parent item's revision as parent", async () => {
      let since = await mark();
      const author = await ok<Row>('POST', '/items/authors', { name: 'Ada', articles: [{ title: 'N1' }, { title: 'N2' }] });
      const [first, second] = author.articles as number[];
      let rows = await trail(since);
      expect(summary(rows)).toEqual([
        ['create', 'articles', String(first)],
        ['create', 'articles', String(second)],
        ['create', 'authors', String(author.id)],
      ]);
      expectFromAdmin(rows);
      const authorRevision = revisionOf(rows[2]!);
      expect(authorRevision.parent).toBeNull();
      expect(authorRevision.delta).toEqual({ name: 'Ada' });
      expect(revisionOf(rows[0]!)).toMatchObject({ parent: authorRevision.id, delta: { title: 'N1', author: author.id } });
      expect(revisionOf(rows[1]!).parent).toBe(authorRevision.id);

      // An m2o object on update: the related item's update hangs under the article's revision.
      since = await mark();
      await ok('PATCH', `/items/articles/${first}`, { rating: 3, author: { id: author.id, name: 'Ada L.' } });
      rows = await trail(since);
      expect(summary(rows)).toEqual([
        ['update', 'authors', String(author.id)],
        ['update', 'articles', String(first)],
      ]);
      const articleRevision = revisionOf(rows[1]!);
      expect(articleRevision).toMatchObject({ parent: null, delta: { rating: 3, author: author.id } });
      expect(revisionOf(rows[0]!)).toMatchObject({ parent: articleRevision.id, delta: { name: 'Ada L.' } });

      // Grandchildren hang under their own parent: article → comment created with a new article inside an author.
      since = await mark();
      const writer = await ok<Row>('POST', '/items/authors', { name: 'Grace', articles: [{ title: 'Deep', comments: [{ body: 'c1' }] }] });
      rows = await trail(since);
      expect(rows.map((r) => r.collection)).toEqual(['comments', 'articles', 'authors']);
      const [comment, article, top] = rows.map(revisionOf);
      expect(top!.item).toBe(String(writer.id));
      expect(top!.parent).toBeNull();
      expect(article!.parent).toBe(top!.id);
      expect(comment!.parent).toBe(article!.id);
    });
  });

  describe('items over GraphQL', () => {
    it("create, update and delete mutations write one row per item, with the request's ip, user agent and origin", async () => {
      let since = await mark();
      const created = (
        await items('mutation { create_articles_items(data: [{title: "G1"}, {title: "G2"}]) { id } }')
      ).json() as GraphqlBody;
      const ids = (created.data!.create_articles_items as { id: string }[]).map((row) => row.id);
      let rows = await trail(since);
      expect(summary(rows)).toEqual(ids.map((id) => ['create', 'articles', id]));
      expect(rows.map((row) => revisionOf(row).delta)).toEqual([{ title: 'G1' }, { title: 'G2' }]);
      expectFromAdmin(rows);

      since = await mark();
      await items('mutation ($ids: [ID]!) { update_articles_items(ids: $ids, data: {rating: 4}) { id } }', { ids });
      await items(`mutation { update_articles_item(id: ${ids[0]}, data: {title: "G1!"}) { id } }`);
      rows = await trail(since);
      expect(summary(rows)).toEqual([
        ['update', 'articles', ids[0]],
        ['update', 'articles', ids[1]],
        ['update', 'articles', ids[0]],
      ]);
      expect(rows.map((row) => revisionOf(row).delta)).toEqual([{ rating: 4 }, { rating: 4 }, { title: 'G1!' }]);
      expectFromAdmin(rows);

      since = await mark();
      await items('mutation ($ids: [ID]!) { delete_articles_items(ids: $ids) { ids } }', { ids });
      rows = await trail(since);
      expect(summary(rows)).toEqual(ids.map((id) => ['delete', 'articles', id]));
      expectFromAdmin(rows);
    });

    it('a failing mutation leaves nothing', async () => {
      const before = await counts('articles');
      const response = (
        await items('mutation { create_articles_items(data: [{title: "ok"}, {title: null}]) { id } }')
      ).json() as GraphqlBody;
      expect(response.errors![0]!.extensions!.code).toBe('FAILED_VALIDATION');
      expect(await counts('articles')).toEqual(before);
    });
  });

  describe('system collections', () => {
    it('roles, policies, access, permissions and users: every create, update and delete', async () => {
      const since = await mark();
      const role = await ok<Row>('POST', '/roles', { name: 'Matrix' });
      await ok('PATCH', `/roles/${role.id}`, { description: 'Audited' });
      const policy = await ok<Row>('POST', '/policies', { name: 'Matrix policy', app_access: true });
      const access = await ok<Row>('POST', '/access', { role: role.id, policy: policy.id });
      const permissions = await ok<Row[]>('POST', '/permissions', [
        { policy: policy.id, collection: 'articles', action: 'read', fields: ['*'] },
        { policy: policy.id, collection: 'articles', action: 'create', fields: ['title'] },
      ]);
      await ok('PATCH', `/permissions/${permissions[0]!.id}`, { fields: ['id', 'title'] });
      await ok('DELETE', `/permissions/${permissions[1]!.id}`);
      const user = await ok<Row>('POST', '/users', { email: 'matrix@example.com', password: 'Matrix-Secret-1', role: role.id });
      await ok('PATCH', `/users/${user.id}`, { password: 'Matrix-Secret-2', first_name: 'Mat' });
      await ok('DELETE', `/users/${user.id}`);
      await ok('DELETE', `/access/${access.id}`);
      await ok('DELETE', `/policies/${policy.id}`);
      await ok('DELETE', `/roles/${role.id}`);

      const rows = await trail(since);
      expect(summary(rows)).toEqual([
        ['create', 'service_roles', role.id],
        ['update', 'service_roles', role.id],
        ['create', 'service_policies', policy.id],
        ['create', 'service_access', access.id],
        ['create', 'service_permissions', String(permissions[0]!.id)],
        ['create', 'service_permissions', String(permissions[1]!.id)],
        ['update', 'service_permissions', String(permissions[0]!.id)],
        ['delete', 'service_permissions', String(permissions[1]!.id)],
        ['create', 'service_users', user.id],
        ['update', 'service_users', user.id],
        ['delete', 'service_users', user.id],
        ['delete', 'service_access', access.id],
        ['delete', 'service_policies', policy.id],
        ['delete', 'service_roles', role.id],
      ]);
      expectFromAdmin(rows);
      expect(revisionOf(rows[1]!).delta).toEqual({ description: 'Audited' });
      expect(revisionOf(rows[6]!).delta).toEqual({ fields: ['id', 'title'] });
      // Passwords never reach the trail: masked in both data and delta.
      const userCreate = revisionOf(rows[8]!);
      const userUpdate = revisionOf(rows[9]!);
      expect(userCreate.delta).toMatchObject({ email: 'matrix@example.com', password: '**********' });
      expect(userUpdate.delta).toEqual({ password: '**********', first_name: 'Mat' });
      expect(userUpdate.data).toMatchObject({ password: '**********', first_name: 'Mat' });
      expect(JSON.stringify(rows)).not.toContain('Matrix-Secret');
    });

    it('a failing batch of permissions leaves neither rules nor rows', async () => {
      const policy = await ok<Row>('POST', '/policies', { name: 'Failing' });
      const before = await counts('service_permissions');
      const response = await admin('POST', '/permissions', [
        { policy: policy.id, collection: 'articles', action: 'read' },
        { policy: policy.id, collection: 'articles', action: 'publish' },
      ]);
      expectError(response, 400, 'INVALID_PAYLOAD');
      expect(await counts('service_permissions')).toEqual(before);
    });
  });

  describe('schema changes', () => {
    it('/collections, /fields and /relations record their meta rows', async () => {
      const since = await mark();
      await ok('POST', '/collections', {
        collection: 'gadgets',
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'name', type: 'string' },
        ],
      });
      await ok('POST', '/fields/gadgets', { field: 'maker', type: 'integer' });
      await ok('PATCH', '/fields/gadgets/maker', { meta: { note: 'Who made it' } });
      // A self reference: both columns made by the API, so the types match on every vendor.
      await ok('POST', '/relations', { collection: 'gadgets', field: 'maker', related_collection: 'gadgets' });
      await ok('PATCH', '/collections/gadgets', { meta: { note: 'Things' } });
      await ok('DELETE', '/fields/gadgets/maker');
      await ok('DELETE', '/collections/gadgets');

      const rows = await trail(since);
      expectFromAdmin(rows);
      const fieldIds = rows.filter((r) => r.collection === 'service_fields' && r.action === 'create').map((r) => r.item);
      const relationId = rows.find((r) => r.collection === 'service_relations')!.item;
      expect(fieldIds).toHaveLength(3);
      expect(fieldIds.every((id) => /^\d+$/.test(id))).toBe(true);
      const [idField, nameField, makerField] = fieldIds;
      expect(summary(rows)).toEqual([
        ['create', 'service_collections', 'gadgets'],
        ['create', 'service_fields', idField],
        ['create', 'service_fields', nameField],
        ['create', 'service_fields', makerField],
        ['update', 'service_fields', makerField],
        ['create', 'service_relations', relationId],
        ['update', 'service_collections', 'gadgets'],
        ['delete', 'service_relations', relationId],
        ['delete', 'service_fields', makerField],
        ['delete', 'service_fields', idField],
        ['delete', 'service_fields', nameField],
        ['delete', 'service_collections', 'gadgets'],
      ]);
      expect(revisionOf(rows[0]!).data).toMatchObject({ collection: 'gadgets', accountability: 'all' });
      expect(revisionOf(rows[4]!).delta).toEqual({ note: 'Who made it' });
      expect(revisionOf(rows[5]!).delta).toMatchObject({ many_collection: 'gadgets', many_field: 'maker', one_collection: 'gadgets' });
      expect(revisionOf(rows[6]!).delta).toEqual({ note: 'Things' });
    });

    it('a refused schema change leaves no rows', async () => {
      const before = await counts('service_collections');
      expectError(
        await admin('POST', '/collections', {
          collection: 'articles',
          fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true } }],
        }),
        400,
        'INVALID_PAYLOAD',
      );
      expectError(await admin('POST', '/fields/articles', { field: 'title', type: 'string' }), 400, 'INVALID_PAYLOAD');
      expect(await counts('service_collections')).toEqual(before);
    });
  });

  it('the CLI (`users create`, a real process) records the new user as system work', async () => {
    const since = await mark();
    const result = await runCli(t.app.config.db, ['users', 'create', '--email', 'cli-user@example.com', '--password', 'Cli-Secret-123']);
    expect(result.code, result.err).toBe(0);
    const id = /User created: (\S+)/.exec(result.out)![1]!;
    const rows = await trail(since);
    expect(summary(rows)).toEqual([['create', 'service_users', id]]);
    expect(rows[0]).toMatchObject({ user: null, ip: null, user_agent: null, origin: null });
    expect(revisionOf(rows[0]!).delta).toMatchObject({ email: 'cli-user@example.com', password: '**********' });
  }, 90_000);

  describe("a collection's accountability decides what is kept", () => {
    const setAccountability = (value: string | null) => ok('PATCH', '/collections/comments', { meta: { accountability: value } });
    const writeComment = async () => {
      const comment = await ok<Row>('POST', '/items/comments', { body: 'x' });
      await ok('PATCH', `/items/comments/${comment.id}`, { body: 'y' });
      await ok('DELETE', `/items/comments/${comment.id}`);
      return String(comment.id);
    };
    afterAll(async () => {
      await setAccountability('all');
    });

    it('all: activity and revisions', async () => {
      const since = await mark();
      const key = await writeComment();
      const rows = await trail(since);
      expect(summary(rows)).toEqual([
        ['create', 'comments', key],
        ['update', 'comments', key],
        ['delete', 'comments', key],
      ]);
      expect(rows.map((r) => r.revisions.length)).toEqual([1, 1, 0]);
    });

    it('activity: activity rows only, no revisions', async () => {
      await setAccountability('activity');
      const since = await mark();
      const key = await writeComment();
      const rows = await trail(since);
      expect(summary(rows)).toEqual([
        ['create', 'comments', key],
        ['update', 'comments', key],
        ['delete', 'comments', key],
      ]);
      expectFromAdmin(rows);
      expect(rows.every((r) => r.revisions.length === 0)).toBe(true);
    });

    it('null: nothing (the change of the setting itself is recorded on service_collections)', async () => {
      let since = await mark();
      await setAccountability(null);
      const change = await trail(since);
      expect(summary(change)).toEqual([['update', 'service_collections', 'comments']]);
      expect(revisionOf(change[0]!).delta).toEqual({ accountability: null });
      since = await mark();
      await writeComment();
      expect(await trail(since)).toEqual([]);
    });
  });

  describe('failing writes leave neither the change nor any row', () => {
    const expectNothing = async (
      response: LightMyRequestResponse,
      status: number,
      code: string,
      before: Awaited<ReturnType<typeof counts>>,
    ) => {
      expectError(response, status, code);
      expect(await counts('articles')).toEqual(before);
    };

    it('a batch whose second item violates NOT NULL', async () => {
      const before = await counts('articles');
      await expectNothing(await admin('POST', '/items/articles', [{ title: 'first' }, { title: null }]), 400, 'FAILED_VALIDATION', before);
    });

    it('a batch whose second item violates a unique constraint (the database refuses it)', async () => {
      await ok('POST', '/items/articles', { title: 'taken', slug: 'taken-slug' });
      const before = await counts('articles');
      await expectNothing(
        await admin('POST', '/items/articles', [
          { title: 'first', slug: 'fresh' },
          { title: 'second', slug: 'taken-slug' },
        ]),
        400,
        'RECORD_NOT_UNIQUE',
        before,
      );
    });

    it('a batch update that fails on one key, and a nested write that fails in a child', async () => {
      const [a, b] = await ok<Row[]>('POST', '/items/articles', [
        { title: 'a', slug: 'slug-a' },
        { title: 'b', slug: 'slug-b' },
      ]);
      const before = await counts('articles');
      await expectNothing(
        await admin('PATCH', '/items/articles', [
          { id: a!.id, rating: 1 },
          { id: b!.id, slug: 'slug-a' },
        ]),
        400,
        'RECORD_NOT_UNIQUE',
        before,
      );
      await expectNothing(
        await admin('POST', '/items/authors', { name: 'Nested', articles: [{ title: 'fine' }, { title: null }] }),
        400,
        'FAILED_VALIDATION',
        before,
      );
      expect(await countRows(t.app, 'authors', { name: 'Nested' })).toBe(0);
      expect(
        (
          await t.app
            .knex('articles')
            .where({ id: a!.id as number })
            .first()
        ).rating,
      ).toBeNull();
    });
  });

  describe('GET /revisions and /revisions/:id', () => {
    it('lists revisions with the list parameters and reads one by id; a missing id is 403', async () => {
      const created = await ok<Row>('POST', '/items/articles', { title: 'Rev' });
      await ok('PATCH', `/items/articles/${created.id}`, { title: 'Rev 2' });
      const list = (
        await admin('GET', `/revisions?filter[collection][_eq]=articles&filter[item][_eq]=${created.id}&sort=-id&meta=filter_count`)
      ).json() as { data: Revision[]; meta: Row };
      expect(list.meta.filter_count).toBe(2);
      expect(list.data.map((r) => r.delta)).toEqual([{ title: 'Rev 2' }, { title: 'Rev' }]);
      expect(Object.keys(list.data[0]!).sort()).toEqual([...REVISION_FIELDS].sort());
      expect(list.data[0]!.item).toBe(String(created.id));

      const one = dataOf<Revision & { activity: Row }>(
        await admin('GET', `/revisions/${list.data[0]!.id}?fields=*,activity.action,activity.user`),
      );
      expect(one).toMatchObject({
        id: list.data[0]!.id,
        collection: 'articles',
        item: String(created.id),
        data: { title: 'Rev 2' },
        parent: null,
        activity: { action: 'update', user: adminId },
      });
      expectError(await admin('GET', '/revisions/99999999'), 403, 'FORBIDDEN');
      expectError(await admin('GET', '/revisions/abc'), 403, 'FORBIDDEN');
    });

    it('refuses revisions to an app user, a user without app access and the public', async () => {
      const appUser = await t.userWith({ appAccess: true });
      const plain = await t.userWith({ appAccess: false });
      expectError(await t.request('GET', '/revisions', { token: appUser.token }), 403, 'FORBIDDEN');
      expectError(await t.request('GET', '/revisions', { token: plain.token }), 403, 'FORBIDDEN');
      expectError(await t.request('GET', '/revisions'), 403, 'FORBIDDEN');
    });
  });
});

/** Schema apply needs an instance whose schema was made through the API (the seeded tables have no field meta). */
describe('activity of schema apply, over HTTP and from the CLI', () => {
  let folder = '';
  beforeAll(async () => {
    t = await createTestApp();
    adminId = String((await t.app.knex('service_users').where({ email: 'admin@example.com' }).first()).id);
    folder = await mkdtemp(join(tmpdir(), 'stratum-matrix-'));
  });
  afterAll(async () => {
    await t?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** A snapshot that has `name` as a collection, made by creating it, snapshotting and dropping it again. */
  const snapshotWith = async (name: string): Promise<Row> => {
    await ok('POST', '/collections', {
      collection: name,
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'label', type: 'string' },
      ],
    });
    const snapshot = (await admin('GET', '/schema/snapshot')).json() as Row; // {data: snapshot}, as in Directus; diff takes it back as it is
    await ok('DELETE', `/collections/${name}`);
    return snapshot;
  };

  it('/schema/apply records each meta row it writes, by the user who applied', async () => {
    const snapshot = await snapshotWith('widgets');
    const diff = (await admin('POST', '/schema/diff', snapshot)).json() as Row;
    const since = await mark();
    expect((await admin('POST', '/schema/apply', diff)).statusCode).toBe(204);
    const rows = await trail(since);
    expectFromAdmin(rows);
    expect(summary(rows)).toEqual([
      ['create', 'service_collections', 'widgets'],
      ['create', 'service_fields', expect.stringMatching(/^\d+$/)],
      ['create', 'service_fields', expect.stringMatching(/^\d+$/)],
    ]);
    expect(rows.slice(1).map((row) => revisionOf(row).data!.field)).toEqual(['id', 'label']);
  });

  it('the CLI (`schema apply`) records the same rows as system work: no user, ip, user agent or origin', async () => {
    const snapshot = await snapshotWith('sprockets');
    const file = join(folder, 'sprockets.json');
    await writeFile(file, JSON.stringify(snapshot));
    let err = '';
    const io = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => ((err += text), true) },
      stdin: new PassThrough(),
      interactive: false,
      openApp: () => createApp(t.app.config),
    };
    const since = await mark();
    expect(await schemaApplyCommand(file, { yes: true }, io), err).toBe(0);
    const rows = await trail(since);
    expect(summary(rows)).toEqual([
      ['create', 'service_collections', 'sprockets'],
      ['create', 'service_fields', expect.stringMatching(/^\d+$/)],
      ['create', 'service_fields', expect.stringMatching(/^\d+$/)],
    ]);
    for (const row of rows) expect(row).toMatchObject({ user: null, ip: null, user_agent: null, origin: null });
    expect(revisionOf(rows[0]!).delta).toMatchObject({ collection: 'sprockets' });
  });
});
