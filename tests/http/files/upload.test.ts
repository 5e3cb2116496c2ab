import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { multipart, type Part } from '../../setup/multipart.js';
import { STORAGE_KINDS, storageEnv, storedBytes, storedKeys } from '../../setup/storage-variants.js';

type Row = Record<string, unknown>;

/** `POST /files` and `PATCH /files/:id` with multipart bodies: what is stored, what the row says, and what a failure leaves. */
describe.each(STORAGE_KINDS)('/files uploads (%s storage)', (kind) => {
  let t: TestApp;
  let png: Buffer;
  let storage: Awaited<ReturnType<typeof storageEnv>>;

  const upload = async (parts: Part[], options: { token?: string | null; url?: string; method?: string } = {}) => {
    const body = await multipart(parts);
    const token = options.token === undefined ? t.adminToken : options.token;
    return t.app.server.inject({
      method: (options.method ?? 'POST') as 'POST',
      url: options.url ?? '/files',
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  const stored = () => storedKeys(t.app);
  const rows = async () => Number(((await t.app.knex('service_files').count({ n: '*' }).first()) as { n: number | string }).n);

  beforeAll(async () => {
    storage = await storageEnv(kind);
    t = await createTestApp(storage.env);
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await storage.stop();
  });

  it('stores an upload and answers its row: real type, size, dimensions, checksum, who and when', async () => {
    const response = await upload([
      { name: 'description', value: 'A red square' },
      { name: 'file', filename: 'Red Square_v2.png', type: 'image/png', content: png },
    ]);
    expect(response.statusCode).toBe(200);
    const file = dataOf<Row>(response);
    const me = dataOf<Row>(await t.request('GET', '/users/me', { token: t.adminToken }));
    expect(file).toMatchObject({
      storage: kind,
      filename_disk: `${String(file.id)}.png`,
      filename_download: 'Red Square_v2.png',
      title: 'Red Square V2',
      type: 'image/png',
      filesize: png.length,
      width: 64,
      height: 48,
      checksum: createHash('sha256').update(png).digest('hex'),
      description: 'A red square',
      uploaded_by: me.id,
      folder: null,
    });
    expect(Date.parse(String(file.uploaded_on))).toBeGreaterThan(Date.now() - 60_000);
    expect(await storedBytes(t.app, String(file.filename_disk))).toEqual(png);
  });

  it('learns the type from the bytes, never from the name or the declared type', async () => {
    const cases: [Part, string, string][] = [
      [{ name: 'file', filename: 'notes.txt', type: 'text/plain', content: png }, 'image/png', '.png'],
      [
        { name: 'file', filename: 'photo.jpg', type: 'image/jpeg', content: '<!DOCTYPE html><html><script>alert(1)</script></html>' },
        'text/html',
        '.html',
      ],
      [
        {
          name: 'file',
          filename: 'logo.png',
          type: 'image/png',
          content: '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        },
        'image/svg+xml',
        '.svg',
      ],
      [{ name: 'file', filename: 'data.csv', type: 'text/csv', content: 'a,b\n1,2\n' }, 'text/csv', '.csv'],
      [
        { name: 'file', filename: 'run.exe', type: 'application/x-msdownload', content: Buffer.from([0, 1, 2, 3, 255, 254]) },
        'application/octet-stream',
        '.exe',
      ],
    ];
    for (const [part, type, extension] of cases) {
      const file = dataOf<Row>(await upload([part]));
      expect(file.type, String((part as { filename: string }).filename)).toBe(type);
      expect(String(file.filename_disk).endsWith(extension)).toBe(true);
    }
  });

  it('sanitises the download name: no path, no control characters, no leading dots', async () => {
    const file = dataOf<Row>(
      await upload([{ name: 'file', filename: '../../etc/.\u0007pass\u202ewd.txt', type: 'text/plain', content: 'x' }]),
    );
    expect(file.filename_download).toBe('pass_wd.txt'.replace('_', ''));
  });

  it('uploads several files in one request and answers them in order', async () => {
    const response = await upload([
      { name: 'file', filename: 'one.txt', type: 'text/plain', content: 'one' },
      { name: 'title', value: 'Second' },
      { name: 'file', filename: 'two.txt', type: 'text/plain', content: 'two' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(dataOf<Row[]>(response).map((f) => [f.filename_download, f.title])).toEqual([
      ['one.txt', 'One'],
      ['two.txt', 'Second'],
    ]);
  });

  it('refuses a body without a file, and a malformed body, storing nothing', async () => {
    const before = [await rows(), (await stored()).length];
    expectError(await upload([{ name: 'title', value: 'no file' }]), 400, 'INVALID_PAYLOAD');
    const broken = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', authorization: `Bearer ${t.adminToken}` },
    });
    expect(broken.statusCode).toBe(400);
    expectError(
      await t.app.server.inject({
        method: 'POST',
        url: '/files',
        payload: 'x',
        headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${t.adminToken}` },
      }),
      400,
      'INVALID_PAYLOAD',
    );
    expect([await rows(), (await stored()).length]).toEqual(before);
  });

  it('refuses an unknown metadata field and deletes the bytes it had stored', async () => {
    const before = [await rows(), (await stored()).length];
    const response = await upload([
      { name: 'colour', value: 'red' },
      { name: 'file', filename: 'a.png', type: 'image/png', content: png },
    ]);
    expect(response.statusCode).toBe(400);
    expect([await rows(), (await stored()).length]).toEqual(before);
  });

  it('refuses an upload by someone without create access (403), storing nothing', async () => {
    const reader = await t.userWith({ permissions: [{ collection: 'service_files', action: 'read', fields: ['*'], permissions: {} }] });
    const before = [await rows(), (await stored()).length];
    expectError(
      await upload([{ name: 'file', filename: 'a.png', type: 'image/png', content: png }], { token: reader.token }),
      403,
      'FORBIDDEN',
    );
    expectError(await upload([{ name: 'file', filename: 'a.png', type: 'image/png', content: png }], { token: null }), 403, 'FORBIDDEN');
    expect([await rows(), (await stored()).length]).toEqual(before);
  });

  it("applies validation rules of the caller's policy to the sniffed values, and row rules to reads", async () => {
    const user = await t.userWith({
      permissions: [
        { collection: 'service_files', action: 'create', fields: ['*'], permissions: {}, validation: { type: { _starts_with: 'image/' } } },
        { collection: 'service_files', action: 'read', fields: ['*'], permissions: { uploaded_by: { _eq: '$CURRENT_USER' } } },
      ],
    });
    const before = [await rows(), (await stored()).length];
    const refused = await upload([{ name: 'file', filename: 'fake.png', type: 'image/png', content: 'plain text, not an image' }], {
      token: user.token,
    });
    expectError(refused, 400, 'FAILED_VALIDATION');
    expect([await rows(), (await stored()).length]).toEqual(before);
    const mine = dataOf<Row>(
      await upload([{ name: 'file', filename: 'mine.png', type: 'image/png', content: png }], { token: user.token }),
    );
    expect(mine.uploaded_by).toBe(user.userId);
    const seen = dataOf<Row[]>(await t.request('GET', '/files?fields=id', { token: user.token }));
    expect(seen).toEqual([{ id: mine.id }]);
  });

  it("writes what the server learns from the bytes whatever the policy's field list says, and checks what the client sends against it", async () => {
    const user = await t.userWith({
      permissions: [
        { collection: 'service_files', action: 'create', fields: ['description'], permissions: {} },
        { collection: 'service_files', action: 'read', fields: ['*'], permissions: {} },
        { collection: 'service_files', action: 'update', fields: ['description'], permissions: {} },
      ],
    });
    const file = dataOf<Row>(
      await upload(
        [
          { name: 'description', value: 'mine' },
          { name: 'file', filename: 'allowed.png', type: 'image/png', content: png },
        ],
        { token: user.token },
      ),
    );
    expect(file).toMatchObject({
      description: 'mine',
      type: 'image/png',
      filesize: png.length,
      title: 'Allowed',
      uploaded_by: user.userId,
    });
    const before = [await rows(), (await stored()).length];
    expectError(
      await upload(
        [
          { name: 'title', value: 'Not mine to set' },
          { name: 'file', filename: 'a.png', type: 'image/png', content: png },
        ],
        { token: user.token },
      ),
      403,
      'FORBIDDEN',
    );
    expect([await rows(), (await stored()).length]).toEqual(before);
    const replaced = await upload([{ name: 'file', filename: 'again.txt', content: 'replaced' }], {
      token: user.token,
      method: 'PATCH',
      url: `/files/${String(file.id)}`,
    });
    expect(dataOf<Row>(replaced)).toMatchObject({ type: 'text/plain', filename_download: 'again.txt' });
  });

  it('honours FILES_MAX_UPLOAD_SIZE (413) and FILES_MIME_TYPE_ALLOW_LIST, leaving neither row nor object', async () => {
    const limitedStorage = await storageEnv(kind);
    const limited = await createTestApp({
      ...limitedStorage.env,
      FILES_MAX_UPLOAD_SIZE: '1kb',
      MAX_PAYLOAD_SIZE: '2kb',
      FILES_MIME_TYPE_ALLOW_LIST: 'image/*,text/plain',
    });
    try {
      const send = async (parts: Part[]) => {
        const body = await multipart(parts);
        return limited.app.server.inject({
          method: 'POST',
          url: '/files',
          payload: body.payload,
          headers: { ...body.headers, authorization: `Bearer ${limited.adminToken}` },
        });
      };
      expectError(
        await send([{ name: 'file', filename: 'big.txt', type: 'text/plain', content: 'x'.repeat(5000) }]),
        413,
        'CONTENT_TOO_LARGE',
      );
      expectError(
        await send([
          { name: 'file', filename: 'ok.txt', type: 'text/plain', content: 'small' },
          { name: 'file', filename: 'big.txt', content: 'y'.repeat(5000) },
        ]),
        413,
        'CONTENT_TOO_LARGE',
      );
      // A form field is a JSON-like value: MAX_PAYLOAD_SIZE bounds it.
      expectError(
        await send([
          { name: 'description', value: 'd'.repeat(3000) },
          { name: 'file', filename: 'ok.txt', content: 'small' },
        ]),
        413,
        'CONTENT_TOO_LARGE',
      );
      const html = await send([{ name: 'file', filename: 'page.txt', type: 'text/plain', content: '<html><body>hi</body></html>' }]);
      expect(expectError(html, 400, 'INVALID_PAYLOAD').message).toContain('text/html');
      expect(await storedKeys(limited.app)).toEqual([]);
      expect(await limited.app.knex('service_files').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
      expect(Number(((await limited.app.knex('service_files').count({ n: '*' }).first()) as { n: number }).n)).toBe(0);
      expect((await send([{ name: 'file', filename: 'ok.txt', type: 'text/plain', content: 'small' }])).statusCode).toBe(200);
    } finally {
      await limited.close();
      await limitedStorage.stop();
    }
  });

  it('leaves neither row nor object when the client goes away in the middle of an upload', async () => {
    const url = new URL(await t.app.server.listen({ port: 0, host: '127.0.0.1' }));
    const before = [await rows(), (await stored()).length];
    const boundary = 'cut-off-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), '127.0.0.1', () => {
        socket.write(
          `POST /files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.adminToken}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n${head}`,
        );
        socket.write(Buffer.alloc(256 * 1024, 7), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
    });
    await expect.poll(async () => [await rows(), (await stored()).length], { timeout: 5000 }).toEqual(before);
    // Nor a temporary file of the interrupted write (the local driver's `list` does not show those).
    const local = t.app.config.files.locations[0]!;
    if (local.driver === 'local')
      await expect
        .poll(
          async () =>
            (await readdir(local.root, { recursive: true }).catch(() => [] as string[])).filter((name) => name.includes('.partial-')),
          { timeout: 5000 },
        )
        .toEqual([]);
  });

  it('creates a file row from JSON metadata alone, in the default location', async () => {
    const response = await t.request('POST', '/files', {
      token: t.adminToken,
      body: { filename_download: 'external.pdf', title: 'External', type: 'application/pdf' },
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf<Row>(response)).toMatchObject({ storage: kind, filename_download: 'external.pdf', filename_disk: null });
  });

  it('updates metadata with JSON, and replaces the bytes with multipart, removing the old object', async () => {
    const created = dataOf<Row>(await upload([{ name: 'file', filename: 'v1.txt', type: 'text/plain', content: 'version one' }]));
    const patched = await t.request('PATCH', `/files/${String(created.id)}`, {
      token: t.adminToken,
      body: { title: 'Renamed', tags: ['a', 'b'] },
    });
    expect(dataOf<Row>(patched)).toMatchObject({ title: 'Renamed', tags: ['a', 'b'], filename_disk: created.filename_disk });
    const replaced = await upload([{ name: 'file', filename: 'v2.png', type: 'image/png', content: png }], {
      method: 'PATCH',
      url: `/files/${String(created.id)}`,
    });
    expect(replaced.statusCode).toBe(200);
    const after = dataOf<Row>(replaced);
    expect(after).toMatchObject({
      id: created.id,
      type: 'image/png',
      filesize: png.length,
      width: 64,
      filename_download: 'v2.png',
      title: 'V2',
    });
    expect(after.filename_disk).not.toBe(created.filename_disk);
    expect(await stored()).not.toContain(created.filename_disk);
    expect(await storedBytes(t.app, String(after.filename_disk))).toEqual(png);
    const two = await upload(
      [
        { name: 'file', filename: 'a.txt', content: 'a' },
        { name: 'file', filename: 'b.txt', content: 'b' },
      ],
      { method: 'PATCH', url: `/files/${String(created.id)}` },
    );
    expect(expectError(two, 400, 'INVALID_PAYLOAD').message).toContain('More than one file');
    expect(await storedBytes(t.app, String(after.filename_disk))).toEqual(png);
    expectError(
      await upload([{ name: 'file', filename: 'x.txt', content: 'x' }], {
        method: 'PATCH',
        url: '/files/00000000-0000-4000-8000-000000000000',
      }),
      403,
      'FORBIDDEN',
    );
  });

  it('deletes the row and its stored object, and clears avatars that pointed at it', async () => {
    const file = dataOf<Row>(await upload([{ name: 'file', filename: 'avatar.png', type: 'image/png', content: png }]));
    const me = dataOf<Row>(await t.request('PATCH', '/users/me', { token: t.adminToken, body: { avatar: file.id } }));
    expect(me.avatar).toBe(file.id);
    expect((await t.request('DELETE', `/files/${String(file.id)}`, { token: t.adminToken })).statusCode).toBe(204);
    expect(await stored()).not.toContain(file.filename_disk);
    expect(dataOf<Row>(await t.request('GET', '/users/me?fields=avatar', { token: t.adminToken })).avatar).toBeNull();
  });

  it('records uploads, changes and deletes in the activity log with their revisions', async () => {
    const file = dataOf<Row>(await upload([{ name: 'file', filename: 'logged.txt', content: 'logged' }]));
    await t.request('PATCH', `/files/${String(file.id)}`, { token: t.adminToken, body: { title: 'Logged again' } });
    await t.request('DELETE', `/files/${String(file.id)}`, { token: t.adminToken });
    const activity = dataOf<Row[]>(
      await t.request(
        'GET',
        `/activity?filter[collection][_eq]=service_files&filter[item][_eq]=${String(file.id)}&sort=id&fields=action,revisions.data`,
        { token: t.adminToken },
      ),
    );
    expect(activity.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect((activity[0]!.revisions as Row[])[0]!.data).toMatchObject({ filename_download: 'logged.txt', type: 'text/plain' });
  });

  it('keeps folders, files in them, and the default upload folder', async () => {
    const folder = dataOf<Row>(await t.request('POST', '/folders', { token: t.adminToken, body: { name: 'Photos' } }));
    const child = dataOf<Row>(await t.request('POST', '/folders', { token: t.adminToken, body: { name: '2026', parent: folder.id } }));
    const inFolder = dataOf<Row>(
      await upload([
        { name: 'folder', value: String(child.id) },
        { name: 'file', filename: 'f.txt', content: 'f' },
      ]),
    );
    expect(inFolder.folder).toBe(child.id);
    await t.request('PATCH', '/settings', { token: t.adminToken, body: { storage_default_folder: folder.id } });
    const defaulted = dataOf<Row>(await upload([{ name: 'file', filename: 'g.txt', content: 'g' }]));
    expect(defaulted.folder).toBe(folder.id);
    expect((await t.request('DELETE', `/folders/${String(folder.id)}`, { token: t.adminToken })).statusCode).toBe(204);
    expect(dataOf<Row>(await t.request('GET', `/files/${String(defaulted.id)}?fields=folder`, { token: t.adminToken })).folder).toBeNull();
    expect(dataOf<Row>(await t.request('GET', `/folders/${String(child.id)}?fields=parent`, { token: t.adminToken })).parent).toBeNull();
    expect(
      dataOf<Row>(await t.request('GET', '/settings?fields=storage_default_folder', { token: t.adminToken })).storage_default_folder,
    ).toBeNull();
  });
});
