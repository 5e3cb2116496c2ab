import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, metaRows, ok, type Json } from './schema-helpers.js';

describe('PATCH /collections and PATCH /fields/:collection with an array (batch updates)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const collection of ['shelves', 'boxes'])
      await ok(t, 'POST', '/collections', {
        collection,
        meta: { note: 'before' },
        fields: [
          { field: 'label', type: 'string', meta: { note: 'before' } },
          { field: 'size', type: 'integer' },
        ],
      });
  });
  afterAll(async () => {
    await t.close();
  });

  const noteOf = async (collection: string) =>
    ((await metaRows(t, 'service_collections', { collection })) as { note: string | null }[])[0]?.note;
  const fieldNote = async (field: string) =>
    ((await metaRows(t, 'service_fields', { collection: 'shelves', field })) as { note: string | null }[])[0]?.note;

  it('changes several collections in one request and answers them in the order given', async () => {
    const data = (await ok(t, 'PATCH', '/collections', [
      { collection: 'boxes', meta: { note: 'boxes after' } },
      { collection: 'shelves', meta: { note: 'shelves after', icon: 'shelves' } },
    ])) as Json[];
    expect(data.map((c: Json) => [c.collection, c.meta.note])).toEqual([
      ['boxes', 'boxes after'],
      ['shelves', 'shelves after'],
    ]);
    expect(await noteOf('shelves')).toBe('shelves after');
  });

  it('changes several fields of a collection, column and meta, in one request', async () => {
    const data = (await ok(t, 'PATCH', '/fields/shelves', [
      { field: 'label', meta: { note: 'label after' } },
      { field: 'size', type: 'bigInteger', meta: { note: 'size after' } },
    ])) as Json[];
    expect(data.map((f: Json) => [f.field, f.type, f.meta.note])).toEqual([
      ['label', 'string', 'label after'],
      ['size', 'bigInteger', 'size after'],
    ]);
  });

  it('refuses the whole batch when one entry is refused, and changes nothing', async () => {
    const answer = await call(t, 'PATCH', '/collections', [
      { collection: 'boxes', meta: { note: 'never' } },
      { collection: 'service_users', meta: { note: 'system' } },
    ]);
    expect([answer.status, answer.code]).toEqual([400, 'INVALID_PAYLOAD']);
    expect(await noteOf('boxes')).toBe('boxes after');

    const fields = await call(t, 'PATCH', '/fields/shelves', [
      { field: 'label', meta: { note: 'never' } },
      { field: 'missing', meta: { note: 'x' } },
    ]);
    expect(fields.status).toBe(403);
    expect(await fieldNote('label')).toBe('label after');
  });

  it.each([
    ['an object', { collection: 'boxes', meta: {} }],
    ['an empty array', []],
    ['an entry without its name', [{ meta: { note: 'x' } }]],
    ['an entry that is not an object', ['boxes']],
    [
      'a name given twice',
      [
        { collection: 'boxes', meta: {} },
        { collection: 'boxes', meta: {} },
      ],
    ],
  ])('answers %s with 400 INVALID_PAYLOAD', async (_label, body) => {
    const answer = await call(t, 'PATCH', '/collections', body);
    expect([answer.status, answer.code]).toEqual([400, 'INVALID_PAYLOAD']);
    const renamed = Array.isArray(body)
      ? body.map((entry) => (typeof entry === 'object' && 'collection' in entry ? { ...entry, field: entry.collection } : entry))
      : body;
    const fields = await call(t, 'PATCH', '/fields/shelves', renamed);
    expect([fields.status, fields.code]).toEqual([400, 'INVALID_PAYLOAD']);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.request('PATCH', '/collections', { token: t.adminToken, body: '[{"collection":' });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a caller without update rights on the meta collections with 403', async () => {
    const reader = (
      await t.userWith({
        appAccess: true,
        permissions: [
          { collection: 'shelves', action: 'read', fields: ['*'] },
          { collection: 'service_collections', action: 'create', fields: ['*'] },
        ],
      })
    ).token;
    expect((await call(t, 'PATCH', '/collections', [{ collection: 'shelves', meta: { note: 'x' } }], reader)).status).toBe(403);
    expect((await call(t, 'PATCH', '/fields/shelves', [{ field: 'label', meta: { note: 'x' } }], reader)).status).toBe(403);
    expect((await call(t, 'PATCH', '/collections', [{ collection: 'shelves', meta: { note: 'x' } }], null)).status).toBe(403);
    expect(await noteOf('shelves')).toBe('shelves after');
  });
});
