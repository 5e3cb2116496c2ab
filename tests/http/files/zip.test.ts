import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { multipart } from '../../setup/multipart.js';
import { readZip } from '../../setup/read-zip.js';

type Row = Record<string, unknown>;

/** `POST /assets/files {ids}` and `GET /assets/files?ids=`: several readable files as one streamed zip. */
describe('/assets/files (zip download)', () => {
  let t: TestApp;
  let files: Record<string, string>;
  let reader: { token: string; userId: string };

  const upload = async (filename: string, content: string, token = t.adminToken) => {
    const body = await multipart([{ name: 'file', filename, type: 'text/plain', content }]);
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return String(dataOf<Row>(response).id);
  };
  const zipOf = (ids: unknown, token: string | null = t.adminToken) =>
    t.app.server.inject({
      method: 'POST',
      url: '/assets/files',
      payload: { ids },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    // A cap of 64 bytes in all: the three small files fit, the big one does not.
    t = await createTestApp({ ASSETS_ZIP_MAX_SIZE: '64b' });
    files = {
      one: await upload('report.txt', 'first report'),
      two: await upload('report.txt', 'second report'),
      sneaky: await upload('../../etc/passwd', 'not a path'),
      big: await upload('big.txt', 'x'.repeat(100)),
      secret: await upload('secret.txt', 'top secret'),
    };
    // Every file but `secret` (a row rule on the title the upload gave it).
    reader = await t.userWith({
      permissions: [
        { collection: 'service_files', action: 'read', fields: ['*'], permissions: { filename_download: { _neq: 'secret.txt' } } },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams a zip of the files asked for, with unique safe names and their bytes', async () => {
    const response = await zipOf([files.one, files.two, files.sneaky, files.one], reader.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="files-.+\.zip"$/);
    const entries = readZip(response.rawPayload);
    expect([...entries.keys()]).toEqual(['report.txt', 'report (2).txt', 'passwd']);
    expect(entries.get('report.txt')!.toString()).toBe('first report');
    expect(entries.get('report (2).txt')!.toString()).toBe('second report');
    expect(entries.get('passwd')!.toString()).toBe('not a path');
  });

  it('answers GET /assets/files?ids= the same way', async () => {
    const response = await t.app.server.inject({
      method: 'GET',
      url: `/assets/files?ids=${files.one},${files.two}`,
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect([...readZip(response.rawPayload).keys()]).toEqual(['report.txt', 'report (2).txt']);
  });

  it('refuses the whole zip when one file is not readable, missing or not a file id (403, nothing sent)', async () => {
    expectError(await zipOf([files.one, files.secret], reader.token), 403, 'FORBIDDEN');
    expectError(await zipOf([files.one, '00000000-0000-4000-8000-000000000000'], reader.token), 403, 'FORBIDDEN');
    expectError(await zipOf([files.one, 'not-a-uuid'], reader.token), 403, 'FORBIDDEN');
    // An administrator reads them all.
    expect((await zipOf([files.one, files.secret])).statusCode).toBe(200);
  });

  it('refuses anonymous callers and users without read on files', async () => {
    expectError(await zipOf([files.one], null), 403, 'FORBIDDEN');
    const nobody = await t.userWith({ appAccess: false });
    expectError(await zipOf([files.one], nobody.token), 403, 'FORBIDDEN');
  });

  it('answers 413 when the files exceed ASSETS_ZIP_MAX_SIZE, before sending anything', async () => {
    expectError(await zipOf([files.one, files.big]), 413, 'CONTENT_TOO_LARGE');
  });

  it('answers bad input with 400', async () => {
    for (const ids of [[], 'x'.repeat(0), null, [1, 2], { a: 1 }, Array.from({ length: 1001 }, () => crypto.randomUUID())]) {
      const response = await zipOf(ids);
      expect(response.statusCode, JSON.stringify(ids).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ extensions: { code: 'INVALID_PAYLOAD' } }] });
    }
    const notObject = await t.app.server.inject({
      method: 'POST',
      url: '/assets/files',
      payload: [files.one],
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expectError(notObject, 400, 'INVALID_PAYLOAD');
    expectError(await t.request('GET', '/assets/files', { token: t.adminToken }), 400, 'INVALID_PAYLOAD');
  });

  describe('POST /assets/folder/:id (a folder tree as one zip)', () => {
    const folderZip = (id: string, token: string | null) =>
      t.app.server.inject({ method: 'POST', url: `/assets/folder/${id}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const folder = async (name: string, parent: string | null) =>
      String(dataOf<Row>(await t.request('POST', '/folders', { token: t.adminToken, body: { name, parent } })).id);
    const fileIn = async (name: string, content: string, inFolder: string) => {
      const id = await upload(name, content);
      expect((await t.request('PATCH', `/files/${id}`, { token: t.adminToken, body: { folder: inFolder } })).statusCode).toBe(200);
      return id;
    };
    let top: string;
    let empty: string;
    let reader2: { token: string };

    beforeAll(async () => {
      top = await folder('Top', null);
      const inner = await folder('Inner', top);
      const evil = await folder('../evil', inner);
      empty = await folder('Empty', null);
      const elsewhere = await folder('Elsewhere', null);
      await fileIn('a.txt', 'top a', top);
      await fileIn('b.txt', 'inner b', inner);
      await fileIn('b.txt', 'inner b2', inner);
      await fileIn('c.txt', 'evil c', evil);
      await fileIn('secret.txt', 'hidden', inner);
      await fileIn('d.txt', 'elsewhere', elsewhere);
      reader2 = await t.userWith({
        permissions: [
          { collection: 'service_files', action: 'read', fields: ['*'], permissions: { filename_download: { _neq: 'secret.txt' } } },
          { collection: 'service_folders', action: 'read', fields: ['*'] },
        ],
      });
    });

    it("zips the folder's readable files and those below it, under their folders' safe names", async () => {
      const response = await folderZip(top, reader2.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="folder-.+\.zip"$/);
      const entries = readZip(response.rawPayload);
      expect([...entries.keys()].sort()).toEqual(['Inner/b (2).txt', 'Inner/b.txt', 'Inner/evil/c.txt', 'a.txt']);
      expect(entries.get('Inner/evil/c.txt')!.toString()).toBe('evil c');
      // The administrator also gets the file the reader may not read.
      expect([...readZip((await folderZip(top, t.adminToken)).rawPayload).keys()]).toContain('Inner/secret.txt');
    });

    it('answers 400 for a tree without a readable file, 403 for a folder one may not read or that does not exist', async () => {
      expectError(await folderZip(empty, reader2.token), 400, 'INVALID_PAYLOAD');
      expectError(await folderZip('00000000-0000-4000-8000-000000000000', reader2.token), 403, 'FORBIDDEN');
      expectError(await folderZip('not-a-uuid', reader2.token), 403, 'FORBIDDEN');
      // Files but not folders: no folder to zip. Anonymous: nothing.
      expectError(await folderZip(top, reader.token), 403, 'FORBIDDEN');
      expectError(await folderZip(top, null), 403, 'FORBIDDEN');
    });
  });
});
