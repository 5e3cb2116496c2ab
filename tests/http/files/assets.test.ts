import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_POLICY_ID } from '../../../src/kernel/system/system-collections.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { multipart, type Part } from '../../setup/multipart.js';
import { STORAGE_KINDS, storageEnv, storedKeys } from '../../setup/storage-variants.js';

type Row = Record<string, unknown>;

/** `GET /assets/:id`: streaming, ranges, validators, safe headers, transformations and who may read. */
describe.each(STORAGE_KINDS)('/assets (%s storage)', (kind) => {
  let t: TestApp;
  let png: Buffer;
  let image: Row;
  let text: Row;
  let storage: Awaited<ReturnType<typeof storageEnv>>;

  const upload = async (parts: Part[]) => {
    const body = await multipart(parts);
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${t.adminToken}` },
    });
    return dataOf<Row>(response);
  };
  const get = (url: string, headers: Record<string, string> = {}, token: string | null = t.adminToken) =>
    t.app.server.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  beforeAll(async () => {
    storage = await storageEnv(kind);
    t = await createTestApp(storage.env);
    png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    image = await upload([{ name: 'file', filename: 'Blue Photo.png', type: 'image/png', content: png }]);
    text = await upload([{ name: 'file', filename: 'notes.txt', type: 'text/plain', content: '0123456789abcdefghij' }]);
  });
  afterAll(async () => {
    await t.close();
    await storage.stop();
  });

  it('sends the bytes with their type, length, validators and cache headers', async () => {
    const response = await get(`/assets/${String(image.id)}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(png);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=2592000',
      'content-disposition': 'inline; filename="Blue Photo.png"',
    });
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(String(response.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    expect((await get(`/assets/${String(image.id)}/any-name.png`)).rawPayload).toEqual(png);
    const head = await t.app.server.inject({
      method: 'HEAD',
      url: `/assets/${String(image.id)}`,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, String(png.length), '']);
  });

  it('answers byte ranges (206), ignores a range it cannot parse, and refuses one past the end (416)', async () => {
    const url = `/assets/${String(text.id)}`;
    const part = await get(url, { range: 'bytes=2-5' });
    expect([part.statusCode, part.body, part.headers['content-range'], part.headers['content-length']]).toEqual([
      206,
      '2345',
      'bytes 2-5/20',
      '4',
    ]);
    expect((await get(url, { range: 'bytes=15-' })).body).toBe('fghij');
    expect((await get(url, { range: 'bytes=-3' })).body).toBe('hij');
    expect((await get(url, { range: 'bytes=18-100' })).headers['content-range']).toBe('bytes 18-19/20');
    expect((await get(url, { range: 'lines=1-2' })).statusCode).toBe(200);
    const beyond = await get(url, { range: 'bytes=50-60' });
    expectError(beyond, 416, 'RANGE_NOT_SATISFIABLE');
    expect(beyond.headers['content-range']).toBe('bytes */20');
    const etag = String((await get(url)).headers.etag);
    expect((await get(url, { range: 'bytes=0-1', 'if-range': etag })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-1', 'if-range': '"stale"' })).statusCode).toBe(200);
  });

  it('answers 304 to a matching If-None-Match or a recent If-Modified-Since', async () => {
    const first = await get(`/assets/${String(image.id)}`);
    const again = await get(`/assets/${String(image.id)}`, { 'if-none-match': String(first.headers.etag) });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect((await get(`/assets/${String(image.id)}`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect(
      (await get(`/assets/${String(image.id)}`, { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() })).statusCode,
    ).toBe(304);
  });

  it('sends an attachment with ?download, and markup that could run script only as a sandboxed attachment', async () => {
    expect((await get(`/assets/${String(image.id)}?download`)).headers['content-disposition']).toBe(
      'attachment; filename="Blue Photo.png"',
    );
    const svg = await upload([
      {
        name: 'file',
        filename: 'logo.svg',
        type: 'image/svg+xml',
        content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
    ]);
    const html = await upload([
      { name: 'file', filename: 'page.html', type: 'text/html', content: '<!doctype html><script>alert(1)</script>' },
    ]);
    for (const file of [svg, html]) {
      const response = await get(`/assets/${String(file.id)}`);
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      expect(response.headers['content-security-policy']).toContain('sandbox');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    }
    const unicode = await upload([{ name: 'file', filename: 'Résumé 2026.txt', content: 'cv' }]);
    expect((await get(`/assets/${String(unicode.id)}`)).headers['content-disposition']).toBe(
      `inline; filename="R_sum_ 2026.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%202026.txt`,
    );
  });

  it('resizes and converts images, caches the result in storage and serves it again unchanged', async () => {
    const url = `/assets/${String(image.id)}?width=100&format=webp&quality=60`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['content-disposition']).toBe('inline; filename="Blue Photo.webp"');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 100, height: 75 });
    const cached = await storedKeys(t.app, `__transforms/${String(image.id)}/`);
    expect(cached).toHaveLength(1);
    const second = await get(url);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.etag).not.toBe((await get(`/assets/${String(image.id)}`)).headers.etag);
    const cover = await get(`/assets/${String(image.id)}?width=50&height=50&fit=cover&format=avif`);
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ width: 50, height: 50 });
    expect(cover.headers['content-type']).toBe('image/avif');
    const ops = await get(
      `/assets/${String(image.id)}?transforms=${encodeURIComponent(JSON.stringify([['rotate', 90], ['greyscale']]))}&format=png`,
    );
    expect(await sharp(ops.rawPayload).metadata()).toMatchObject({ width: 300, height: 400 });
    const auto = await get(`/assets/${String(image.id)}?width=20&format=auto`, { accept: 'image/avif,image/webp,*/*' });
    expect(auto.headers['content-type']).toBe('image/avif');
    expect((await get(`/assets/${String(image.id)}?width=20&format=auto`, { accept: 'image/*' })).headers['content-type']).toBe(
      'image/png',
    );
  });

  it('sends files that are not images as they are, whatever transformation is asked for', async () => {
    const response = await get(`/assets/${String(text.id)}?width=10`);
    expect([response.statusCode, response.body, response.headers['content-type']]).toEqual([
      200,
      '0123456789abcdefghij',
      'text/plain; charset=utf-8',
    ]);
  });

  it('refuses transformations outside the limits with 400 INVALID_QUERY', async () => {
    const id = String(image.id);
    for (const query of [
      'width=0',
      'width=abc',
      'width=6001',
      'height=-5',
      'quality=101',
      'fit=stretch',
      'format=bmp',
      'transforms=[["toFile","/tmp/x"]]',
      'transforms=not-json',
      'transforms=[["rotate",1],["rotate",1],["rotate",1],["rotate",1],["rotate",1],["rotate",1]]',
      'transforms=[["resize",999999]]',
      'key=nope',
      'withoutEnlargement=maybe',
    ]) {
      const response = await get(`/assets/${id}?${query}`);
      expectError(response, 400, 'INVALID_QUERY');
    }
  });

  it('applies presets from the settings, and storage_asset_transform limits what may be asked', async () => {
    await t.request('PATCH', '/settings', {
      token: t.adminToken,
      body: { storage_asset_presets: [{ key: 'thumb', width: 32, height: 32, fit: 'cover', format: 'jpg', quality: 70 }] },
    });
    const thumb = await get(`/assets/${String(image.id)}?key=thumb`);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 32, height: 32, format: 'jpeg' });
    expectError(await get(`/assets/${String(image.id)}?key=thumb&width=10`), 400, 'INVALID_QUERY');
    await t.request('PATCH', '/settings', { token: t.adminToken, body: { storage_asset_transform: 'presets' } });
    expect((await get(`/assets/${String(image.id)}?key=thumb`)).statusCode).toBe(200);
    expect(expectError(await get(`/assets/${String(image.id)}?width=10`), 400, 'INVALID_QUERY').message).toContain('presets');
    await t.request('PATCH', '/settings', { token: t.adminToken, body: { storage_asset_transform: 'none' } });
    expectError(await get(`/assets/${String(image.id)}?key=thumb`), 400, 'INVALID_QUERY');
    expect((await get(`/assets/${String(image.id)}`)).statusCode).toBe(200);
    await t.request('PATCH', '/settings', { token: t.adminToken, body: { storage_asset_transform: 'all' } });
  });

  it('serves only files the caller may read: 403 otherwise, the same for a missing file', async () => {
    expectError(await get(`/assets/${String(image.id)}`, {}, null), 403, 'FORBIDDEN');
    expectError(await get('/assets/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
    expectError(await get('/assets/not-a-uuid'), 403, 'FORBIDDEN');
    const reader = await t.userWith({
      permissions: [{ collection: 'service_files', action: 'read', fields: ['id'], permissions: { type: { _starts_with: 'text/' } } }],
    });
    expect((await get(`/assets/${String(text.id)}`, {}, reader.token)).statusCode).toBe(200);
    expectError(await get(`/assets/${String(image.id)}`, {}, reader.token), 403, 'FORBIDDEN');
    // The public policy decides for callers without a token; an access token in the query works as in Directus.
    await t.request('POST', '/permissions', {
      token: t.adminToken,
      body: {
        policy: PUBLIC_POLICY_ID,
        collection: 'service_files',
        action: 'read',
        fields: ['*'],
        permissions: { type: { _eq: 'image/png' } },
      },
    });
    expect((await get(`/assets/${String(image.id)}`, {}, null)).statusCode).toBe(200);
    expect((await get(`/assets/${String(image.id)}`, {}, null)).headers['cache-control']).toBe('public, max-age=2592000');
    expectError(await get(`/assets/${String(text.id)}`, {}, null), 403, 'FORBIDDEN');
    expect((await get(`/assets/${String(text.id)}?access_token=${reader.token}`, {}, null)).statusCode).toBe(200);
  });
});
