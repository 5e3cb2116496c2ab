import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';

type Row = Record<string, unknown>;

/** A local HTTP server that records every request it gets. */
async function recordingServer(host: string, port = 0): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url?.startsWith('/redirect-to/')) {
      response.writeHead(302, { location: decodeURIComponent(request.url.slice('/redirect-to/'.length)) }).end();
      return;
    }
    if (request.url === '/big.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5000));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end('secret bytes');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * Threat: the server fetching a URL a client chose (`POST /files/import`) lets the client reach what only the
 * server can: loopback services, the private network, cloud metadata (169.254.169.254). By default every local,
 * private, link-local, unspecified and multicast target is refused before any connection, whatever the spelling
 * (decimal, octal, IPv4-mapped IPv6, a name that resolves to one), on every redirect hop too. IMPORT_IP_ALLOW_LIST
 * names exceptions.
 */
describe('server-side request forgery (file import)', () => {
  let local: Awaited<ReturnType<typeof recordingServer>>;
  let other: Awaited<ReturnType<typeof recordingServer>>;

  beforeAll(async () => {
    local = await recordingServer('127.0.0.1');
    // A second loopback address: the target of a redirect that must not be followed.
    other = await recordingServer('127.0.0.2');
  });
  afterAll(async () => {
    await close(local.server);
    await close(other.server);
  });

  describe('with the default deny list', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    const importUrl = (url: string, token: string | null = t.adminToken) => t.request('POST', '/files/import', { token, body: { url } });

    it.each([
      (p: number) => `http://127.0.0.1:${p}/a.txt`,
      (p: number) => `http://localhost:${p}/a.txt`,
      (p: number) => `http://2130706433:${p}/a.txt`,
      (p: number) => `http://0177.0.0.1:${p}/a.txt`,
      (p: number) => `http://0x7f.1:${p}/a.txt`,
      (p: number) => `http://[::1]:${p}/a.txt`,
      (p: number) => `http://[::ffff:127.0.0.1]:${p}/a.txt`,
      (p: number) => `http://[::]:${p}/a.txt`,
      (p: number) => `http://0.0.0.0:${p}/a.txt`,
      (p: number) => `http://0:${p}/a.txt`,
      () => 'http://169.254.169.254/latest/meta-data/',
      () => 'http://10.0.0.1/a.txt',
      () => 'http://172.16.5.4/a.txt',
      () => 'http://192.168.1.1/a.txt',
      () => 'http://[fd00::1]/a.txt',
      () => 'http://224.0.0.1/a.txt',
    ])('refuses %s with 400 and fetches nothing', async (url) => {
      const before = local.hits.length;
      const response = await importUrl(url(local.port));
      expectError(response, 400, 'INVALID_PAYLOAD');
      expect(local.hits.length).toBe(before);
    });

    it('refuses other schemes and credentials in the URL', async () => {
      expectError(await importUrl('file:///etc/passwd'), 400, 'INVALID_PAYLOAD');
      expectError(await importUrl('gopher://127.0.0.1:70/'), 400, 'INVALID_PAYLOAD');
      expectError(await importUrl('not a url'), 400, 'INVALID_PAYLOAD');
      expectError(await importUrl(`http://user:pass@127.0.0.1:${local.port}/`), 400, 'INVALID_PAYLOAD');
      expect(local.hits).toEqual([]);
    });

    it('sends nothing for a caller who may not create files (403)', async () => {
      const reader = await t.userWith({ permissions: [{ collection: 'service_files', action: 'read' }] });
      expectError(await importUrl(`http://127.0.0.1:${local.port}/a.txt`, reader.token), 403, 'FORBIDDEN');
      expectError(await importUrl(`http://127.0.0.1:${local.port}/a.txt`, null), 403, 'FORBIDDEN');
      expect(local.hits).toEqual([]);
      expect(Number((await t.app.knex('service_files').count({ c: '*' }))[0]!.c)).toBe(0);
    });
  });

  describe('with IMPORT_IP_ALLOW_LIST=127.0.0.1 (the test server only)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ IMPORT_IP_ALLOW_LIST: '127.0.0.1', FILES_MAX_UPLOAD_SIZE: '1kb' });
    });
    afterAll(async () => {
      await t.close();
    });

    const importUrl = (url: string, data?: Row) =>
      t.request('POST', '/files/import', { token: t.adminToken, body: { url, ...(data ? { data } : {}) } });

    it('imports from an allowed address: the file is stored and served', async () => {
      const response = await importUrl(`http://127.0.0.1:${local.port}/notes.txt`, { title: 'Imported' });
      expect(response.statusCode, response.body).toBe(200);
      const file = dataOf<Row>(response);
      expect(file).toMatchObject({ title: 'Imported', filename_download: 'notes.txt', type: 'text/plain', filesize: 12 });
      expect((await t.request('GET', `/assets/${String(file.id)}`, { token: t.adminToken })).body).toBe('secret bytes');
    });

    it('refuses a redirect to an address that is not allowed, without following it', async () => {
      const target = encodeURIComponent(`http://127.0.0.2:${other.port}/secret`);
      const response = await importUrl(`http://127.0.0.1:${local.port}/redirect-to/${target}`);
      expectError(response, 400, 'INVALID_PAYLOAD');
      expect(other.hits).toEqual([]);
      const metadata = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
      expectError(await importUrl(`http://127.0.0.1:${local.port}/redirect-to/${metadata}`), 400, 'INVALID_PAYLOAD');
    });

    it('still refuses the other loopback and private addresses', async () => {
      expectError(await importUrl(`http://127.0.0.2:${other.port}/a.txt`), 400, 'INVALID_PAYLOAD');
      expectError(await importUrl(`http://[::1]:${local.port}/a.txt`), 400, 'INVALID_PAYLOAD');
      expect(other.hits).toEqual([]);
    });

    it('refuses a body over FILES_MAX_UPLOAD_SIZE (413) and keeps nothing', async () => {
      const count = async () => Number((await t.app.knex('service_files').count({ c: '*' }))[0]!.c);
      const before = await count();
      expectError(await importUrl(`http://127.0.0.1:${local.port}/big.txt`), 413, 'CONTENT_TOO_LARGE');
      expect(await count()).toBe(before);
    });
  });
});
