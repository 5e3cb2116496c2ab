import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { multipart } from '../setup/multipart.js';
import { STORAGE_KINDS, storageEnv } from '../setup/storage-variants.js';

type Row = Record<string, unknown>;

const UNSAFE = ['../../etc/passwd', '/etc/passwd', 'a/../../b', '..', './x', 'a//b', 'a\\..\\b', 'x\u0000y', ''];

/**
 * Threat: `filename_disk` (a file's key in its storage location) made to point outside the storage root, so
 * that /assets serves, or a delete removes, a file of the server's. Refused on write (400) and never followed
 * on read (a 4xx, not a 500, and no bytes).
 */
describe.each(STORAGE_KINDS)('storage path traversal (%s storage)', (kind) => {
  let t: TestApp;
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  let file: Row;

  beforeAll(async () => {
    storage = await storageEnv(kind);
    t = await createTestApp(storage.env);
    const body = await multipart([{ name: 'file', filename: 'notes.txt', type: 'text/plain', content: 'hello' }]);
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${t.adminToken}` },
    });
    file = dataOf<Row>(response);
  });
  afterAll(async () => {
    await t.close();
    await storage.stop();
  });

  it.each(UNSAFE)('refuses filename_disk %j on update with 400', async (name) => {
    const response = await t.request('PATCH', `/files/${String(file.id)}`, { token: t.adminToken, body: { filename_disk: name } });
    expectError(response, 400, 'INVALID_PAYLOAD');
    const row = (await t.app.knex('service_files').where({ id: file.id }).first('filename_disk')) as Row;
    expect(row.filename_disk).toBe(file.filename_disk);
  });

  it('refuses an unsafe filename_disk on create (REST and GraphQL)', async () => {
    const rest = await t.request('POST', '/files', {
      token: t.adminToken,
      body: { filename_download: 'x.txt', storage: file.storage, filename_disk: '../../etc/passwd' },
    });
    expectError(rest, 400, 'INVALID_PAYLOAD');
    const gql = await t.request('POST', '/graphql/system', {
      token: t.adminToken,
      body: { query: `mutation { update_files_item(id: "${String(file.id)}", data: { filename_disk: "../../etc/passwd" }) { id } }` },
    });
    expect((gql.json() as { errors?: { extensions: { code: string } }[] }).errors?.[0]?.extensions.code).toBe('INVALID_PAYLOAD');
  });

  it('accepts a safe key in a sub-folder', async () => {
    const response = await t.request('PATCH', `/files/${String(file.id)}`, {
      token: t.adminToken,
      body: { filename_disk: `sub/${String(file.filename_disk)}` },
    });
    expect(response.statusCode).toBe(200);
    await t.request('PATCH', `/files/${String(file.id)}`, { token: t.adminToken, body: { filename_disk: file.filename_disk } });
  });

  it('never serves a row whose filename_disk leaves the root (set behind the API): 404, no bytes', async () => {
    for (const name of ['../../etc/passwd', '/etc/passwd', '..\\..\\x']) {
      await t.app.knex('service_files').where({ id: file.id }).update({ filename_disk: name });
      const response = await t.request('GET', `/assets/${String(file.id)}`, { token: t.adminToken });
      expectError(response, 404, 'ROUTE_NOT_FOUND');
      expect(response.body).not.toContain('root:');
      const transformed = await t.request('GET', `/assets/${String(file.id)}?width=10`, { token: t.adminToken });
      expect(transformed.statusCode).toBe(404);
    }
    await t.app.knex('service_files').where({ id: file.id }).update({ filename_disk: file.filename_disk });
    expect((await t.request('GET', `/assets/${String(file.id)}`, { token: t.adminToken })).body).toBe('hello');
  });
});
