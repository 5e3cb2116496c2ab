import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { multipart, type Part } from '../setup/multipart.js';
import { storedKeys } from '../setup/storage-variants.js';

type Row = Record<string, unknown>;

/**
 * Threat: `PATCH /files/:id` with a multipart body overwrites a file's bytes for a caller who may not update
 * that file (anonymous, read-only, or an update rule limited to their own uploads), or tells such a caller
 * whether an id exists by answering differently before the access check.
 */
describe('file bytes replaced by a caller who may not update the file', () => {
  let t: TestApp;
  let reader: string;
  let ownOnly: string;
  let id: string;

  const replace = async (target: string, parts: Part[], token: string | null) => {
    const body = await multipart(parts);
    return t.app.server.inject({
      method: 'PATCH',
      url: `/files/${target}`,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  const asset = async () => (await t.request('GET', `/assets/${id}`, { token: t.adminToken })).body;
  const file: Part = { name: 'file', filename: 'evil.txt', type: 'text/plain', content: 'overwritten bytes' };

  beforeAll(async () => {
    t = await createTestApp();
    ({ token: reader } = await t.userWith({ permissions: [{ collection: 'service_files', action: 'read', fields: ['*'] }] }));
    ({ token: ownOnly } = await t.userWith({
      permissions: [
        { collection: 'service_files', action: 'read', fields: ['*'] },
        { collection: 'service_files', action: 'update', permissions: { uploaded_by: { _eq: '$CURRENT_USER' } }, fields: ['*'] },
      ],
    }));
    const body = await multipart([{ name: 'file', filename: 'original.txt', type: 'text/plain', content: 'original bytes' }]);
    const created = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${t.adminToken}` },
    });
    id = String(dataOf<Row>(created).id);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['an anonymous caller', () => null],
    ['a caller who may only read files', () => reader],
    ['a caller who may update only their own uploads', () => ownOnly],
  ])('refuses %s and leaves the bytes, the row and the storage as they were', async (_name, token) => {
    const row = await t.app.knex('service_files').where({ id }).first();
    const keys = await storedKeys(t.app);
    expectError(await replace(id, [file], token()), 403, 'FORBIDDEN');
    expect(await asset()).toBe('original bytes');
    expect(await t.app.knex('service_files').where({ id }).first()).toEqual(row);
    expect(await storedKeys(t.app)).toEqual(keys);
  });

  it('answers an existing file and a missing one alike, whatever the body (no probing)', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const token of [null, reader, ownOnly]) {
      for (const parts of [[file], [{ name: 'title', value: 'no file here' }]]) {
        const existing = await replace(id, parts, token);
        const absent = await replace(missing, parts, token);
        expect({ status: existing.statusCode, body: existing.body }).toEqual({ status: absent.statusCode, body: absent.body });
        expect(existing.statusCode).toBe(403);
      }
    }
  });
});
