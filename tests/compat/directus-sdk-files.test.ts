import {
  createDirectus,
  createFolder,
  deleteFile,
  downloadFilesZip,
  downloadFolderZip,
  readAssetArrayBuffer,
  readAssetRaw,
  readFile,
  readFiles,
  rest,
  staticToken,
  updateFile,
  uploadFiles,
} from '@directus/sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { readZip } from '../setup/read-zip.js';

// No user collections: the system collections (files, folders) come from the SDK's own types.
type Schema = object;

/** The official @directus/sdk against /files and /assets: uploads with FormData, metadata, folders, raw and transformed downloads. */
describe('@directus/sdk with files and assets', () => {
  let t: TestApp;
  let url = '';
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  const sdk = () => createDirectus<Schema>(url).with(staticToken(t.adminToken)).with(rest());

  it('uploads with uploadFiles, reads the file back with readFile and readFiles, and updates it', async () => {
    const folder = await sdk().request(createFolder({ name: 'Greens' }));
    const form = new FormData();
    form.append('title', 'Green block');
    form.append('folder', String(folder.id));
    form.append('file', new Blob([png], { type: 'image/png' }), 'green.png');
    const uploaded = (await sdk().request(uploadFiles(form))) as unknown as Record<string, unknown>;
    expect(uploaded).toMatchObject({
      title: 'Green block',
      folder: folder.id,
      type: 'image/png',
      width: 120,
      height: 80,
      filesize: png.length,
      filename_download: 'green.png',
    });
    const read = await sdk().request(readFile(String(uploaded.id), { fields: ['id', 'title', 'type'] }));
    expect(read).toEqual({ id: uploaded.id, title: 'Green block', type: 'image/png' });
    const listed = await sdk().request(readFiles({ filter: { folder: { _eq: folder.id } }, fields: ['id'] }));
    expect(listed).toEqual([{ id: uploaded.id }]);
    const updated = await sdk().request(updateFile(String(uploaded.id), { description: 'Made by sharp' }, { fields: ['description'] }));
    expect(updated).toEqual({ description: 'Made by sharp' });
  });

  it('downloads with readAssetRaw and readAssetArrayBuffer, whole and transformed', async () => {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'raw.png');
    const uploaded = (await sdk().request(uploadFiles(form))) as unknown as { id: string };
    const stream = await sdk().request(readAssetRaw(uploaded.id));
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(png);
    const small = await sdk().request(readAssetArrayBuffer(uploaded.id, { width: 30, format: 'webp' }));
    expect(await sharp(Buffer.from(small)).metadata()).toMatchObject({ format: 'webp', width: 30, height: 20 });
    await sdk().request(deleteFile(uploaded.id));
    await expect(sdk().request(readAssetRaw(uploaded.id))).rejects.toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });
  });

  it('downloads several files with downloadFilesZip and a folder tree with downloadFolderZip (SDK 26)', async () => {
    const folder = await sdk().request(createFolder({ name: 'Zipped' }));
    const inner = await sdk().request(createFolder({ name: 'Inner', parent: String(folder.id) }));
    const upload = async (name: string, content: string, into: string) => {
      const form = new FormData();
      form.append('folder', into);
      form.append('file', new Blob([content], { type: 'text/plain' }), name);
      return String(((await sdk().request(uploadFiles(form))) as unknown as Record<string, unknown>).id);
    };
    const one = await upload('one.txt', 'first', String(folder.id));
    const two = await upload('two.txt', 'second', String(inner.id));
    const files = readZip(Buffer.from(await sdk().request(downloadFilesZip([one, two], { output: 'arrayBuffer' }))));
    expect(Object.fromEntries([...files].map(([name, bytes]) => [name, bytes.toString()]))).toEqual({
      'one.txt': 'first',
      'two.txt': 'second',
    });
    const tree = readZip(Buffer.from(await sdk().request(downloadFolderZip(String(folder.id), { output: 'arrayBuffer' }))));
    expect([...tree.keys()].sort()).toEqual(['Inner/two.txt', 'one.txt']);
  });
});
