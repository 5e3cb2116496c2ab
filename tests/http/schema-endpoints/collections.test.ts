import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, metaRows, ok, tableExists, type Json } from './schema-helpers.js';

const EVERY_TYPE = [
  { field: 'a_string', type: 'string' },
  { field: 'a_text', type: 'text' },
  { field: 'an_integer', type: 'integer' },
  { field: 'a_big_integer', type: 'bigInteger' },
  { field: 'a_float', type: 'float' },
  { field: 'a_decimal', type: 'decimal', schema: { numeric_precision: 10, numeric_scale: 2 } },
  { field: 'a_boolean', type: 'boolean', schema: { default_value: false, is_nullable: false } },
  { field: 'a_json', type: 'json' },
  { field: 'a_csv', type: 'csv' },
  { field: 'a_uuid', type: 'uuid' },
  { field: 'a_hash', type: 'hash' },
  { field: 'a_date', type: 'date' },
  { field: 'a_date_time', type: 'dateTime' },
  { field: 'a_time', type: 'time' },
  { field: 'a_timestamp', type: 'timestamp', schema: { default_value: 'CURRENT_TIMESTAMP' } },
  { field: 'a_binary', type: 'binary' },
  { field: 'a_group', type: 'alias', meta: { special: ['group'], interface: 'group-raw' } },
];

const FIELD_SCHEMA_KEYS = [
  'name',
  'table',
  'data_type',
  'default_value',
  'max_length',
  'numeric_precision',
  'numeric_scale',
  'is_nullable',
  'is_unique',
  'is_indexed',
  'is_primary_key',
  'is_generated',
  'generation_expression',
  'has_auto_increment',
  'foreign_key_table',
  'foreign_key_column',
];

const FIELD_META_KEYS = [
  'id',
  'collection',
  'field',
  'special',
  'interface',
  'options',
  'display',
  'display_options',
  'readonly',
  'hidden',
  'sort',
  'width',
  'translations',
  'note',
  'conditions',
  'required',
  'group',
  'validation',
  'validation_message',
  'searchable',
];

describe('/collections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a collection with a field of every type and answers it as GET does', async () => {
    const created = await call(t, 'POST', '/collections', {
      collection: 'everything',
      meta: { icon: 'box', note: 'All types' },
      fields: EVERY_TYPE,
    });
    expect(created.status).toBe(200);
    expect(created.data).toEqual({
      collection: 'everything',
      meta: expect.objectContaining({
        collection: 'everything',
        icon: 'box',
        note: 'All types',
        accountability: 'all',
        hidden: false,
        singleton: false,
        collapse: 'open',
      }),
      schema: { name: 'everything' },
    });
    expect(await ok(t, 'GET', '/collections/everything')).toEqual(created.data);
  });

  it('reads every field back with its exact type and the Directus shapes', async () => {
    const fields = (await ok(t, 'GET', '/fields/everything')) as Json[];
    const byName = new Map(fields.map((f: Json) => [f.field, f]));
    expect(fields[0].field).toBe('id');
    const id = byName.get('id');
    expect(id.type).toBe('integer');
    expect(id.schema).toMatchObject({ is_primary_key: true, has_auto_increment: true, is_nullable: false });
    for (const spec of EVERY_TYPE) {
      const field = byName.get(spec.field);
      expect(field, spec.field).toBeDefined();
      expect([spec.field, field.type]).toEqual([spec.field, spec.type]);
      expect(Object.keys(field)).toEqual(['collection', 'field', 'type', 'meta', 'schema']);
      expect(Object.keys(field.meta)).toEqual(FIELD_META_KEYS);
      if (spec.type === 'alias') expect(field.schema).toBeNull();
      else expect(Object.keys(field.schema)).toEqual(FIELD_SCHEMA_KEYS);
    }
    expect(byName.get('a_csv').meta.special).toContain('cast-csv');
    expect(byName.get('a_hash').meta.special).toContain('hash');
    expect(byName.get('a_group').meta.special).toEqual(['group']);
    expect(byName.get('a_decimal').schema).toMatchObject({ numeric_precision: 10, numeric_scale: 2 });
    expect(byName.get('a_string').schema).toMatchObject({ max_length: 255, is_nullable: true, table: 'everything', name: 'a_string' });
    expect(byName.get('a_boolean').schema).toMatchObject({ default_value: false, is_nullable: false });
    expect(byName.get('a_timestamp').schema.default_value).toBe('CURRENT_TIMESTAMP');
    expect(await ok(t, 'GET', '/fields/everything/a_json')).toEqual(byName.get('a_json'));
  });

  it('serves items of the new collection at once (the schema overview is refreshed)', async () => {
    const uuid = randomUUID();
    const item = {
      a_string: 'hello',
      a_text: 'a longer text',
      an_integer: 42,
      a_big_integer: 1234567890123,
      a_float: 1.5,
      a_decimal: 12.5,
      a_boolean: true,
      a_json: { list: [1, 2], nested: { ok: true } },
      a_csv: ['x', 'y'],
      a_uuid: uuid,
      a_hash: 'secret-value',
      a_date: '2024-02-29',
      a_date_time: '2024-02-29T13:45:00',
      a_time: '13:45:00',
      a_timestamp: '2024-02-29T13:45:00.000Z',
    };
    const created = await ok(t, 'POST', '/items/everything', item);
    const read = await ok(t, 'GET', `/items/everything/${created.id}`);
    const { a_hash: hash, a_decimal: decimal, ...rest } = item;
    expect(read).toMatchObject(rest);
    expect(Number(read.a_decimal)).toBe(decimal);
    expect(read.a_hash).not.toBe(hash);
    expect(read).not.toHaveProperty('a_group');

    const defaults = await ok(t, 'POST', '/items/everything', {});
    expect(defaults.a_boolean).toBe(false);
    expect(typeof defaults.a_timestamp).toBe('string');
    const filtered = await ok(t, 'GET', '/items/everything?filter[a_csv][_contains]=y&fields=id');
    expect(filtered).toEqual([{ id: created.id }]);
  });

  it('lists system collections with their code meta, and tables without a meta row with meta null', async () => {
    await ok(t, 'POST', '/collections', { collection: 'bare', meta: null, fields: [{ field: 'name', type: 'string', meta: null }] });
    const list = (await ok(t, 'GET', '/collections')) as Json[];
    const names = list.map((c: Json) => c.collection);
    expect(names).toEqual([...names].sort());
    expect(list.find((c: Json) => c.collection === 'service_users')).toMatchObject({
      meta: { system: true, accountability: 'all' },
      schema: { name: 'service_users' },
    });
    expect(list.find((c: Json) => c.collection === 'bare')).toEqual({ collection: 'bare', meta: null, schema: { name: 'bare' } });
    const bareFields = (await ok(t, 'GET', '/fields/bare')) as Json[];
    expect(bareFields.find((f: Json) => f.field === 'name').meta).toBeNull();
    const userFields = (await ok(t, 'GET', '/fields/service_users')) as Json[];
    expect(userFields.find((f: Json) => f.field === 'password')).toMatchObject({
      type: 'hash',
      meta: { special: ['hash', 'conceal'], system: true },
    });
  });

  it('updates the meta with PATCH, and creates the row for a table that had none', async () => {
    const updated = await ok(t, 'PATCH', '/collections/everything', { meta: { note: 'Changed', hidden: true } });
    expect(updated.meta).toMatchObject({ note: 'Changed', hidden: true, icon: 'box' });
    const created = await ok(t, 'PATCH', '/collections/bare', { meta: { icon: 'star' } });
    expect(created.meta).toMatchObject({ collection: 'bare', icon: 'star', accountability: 'all' });
    const activity = await ok(t, 'GET', '/activity?filter[collection][_eq]=service_collections&fields=action,item&sort=id');
    expect(activity).toEqual(
      expect.arrayContaining([
        { action: 'create', item: 'everything' },
        { action: 'update', item: 'everything' },
      ]),
    );
  });

  it('creates folders (schema null) and several collections at once', async () => {
    const folder = await ok(t, 'POST', '/collections', { collection: 'content', schema: null, meta: { icon: 'folder' } });
    expect(folder).toMatchObject({ collection: 'content', schema: null, meta: { icon: 'folder' } });
    expect(await tableExists(t, 'content')).toBe(false);
    const many = await ok(t, 'POST', '/collections', [
      { collection: 'pages', meta: { group: 'content' } },
      { collection: 'posts', meta: { group: 'content' }, fields: [{ field: 'id', type: 'uuid', schema: { is_primary_key: true } }] },
    ]);
    expect(many.map((c: Json) => c.collection)).toEqual(['pages', 'posts']);
    const postsId = await ok(t, 'GET', '/fields/posts/id');
    expect(postsId).toMatchObject({ type: 'uuid', schema: { is_primary_key: true, has_auto_increment: false } });
    const post = await ok(t, 'POST', '/items/posts', {});
    expect(post.id).toMatch(/^[0-9a-f-]{36}$/);

    await ok(t, 'DELETE', '/collections/content', undefined, 204);
    expect((await ok(t, 'GET', '/collections/pages')).meta.group).toBeNull();
  });

  it('deletes a collection: table, meta rows and permission rules', async () => {
    await ok(t, 'POST', '/collections', { collection: 'doomed', fields: [{ field: 'title', type: 'string' }] });
    const policy = await ok(t, 'POST', '/policies', { name: 'Doomed readers' });
    await ok(t, 'POST', '/permissions', { policy: policy.id, collection: 'doomed', action: 'read', fields: ['*'] });

    await ok(t, 'DELETE', '/collections/doomed', undefined, 204);
    expect(await tableExists(t, 'doomed')).toBe(false);
    expect(await metaRows(t, 'service_collections', { collection: 'doomed' })).toEqual([]);
    expect(await metaRows(t, 'service_fields', { collection: 'doomed' })).toEqual([]);
    expect(await t.app.knex('service_permissions').where({ collection: 'doomed' })).toEqual([]);
    expect((await call(t, 'GET', '/collections/doomed')).status).toBe(403);
    expect((await call(t, 'GET', '/items/doomed')).status).toBe(403);
    expect((await call(t, 'DELETE', '/collections/doomed')).code).toBe('FORBIDDEN');
  });
});
