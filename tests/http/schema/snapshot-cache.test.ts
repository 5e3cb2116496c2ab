import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, ok, snapshotOf, type Json } from './schema-test-helpers.js';

/**
 * The snapshot is cached by the schema version stored in the database (decision 0010): every change through
 * Stratum, in this process or another one on the same database, is in the next snapshot and diff.
 */

let t: TestApp;
/** A second app on the same database: another process (its own pool, schema store and caches). */
let other: App;

async function otherCall(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const response = await other.server.inject({
    method,
    url,
    headers: { authorization: `Bearer ${t.adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, text: response.body };
}

async function otherOk(method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, status = 200): Promise<void> {
  const answer = await otherCall(method, url, body);
  if (answer.status !== status) throw new Error(`${method} ${url} on the other app → ${answer.status} ${answer.text}`);
}

async function version(): Promise<number> {
  const row = (await t.app.knex('service_schema_version').where({ id: 1 }).first('version')) as { version: unknown };
  return Number(row.version);
}

function field(snapshot: Json, collection: string, name: string): Json {
  return snapshot.fields.find((f: Json) => f.collection === collection && f.field === name);
}

/** Both apps answer the same snapshot, and a diff of it against this app finds nothing. */
async function expectInSync(): Promise<Json> {
  const mine = await snapshotOf(t);
  const theirs = await otherCall('GET', '/schema/snapshot');
  expect(theirs.status).toBe(200);
  expect(mine.text).toBe(theirs.text);
  expect((await call(t, 'POST', '/schema/diff', mine.json)).status).toBe(204);
  return mine.json;
}

beforeAll(async () => {
  t = await createTestApp();
  other = await createApp(t.app.config);
  await ok(t, 'POST', '/collections', {
    collection: 'notes',
    meta: { icon: 'note', note: 'Notes' },
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string', meta: { note: 'first' }, schema: { max_length: 80 } },
    ],
  });
  await ok(t, 'POST', '/collections', {
    collection: 'people',
    fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
  });
});

afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('the cached snapshot', () => {
  it('answers the same bytes while nothing changes, and the version stays the same', async () => {
    const before = await version();
    const first = await snapshotOf(t);
    const second = await snapshotOf(t);
    expect(second.text).toBe(first.text);
    expect(await version()).toBe(before);
  });

  it('is refused to non-administrators like the fresh one', async () => {
    await snapshotOf(t);
    const { token } = await t.userWith({ permissions: [{ collection: 'notes', action: 'read', fields: ['*'] }] });
    const answer = await call(t, 'GET', '/schema/snapshot', undefined, token);
    expect(answer.status).toBe(403);
    expect(answer.code).toBe('FORBIDDEN');
  });

  it('shows a change made in this process through /fields', async () => {
    await snapshotOf(t);
    const before = await version();
    await ok(t, 'POST', '/fields/notes', { field: 'body', type: 'text', meta: { note: 'added here' } });
    expect(await version()).toBeGreaterThan(before);
    const after = (await snapshotOf(t)).json;
    expect(field(after, 'notes', 'body')).toMatchObject({ type: 'text', meta: { note: 'added here' } });
  });

  it('shows changes made by another process through /fields, /collections and /relations', async () => {
    await expectInSync();
    await otherOk('POST', '/fields/notes', { field: 'views', type: 'integer', schema: { default_value: 3 } });
    expect(field((await snapshotOf(t)).json, 'notes', 'views')).toMatchObject({ type: 'integer', schema: { default_value: 3 } });

    await otherOk('PATCH', '/fields/notes/title', { meta: { note: 'changed elsewhere' } });
    expect(field((await snapshotOf(t)).json, 'notes', 'title').meta.note).toBe('changed elsewhere');

    await otherOk('PATCH', '/fields/notes/title', { schema: { max_length: 120 } });
    expect(field((await snapshotOf(t)).json, 'notes', 'title').schema.max_length).toBe(120);

    await otherOk('PATCH', '/collections/notes', { meta: { icon: 'star' } });
    const collections = (await snapshotOf(t)).json.collections as Json[];
    expect(collections.find((c) => c.collection === 'notes').meta.icon).toBe('star');

    await otherOk('POST', '/fields/notes', { field: 'owner', type: 'integer', meta: { special: ['m2o'] } });
    await otherOk('POST', '/relations', {
      collection: 'notes',
      field: 'owner',
      related_collection: 'people',
      schema: { on_delete: 'SET NULL' },
    });
    const related = (await snapshotOf(t)).json;
    expect(related.relations.find((r: Json) => r.field === 'owner')).toMatchObject({
      related_collection: 'people',
      schema: { on_delete: 'SET NULL' },
    });

    await otherOk('DELETE', '/fields/notes/views', undefined, 204);
    expect(field((await snapshotOf(t)).json, 'notes', 'views')).toBeUndefined();
    await expectInSync();
  });

  it('shows a schema apply made by another process, and its diff hash matches', async () => {
    const current = await expectInSync();
    const wanted = structuredClone(current);
    field(wanted, 'notes', 'title').meta.note = 'applied elsewhere';
    const diff = await otherCall('POST', '/schema/diff', wanted);
    expect(diff.status).toBe(200);
    const mine = await call(t, 'POST', '/schema/diff', wanted);
    expect(mine.body.data.hash).toBe(JSON.parse(diff.text).data.hash);
    await otherOk('POST', '/schema/apply', JSON.parse(diff.text), 204);
    expect(field((await snapshotOf(t)).json, 'notes', 'title').meta.note).toBe('applied elsewhere');
    // The diff answered before the apply is stale here too: the instance's hash moved on.
    const back = await call(t, 'POST', '/schema/diff', current);
    expect(back.status).toBe(200);
    expect(back.body.data.hash).not.toBe(mine.body.data.hash);
    const stale = await call(t, 'POST', '/schema/apply', mine.body);
    expect(stale.status).toBe(400);
    expect(stale.code).toBe('INVALID_PAYLOAD');
    await expectInSync();
  });

  it('does not raise the version for a dry run', async () => {
    const current = (await snapshotOf(t)).json;
    const wanted = structuredClone(current);
    field(wanted, 'notes', 'title').meta.note = 'only tried';
    const diff = await call(t, 'POST', '/schema/diff', wanted);
    const before = await version();
    const dry = await call(t, 'POST', '/schema/apply?dry_run=true', diff.body);
    expect(dry.status).toBe(200);
    expect(await version()).toBe(before);
    expect(field((await snapshotOf(t)).json, 'notes', 'title').meta.note).toBe('applied elsewhere');
  });

  it('keeps the snapshot while the version stays the same, and reads again once it is raised', async () => {
    await snapshotOf(t);
    // A meta row written behind Stratum's back (not through it) is not seen until the version is raised.
    await t.app.knex('service_fields').where({ collection: 'notes', field: 'title' }).update({ note: 'by hand' });
    expect(field((await snapshotOf(t)).json, 'notes', 'title').meta.note).toBe('applied elsewhere');
    await t.app.knex('service_schema_version').where({ id: 1 }).increment('version', 1);
    expect(field((await snapshotOf(t)).json, 'notes', 'title').meta.note).toBe('by hand');
  });
});
