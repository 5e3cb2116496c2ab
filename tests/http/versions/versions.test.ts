import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../../graphql/graphql-request.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

type Row = Record<string, unknown>;
type Person = { token: string; userId: string };

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * `/versions` (service_versions) and `?version=` reads: CRUD, save, compare, promote, relations in versioned reads,
 * the item's own rules (read-only users, field rules, presets), bad input and outdated hashes.
 */
describe('content versions', () => {
  let t: TestApp;
  let editor: Person;
  let reader: Person;
  let limited: Person;
  let outsider: Person;
  let owner: Person;
  let articleId: number;
  let otherArticleId: number;
  let authorA: number;
  let authorB: number;

  const as = (who: Person | null, method: string, url: string, body?: unknown) =>
    t.request(method, url, { token: who ? who.token : t.adminToken, body });
  const ok = async <T = Row>(who: Person | null, method: string, url: string, body?: unknown): Promise<T> => {
    const response = await as(who, method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return dataOf<T>(response);
  };
  const newVersion = (who: Person | null, key: string, item = articleId) =>
    ok(who, 'POST', '/versions', { key, name: `Version ${key}`, collection: 'articles', item });

  beforeAll(async () => {
    t = await createTestApp();
    const id = { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } };
    await ok(null, 'POST', '/collections', { collection: 'authors', fields: [id, { field: 'name', type: 'string' }] });
    await ok(null, 'POST', '/collections', {
      collection: 'articles',
      meta: { versioning: true },
      fields: [
        id,
        { field: 'title', type: 'string' },
        { field: 'body', type: 'text' },
        { field: 'status', type: 'string', schema: { default_value: 'draft' } },
        { field: 'author', type: 'integer', meta: { special: ['m2o'] } },
      ],
    });
    await ok(null, 'POST', '/relations', { collection: 'articles', field: 'author', related_collection: 'authors' });
    await ok(null, 'POST', '/collections', { collection: 'plain', fields: [id, { field: 'title', type: 'string' }] });
    await ok(null, 'POST', '/collections', {
      collection: 'home',
      meta: { singleton: true, versioning: true },
      fields: [id, { field: 'headline', type: 'string' }],
    });
    authorA = (await ok(null, 'POST', '/items/authors', { name: 'Ada' })).id as number;
    authorB = (await ok(null, 'POST', '/items/authors', { name: 'Brian' })).id as number;
    articleId = (await ok(null, 'POST', '/items/articles', { title: 'First', body: 'Text', author: authorA })).id as number;
    otherArticleId = (await ok(null, 'POST', '/items/articles', { title: 'Second', body: 'More' })).id as number;
    await ok(null, 'PATCH', '/items/home', { headline: 'Welcome' });

    const versionRules = ['create', 'read', 'update', 'delete'].map((action) => ({
      collection: 'service_versions',
      action,
      fields: ['*'],
    }));
    const readAll = [
      { collection: 'articles', action: 'read', fields: ['*'] },
      { collection: 'authors', action: 'read', fields: ['*'] },
    ];
    editor = await t.userWith({ permissions: [...versionRules, ...readAll, { collection: 'articles', action: 'update', fields: ['*'] }] });
    reader = await t.userWith({ permissions: [...versionRules, ...readAll] });
    limited = await t.userWith({
      permissions: [
        ...versionRules,
        ...readAll,
        { collection: 'articles', action: 'update', fields: ['title'], presets: { status: 'review' } },
      ],
    });
    outsider = await t.userWith({ permissions: [...readAll, { collection: 'articles', action: 'update', fields: ['*'] }] });
    // May update only the versions they made.
    owner = await t.userWith({
      permissions: [
        ...readAll,
        { collection: 'articles', action: 'update', fields: ['*'] },
        { collection: 'service_versions', action: 'create', fields: ['*'] },
        { collection: 'service_versions', action: 'read', fields: ['*'] },
        { collection: 'service_versions', action: 'update', fields: ['*'], permissions: { user_created: { _eq: '$CURRENT_USER' } } },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('CRUD', () => {
    it('creates a version of an item, remembering its hash and author, and reads it back', async () => {
      const made = await newVersion(editor, 'crud');
      expect(made).toMatchObject({
        key: 'crud',
        name: 'Version crud',
        collection: 'articles',
        item: String(articleId),
        delta: null,
        user_created: editor.userId,
      });
      expect(made.hash).toMatch(/^[0-9a-f]{40}$/);
      expect(await ok(editor, 'GET', `/versions/${String(made.id)}`)).toMatchObject({ key: 'crud' });
      const listed = await ok<Row[]>(editor, 'GET', `/versions?filter[key][_eq]=crud&fields=key,item`);
      expect(listed).toEqual([{ key: 'crud', item: String(articleId) }]);
      // Renaming, one and many; the key stays unique per item.
      expect(await ok(editor, 'PATCH', `/versions/${String(made.id)}`, { name: 'Renamed' })).toMatchObject({ name: 'Renamed' });
      const other = await newVersion(editor, 'crud-2');
      const both = await ok<Row[]>(editor, 'PATCH', '/versions', { keys: [made.id, other.id], data: { name: 'Both' } });
      expect(both.map((v) => v.name)).toEqual(['Both', 'Both']);
      expectError(await as(editor, 'PATCH', `/versions/${String(other.id)}`, { key: 'crud' }), 422, 'UNPROCESSABLE_CONTENT');
      expectError(await as(editor, 'PATCH', `/versions/${String(other.id)}`, { collection: 'plain' }), 400, 'INVALID_PAYLOAD');
      expect((await as(editor, 'DELETE', '/versions', [made.id, other.id])).statusCode).toBe(204);
      expectError(await as(editor, 'GET', `/versions/${String(made.id)}`), 403, 'FORBIDDEN');
      // Its creation, update and deletion are in the activity log.
      const activity = await ok<Row[]>(
        null,
        'GET',
        `/activity?filter[collection][_eq]=service_versions&filter[item][_eq]=${String(made.id)}&fields=action&sort=id`,
      );
      expect(activity.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
    });

    it('serves versions in the GraphQL system schema and the OpenAPI document', async () => {
      const made = await newVersion(null, 'graphql');
      const data = await gqlData<{ versions: Row[] }>(t, '{ versions(filter: {key: {_eq: "graphql"}}) { key collection item } }', {
        token: t.adminToken,
      });
      expect(data.versions).toEqual([{ key: 'graphql', collection: 'articles', item: String(articleId) }]);
      const oas = (await as(null, 'GET', '/server/specs/oas')).json() as { paths: Record<string, Row> };
      for (const path of ['/versions', '/versions/{id}', '/versions/{id}/save', '/versions/{id}/compare', '/versions/{id}/promote'])
        expect(oas.paths, path).toHaveProperty([path]);
      await as(null, 'DELETE', `/versions/${String(made.id)}`);
    });

    it('refuses bad versions: duplicate keys, the reserved key, collections without versioning, wrong types, unknown fields', async () => {
      const made = await newVersion(null, 'dup');
      expectError(
        await as(null, 'POST', '/versions', { key: 'dup', collection: 'articles', item: articleId }),
        422,
        'UNPROCESSABLE_CONTENT',
      );
      expectError(await as(null, 'POST', '/versions', { key: 'main', collection: 'articles', item: articleId }), 400, 'INVALID_PAYLOAD');
      expectError(await as(null, 'POST', '/versions', { key: 'x', collection: 'plain', item: 1 }), 422, 'UNPROCESSABLE_CONTENT');
      expectError(await as(null, 'POST', '/versions', { key: 5, collection: 'articles', item: articleId }), 400, 'INVALID_PAYLOAD');
      expectError(await as(null, 'POST', '/versions', { key: 'x', collection: 'articles' }), 400, 'INVALID_PAYLOAD');
      expectError(await as(null, 'POST', '/versions', { key: 'x', collection: 'articles', item: { id: 1 } }), 400, 'INVALID_PAYLOAD');
      expectError(
        await as(null, 'POST', '/versions', { key: 'x', collection: 'articles', item: articleId, delta: {} }),
        400,
        'INVALID_PAYLOAD',
      );
      expectError(await as(null, 'POST', '/versions', { key: 'x', collection: 'articles', item: 999999 }), 403, 'FORBIDDEN');
      expectError(await as(null, 'POST', '/versions', { key: 'x', collection: 'service_users', item: UNKNOWN }), 403, 'FORBIDDEN');
      expectError(await as(null, 'POST', '/versions', { key: 'x', collection: 'nope', item: 1 }), 403, 'FORBIDDEN');
      expectError(await as(null, 'POST', '/versions', 'text'), 400, 'INVALID_PAYLOAD');
      await as(null, 'DELETE', `/versions/${String(made.id)}`);
    });
  });

  it("drops a collection's versions with the collection", async () => {
    await ok(null, 'POST', '/collections', {
      collection: 'scratch',
      meta: { versioning: true },
      fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
    });
    const item = await ok(null, 'POST', '/items/scratch', {});
    await ok(null, 'POST', '/versions', { key: 'gone', collection: 'scratch', item: item.id });
    expect((await as(null, 'DELETE', '/collections/scratch')).statusCode).toBe(204);
    expect(await ok(null, 'GET', '/versions?filter[collection][_eq]=scratch')).toEqual([]);
  });

  describe('save, compare, versioned reads and promote', () => {
    it('saves changes into the version (merged), leaving the item as it is, and records version_save', async () => {
      const version = await newVersion(editor, 'save');
      const first = await ok(editor, 'POST', `/versions/${String(version.id)}/save`, { title: 'Draft title' });
      expect(first).toMatchObject({ id: articleId, title: 'Draft title', body: 'Text', author: authorA });
      const second = await ok(editor, 'POST', `/versions/${String(version.id)}/save`, { body: 'Draft body' });
      expect(second).toMatchObject({ title: 'Draft title', body: 'Draft body' });
      expect((await ok(editor, 'GET', `/versions/${String(version.id)}`)).delta).toEqual({ title: 'Draft title', body: 'Draft body' });
      expect(await ok(editor, 'GET', `/items/articles/${articleId}?fields=title,body`)).toEqual({ title: 'First', body: 'Text' });
      const saves = await ok<Row[]>(
        null,
        'GET',
        `/activity?filter[action][_eq]=version_save&filter[item][_eq]=${articleId}&fields=collection,user`,
      );
      expect(saves).toEqual([
        { collection: 'articles', user: editor.userId },
        { collection: 'articles', user: editor.userId },
      ]);

      const compared = await ok(editor, 'GET', `/versions/${String(version.id)}/compare`);
      expect(compared).toMatchObject({ outdated: false, mainHash: version.hash, current: { title: 'Draft title', body: 'Draft body' } });
      expect(compared.main).toMatchObject({ id: articleId, title: 'First', body: 'Text' });
      await as(null, 'DELETE', `/versions/${String(version.id)}`);
    });

    it('reads an item as a version has it, relations included, without changing anything', async () => {
      const version = await newVersion(null, 'read');
      await ok(null, 'POST', `/versions/${String(version.id)}/save`, { title: 'Versioned', author: authorB });
      const read = await ok(reader, 'GET', `/items/articles/${articleId}?version=read&fields=title,author.name`);
      expect(read).toEqual({ title: 'Versioned', author: { name: 'Brian' } });
      // The same through GraphQL's `version` argument.
      const viaGraphql = await gqlData<{ articles_by_id: Row }>(
        t,
        `{ articles_by_id(id: ${articleId}, version: "read") { title author { name } } }`,
        { token: reader.token, scope: 'items' },
      );
      expect(viaGraphql.articles_by_id).toEqual({ title: 'Versioned', author: { name: 'Brian' } });
      // A nested change: a new author exists only in the version.
      await ok(null, 'POST', `/versions/${String(version.id)}/save`, { author: { name: 'Carmen' } });
      expect(await ok(reader, 'GET', `/items/articles/${articleId}?version=read&fields=author.name`)).toEqual({
        author: { name: 'Carmen' },
      });
      const authors = await ok<Row[]>(null, 'GET', '/items/authors?fields=name&sort=id');
      expect(authors.map((a) => a.name)).toEqual(['Ada', 'Brian']);
      // `main`, or no version, is the item itself.
      expect(await ok(reader, 'GET', `/items/articles/${articleId}?version=main&fields=title,author.name`)).toEqual({
        title: 'First',
        author: { name: 'Ada' },
      });
      const updates = await ok<Row[]>(null, 'GET', `/activity?filter[collection][_eq]=articles&filter[action][_eq]=update&fields=id`);
      expect(updates).toEqual([]);
      // Unknown versions, and versions of other items, are not there.
      expectError(await as(reader, 'GET', `/items/articles/${articleId}?version=nope`), 403, 'FORBIDDEN');
      expectError(await as(reader, 'GET', `/items/articles/${otherArticleId}?version=read`), 403, 'FORBIDDEN');
      expectError(await as(reader, 'GET', `/items/articles/${articleId}?version[]=read`), 400, 'INVALID_QUERY');
      // Without read on versions, no versioned read.
      expectError(await as(outsider, 'GET', `/items/articles/${articleId}?version=read`), 403, 'FORBIDDEN');
      await as(null, 'DELETE', `/versions/${String(version.id)}`);
    });

    it('reads a singleton as its version has it', async () => {
      const home = await ok(null, 'GET', '/items/home?fields=id');
      const version = await ok(null, 'POST', '/versions', { key: 'next', collection: 'home', item: home.id });
      await ok(null, 'POST', `/versions/${String(version.id)}/save`, { headline: 'Coming soon' });
      expect(await ok(null, 'GET', '/items/home?version=next&fields=headline')).toEqual({ headline: 'Coming soon' });
      expect(await ok(null, 'GET', '/items/home?fields=headline')).toEqual({ headline: 'Welcome' });
      const viaGraphql = await gqlData<{ home: Row }>(t, '{ home(version: "next") { headline } }', { token: t.adminToken, scope: 'items' });
      expect(viaGraphql.home).toEqual({ headline: 'Coming soon' });
      await as(null, 'DELETE', `/versions/${String(version.id)}`);
    });

    it('promotes a version (or some of its fields) through the normal write path; the version stays', async () => {
      const version = await newVersion(editor, 'promote');
      await ok(editor, 'POST', `/versions/${String(version.id)}/save`, { title: 'Promoted', body: 'Not this' });
      const { mainHash } = await ok<{ mainHash: string }>(editor, 'GET', `/versions/${String(version.id)}/compare`);
      const key = await ok(editor, 'POST', `/versions/${String(version.id)}/promote`, { mainHash, fields: ['title'] });
      expect(key).toBe(articleId);
      expect(await ok(editor, 'GET', `/items/articles/${articleId}?fields=title,body`)).toEqual({ title: 'Promoted', body: 'Text' });
      const updates = await ok<Row[]>(
        null,
        'GET',
        `/activity?filter[collection][_eq]=articles&filter[action][_eq]=update&filter[item][_eq]=${articleId}&fields=user,revisions.delta`,
      );
      expect(updates).toEqual([{ user: editor.userId, revisions: [{ delta: { title: 'Promoted' } }] }]);
      expect(await ok(editor, 'GET', `/versions/${String(version.id)}?fields=key`)).toEqual({ key: 'promote' });
      await as(null, 'DELETE', `/versions/${String(version.id)}`);
    });

    it('tells an outdated version, and refuses to promote it over a changed item', async () => {
      const version = await newVersion(null, 'outdated', otherArticleId);
      await ok(null, 'POST', `/versions/${String(version.id)}/save`, { title: 'From the version' });
      await ok(null, 'PATCH', `/items/articles/${otherArticleId}`, { body: 'Changed meanwhile' });
      const compared = await ok(null, 'GET', `/versions/${String(version.id)}/compare`);
      expect(compared.outdated).toBe(true);
      expect(compared.mainHash).not.toBe(version.hash);
      const refused = await as(null, 'POST', `/versions/${String(version.id)}/promote`, { mainHash: version.hash });
      expectError(refused, 422, 'UNPROCESSABLE_CONTENT');
      expect((refused.json() as { errors: { extensions: Row }[] }).errors[0]!.extensions.mainHash).toBe(compared.mainHash);
      expect(await ok(null, 'GET', `/items/articles/${otherArticleId}?fields=title`)).toEqual({ title: 'Second' });
      // With the current hash, it goes through.
      expect(await ok(null, 'POST', `/versions/${String(version.id)}/promote`, { mainHash: compared.mainHash })).toBe(otherArticleId);
      expect(await ok(null, 'GET', `/items/articles/${otherArticleId}?fields=title,body`)).toEqual({
        title: 'From the version',
        body: 'Changed meanwhile',
      });
      await as(null, 'DELETE', `/versions/${String(version.id)}`);
    });
  });

  describe('permissions', () => {
    it('keeps a user who may only read the item from creating, saving or promoting', async () => {
      expectError(await as(reader, 'POST', '/versions', { key: 'r', collection: 'articles', item: articleId }), 403, 'FORBIDDEN');
      const version = await newVersion(null, 'perm');
      await ok(null, 'POST', `/versions/${String(version.id)}/save`, { title: 'Admin draft' });
      expectError(await as(reader, 'POST', `/versions/${String(version.id)}/save`, { title: 'Mine' }), 403, 'FORBIDDEN');
      const { mainHash } = await ok<{ mainHash: string }>(null, 'GET', `/versions/${String(version.id)}/compare`);
      expectError(await as(reader, 'POST', `/versions/${String(version.id)}/promote`, { mainHash }), 403, 'FORBIDDEN');
      // Reading and comparing need read on the item.
      expect((await ok(reader, 'GET', `/versions/${String(version.id)}/compare`)).current).toEqual({ title: 'Admin draft' });
      // No rule on versions at all, or no token: no versions.
      expectError(await as(outsider, 'GET', '/versions'), 403, 'FORBIDDEN');
      expectError(await as(outsider, 'POST', `/versions/${String(version.id)}/save`, { title: 'x' }), 403, 'FORBIDDEN');
      expectError(await as(outsider, 'GET', `/versions/${String(version.id)}/compare`), 403, 'FORBIDDEN');
      expectError(await t.request('POST', `/versions/${String(version.id)}/promote`, { body: { mainHash } }), 403, 'FORBIDDEN');
      expect((await ok(null, 'GET', `/versions/${String(version.id)}`)).delta).toEqual({ title: 'Admin draft' });
      await as(null, 'DELETE', `/versions/${String(version.id)}`);
    });

    it("holds a version's changes to the fields the user may update, and applies the rule's presets on promote", async () => {
      const version = await newVersion(limited, 'fields');
      expectError(await as(limited, 'POST', `/versions/${String(version.id)}/save`, { body: 'Not mine' }), 403, 'FORBIDDEN');
      expectError(await as(limited, 'POST', `/versions/${String(version.id)}/save`, { nonsense: 1 }), 403, 'FORBIDDEN');
      await ok(limited, 'POST', `/versions/${String(version.id)}/save`, { title: 'Limited title' });
      const { mainHash } = await ok<{ mainHash: string }>(limited, 'GET', `/versions/${String(version.id)}/compare`);
      expect(await ok(limited, 'POST', `/versions/${String(version.id)}/promote`, { mainHash })).toBe(articleId);
      expect(await ok(null, 'GET', `/items/articles/${articleId}?fields=title,status`)).toEqual({
        title: 'Limited title',
        status: 'review',
      });
      await as(null, 'DELETE', `/versions/${String(version.id)}`);
    });
  });

  it('keeps a user to the versions their rules on versions let them update', async () => {
    const others = await newVersion(null, 'not-owners');
    const own = await newVersion(owner, 'owners');
    expectError(await as(owner, 'POST', `/versions/${String(others.id)}/save`, { title: 'Mine now' }), 403, 'FORBIDDEN');
    expect((await ok(owner, 'POST', `/versions/${String(own.id)}/save`, { title: 'Mine' })).title).toBe('Mine');
    expect((await ok(null, 'GET', `/versions/${String(others.id)}`)).delta).toBeNull();
    await as(null, 'DELETE', '/versions', [others.id, own.id]);
  });

  describe('bad input', () => {
    it('answers 400 or 403 with the error envelope, never 500', async () => {
      const version = await newVersion(null, 'bad');
      const id = String(version.id);
      expectError(await as(null, 'POST', `/versions/${id}/save`, ['title']), 400, 'INVALID_PAYLOAD');
      expectError(await as(null, 'POST', `/versions/${id}/save`, { nonsense: 1 }), 400, 'INVALID_PAYLOAD');
      expectError(await as(null, 'POST', `/versions/${id}/save`, { id: otherArticleId }), 400, 'INVALID_PAYLOAD');
      expectError(await as(null, 'POST', `/versions/${id}/promote`, { fields: 'title' }), 400, 'INVALID_PAYLOAD');
      expectError(await as(null, 'POST', `/versions/${id}/promote`, { mainHash: 5 }), 400, 'INVALID_PAYLOAD');
      expectError(await as(null, 'POST', `/versions/${id}/promote`, []), 400, 'INVALID_PAYLOAD');
      // mainHash is required (Directus); a version without changes has nothing to promote.
      expectError(await as(null, 'POST', `/versions/${id}/promote`, {}), 400, 'INVALID_PAYLOAD');
      const { mainHash } = await ok<{ mainHash: string }>(null, 'GET', `/versions/${id}/compare`);
      expectError(await as(null, 'POST', `/versions/${id}/promote`, { mainHash }), 422, 'UNPROCESSABLE_CONTENT');
      for (const path of ['not-a-uuid', UNKNOWN]) {
        expectError(await as(null, 'POST', `/versions/${path}/save`, { title: 'x' }), 403, 'FORBIDDEN');
        expectError(await as(null, 'GET', `/versions/${path}/compare`), 403, 'FORBIDDEN');
        expectError(await as(null, 'POST', `/versions/${path}/promote`, { mainHash: 'x' }), 403, 'FORBIDDEN');
      }
      await as(null, 'DELETE', `/versions/${id}`);
    });
  });
});
