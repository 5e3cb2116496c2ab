import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, metaRows, ok, tableExists, type Json } from './schema-helpers.js';

describe('schema endpoints: who may do what', () => {
  let t: TestApp;
  let plain: string;
  let appUser: string;
  beforeAll(async () => {
    t = await createTestApp();
    await ok(t, 'POST', '/collections', {
      collection: 'notes',
      fields: [
        { field: 'text', type: 'string' },
        { field: 'owner', type: 'integer' },
      ],
    });
    await ok(t, 'POST', '/collections', { collection: 'owners', fields: [{ field: 'name', type: 'string' }] });
    await ok(t, 'POST', '/collections', { collection: 'secrets', fields: [{ field: 'code', type: 'string' }] });
    await ok(t, 'POST', '/relations', { collection: 'notes', field: 'owner', related_collection: 'owners' });
    plain = (await t.userWith({})).token;
    appUser = (
      await t.userWith({
        appAccess: true,
        permissions: [
          { collection: 'notes', action: 'read', fields: ['id', 'text'] },
          { collection: 'owners', action: 'read', fields: ['*'] },
        ],
      })
    ).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const writes: [string, string, unknown][] = [
    ['POST', '/collections', { collection: 'intruder' }],
    ['PATCH', '/collections/notes', { meta: { note: 'x' } }],
    ['DELETE', '/collections/notes', undefined],
    ['POST', '/fields/notes', { field: 'x', type: 'string' }],
    ['PATCH', '/fields/notes/text', { meta: { note: 'x' } }],
    ['DELETE', '/fields/notes/text', undefined],
    ['POST', '/relations', { collection: 'secrets', field: 'code', related_collection: 'owners' }],
    ['PATCH', '/relations/notes/owner', { meta: { one_field: 'notes' } }],
    ['DELETE', '/relations/notes/owner', undefined],
  ];
  const reads = [
    '/collections',
    '/collections/notes',
    '/fields',
    '/fields/notes',
    '/fields/notes/text',
    '/relations',
    '/relations/notes',
    '/relations/notes/owner',
  ];

  it('refuses every read and write to an anonymous caller with 403', async () => {
    for (const url of reads) expect([url, (await call(t, 'GET', url, undefined, null)).code]).toEqual([url, 'FORBIDDEN']);
    for (const [method, url, body] of writes)
      expect([method, url, (await call(t, method, url, body, null)).status]).toEqual([method, url, 403]);
  });

  it('refuses a user without app access or schema permissions with 403', async () => {
    for (const url of reads) expect([url, (await call(t, 'GET', url, undefined, plain)).status]).toEqual([url, 403]);
    for (const [method, url, body] of writes)
      expect([method, url, (await call(t, method, url, body, plain)).status]).toEqual([method, url, 403]);
    expect(await tableExists(t, 'intruder')).toBe(false);
    expect(await t.app.knex.schema.hasColumn('notes', 'text')).toBe(true);
  });

  it('shows an app user only the collections, fields and relations they may read, and no writes', async () => {
    const collections = ((await ok2(t, 'GET', '/collections', appUser)) as Json[]).map((c: Json) => c.collection);
    expect(collections).toEqual(expect.arrayContaining(['notes', 'owners']));
    expect(collections).not.toContain('secrets');
    expect((await call(t, 'GET', '/collections/secrets', undefined, appUser)).status).toBe(403);
    const fields = ((await ok2(t, 'GET', '/fields/notes', appUser)) as Json[]).map((f: Json) => f.field);
    expect(fields).toEqual(['id', 'text']);
    expect((await call(t, 'GET', '/fields/secrets', undefined, appUser)).status).toBe(403);
    expect((await call(t, 'GET', '/fields/notes/owner', undefined, appUser)).status).toBe(403);
    const relations = ((await ok2(t, 'GET', '/relations', appUser)) as Json[]).map((r: Json) => `${r.collection}.${r.field}`);
    expect(relations).toContain('notes.owner');
    for (const [method, url, body] of writes)
      expect([method, url, (await call(t, method, url, body, appUser)).status]).toEqual([method, url, 403]);
  });

  it('lets holders of create permission on service_collections and service_fields create collections', async () => {
    const builder = (
      await t.userWith({
        permissions: [
          { collection: 'service_collections', action: 'create', fields: ['*'] },
          { collection: 'service_fields', action: 'create', fields: ['*'] },
        ],
      })
    ).token;
    const answer = await call(t, 'POST', '/collections', { collection: 'built', fields: [{ field: 'name', type: 'string' }] }, builder);
    expect(answer.status).toBe(204);
    expect((await ok(t, 'GET', '/collections/built')).collection).toBe('built');
    expect((await call(t, 'DELETE', '/collections/built', undefined, builder)).status).toBe(403);
  });

  it('rolls everything back when a meta row is refused after the table was made', async () => {
    const limited = (
      await t.userWith({
        permissions: [
          { collection: 'service_collections', action: 'create', fields: ['*'] },
          { collection: 'service_fields', action: 'create', fields: ['collection', 'field'] },
        ],
      })
    ).token;
    const answer = await call(
      t,
      'POST',
      '/collections',
      { collection: 'half', fields: [{ field: 'name', type: 'string', meta: { note: 'not allowed' } }] },
      limited,
    );
    expect([answer.status, answer.code]).toEqual([403, 'FORBIDDEN']);
    expect(await tableExists(t, 'half')).toBe(false);
    expect(await metaRows(t, 'service_collections', { collection: 'half' })).toEqual([]);
    expect(await metaRows(t, 'service_fields', { collection: 'half' })).toEqual([]);
  });
});

describe('schema endpoints: bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ok(t, 'POST', '/collections', { collection: 'existing', fields: [{ field: 'title', type: 'string' }] });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    { name: 'a hostile name', body: { collection: 'x; drop table existing' }, reason: /invalid/ },
    { name: 'a quoted name', body: { collection: 'a"b' }, reason: /invalid/ },
    { name: 'a name starting with a digit', body: { collection: '1st' }, reason: /invalid/ },
    { name: 'a name that is too long', body: { collection: 'c'.repeat(65) }, reason: /at most 64/ },
    { name: 'the system prefix', body: { collection: 'service_mine' }, reason: /reserved/ },
    { name: 'no name', body: { fields: [] }, reason: /required/ },
    { name: 'an existing name', body: { collection: 'existing' }, reason: /already exists/ },
    { name: 'an existing name in other case', body: { collection: 'EXISTING' }, reason: /already exists/ },
    {
      name: 'an unknown field type',
      body: { collection: 'fresh', fields: [{ field: 'a', type: 'money' }] },
      reason: /not a valid field type/,
    },
    {
      name: 'a hostile field name',
      body: { collection: 'fresh', fields: [{ field: 'a) ; drop table existing; --', type: 'string' }] },
      reason: /invalid/,
    },
    { name: 'fields that are not a list', body: { collection: 'fresh', fields: { a: 'string' } }, reason: /array/ },
    { name: 'an unknown meta property', body: { collection: 'fresh', meta: { colour: 'red' } }, reason: /not a property/ },
    {
      name: 'a bad field default',
      body: { collection: 'fresh', fields: [{ field: 'n', type: 'integer', schema: { default_value: 'x' } }] },
      reason: /integer/,
    },
  ])('answers POST /collections with $name by 400, creating nothing', async ({ body, reason }) => {
    const before = await t.app.dialect.listTables(t.app.knex);
    const answer = await call(t, 'POST', '/collections', body);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('INVALID_PAYLOAD');
    expect(answer.body.errors[0].extensions.reason).toMatch(reason);
    expect(await t.app.dialect.listTables(t.app.knex)).toEqual(before);
    expect(await metaRows(t, 'service_collections', { collection: 'fresh' })).toEqual([]);
  });

  it('answers unknown collections, fields and relations with 403 and bad bodies with 400', async () => {
    expect((await call(t, 'GET', '/collections/nothing')).code).toBe('FORBIDDEN');
    expect((await call(t, 'PATCH', '/collections/nothing', { meta: { note: 'x' } })).code).toBe('FORBIDDEN');
    expect((await call(t, 'DELETE', '/collections/nothing')).code).toBe('FORBIDDEN');
    expect((await call(t, 'GET', '/collections/x%3B%20drop%20table%20existing')).code).toBe('FORBIDDEN');
    expect((await call(t, 'PATCH', '/collections/existing', { meta: 'x' })).code).toBe('INVALID_PAYLOAD');
    expect((await call(t, 'PATCH', '/collections/existing', { meta: { hidden: 'maybe' } })).code).toBe('INVALID_PAYLOAD');
    expect((await call(t, 'PATCH', '/collections/service_users', { meta: { note: 'x' } })).code).toBe('INVALID_PAYLOAD');
    expect((await call(t, 'DELETE', '/collections/service_users')).code).toBe('INVALID_PAYLOAD');
    expect((await call(t, 'POST', '/collections', 'not json at all')).status).toBe(400);
    expect((await call(t, 'POST', '/collections', [])).code).toBe('INVALID_PAYLOAD');
    expect((await call(t, 'GET', '/relations/nothing/field')).code).toBe('FORBIDDEN');
    expect((await call(t, 'PATCH', '/relations/existing/title', { meta: {} })).code).toBe('FORBIDDEN');
    expect((await call(t, 'POST', '/relations', { collection: 'existing', field: 'title' })).code).toBe('INVALID_PAYLOAD');
    expect(await tableExists(t, 'existing')).toBe(true);
  });

  it('creates nothing when one collection of a batch fails', async () => {
    const answer = await call(t, 'POST', '/collections', [{ collection: 'first_ok' }, { collection: 'existing' }]);
    expect(answer.status).toBe(400);
    expect(await metaRows(t, 'service_collections', { collection: 'first_ok' })).toEqual([]);
    expect(await tableExists(t, 'first_ok')).toBe(false);
    const twice = await call(t, 'POST', '/collections', [{ collection: 'dup' }, { collection: 'DUP' }]);
    expect([twice.status, twice.code]).toEqual([400, 'INVALID_PAYLOAD']);
  });
});

/** GET as another user, failing with the body when it is not a 200. */
async function ok2(t: TestApp, method: string, url: string, token: string): Promise<Json> {
  const answer = await call(t, method, url, undefined, token);
  if (answer.status !== 200) throw new Error(`${method} ${url} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.data;
}
