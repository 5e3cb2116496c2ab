import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressGuard } from '../../kernel/net/address-guard.js';
import { sendRequest } from './send-request.js';

describe('sendRequest', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits += 1;
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/big') {
          response.end('x'.repeat(2048));
          return;
        }
        if (request.url === '/moved') {
          response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
          return;
        }
        response
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ method: request.method, body, h: request.headers['x-test'] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const allowLoopback = { guard: createAddressGuard(['127.0.0.1']), timeoutMs: 5000, maxBytes: 1024 };
  const strict = { guard: createAddressGuard([]), timeoutMs: 5000, maxBytes: 1024 };

  it('sends the method, headers and body, and parses a JSON answer', async () => {
    const answer = await sendRequest(
      { url: `http://127.0.0.1:${port}/x`, method: 'POST', headers: { 'x-test': 'yes' }, body: '{"a":1}' },
      allowLoopback,
    );
    expect(answer).toMatchObject({ status: 201, data: { method: 'POST', body: '{"a":1}', h: 'yes' } });
  });

  it('answers a redirect without following it, and fails an answer past the size cap', async () => {
    const moved = await sendRequest({ url: `http://127.0.0.1:${port}/moved`, method: 'GET', headers: {}, body: null }, allowLoopback);
    expect(moved.status).toBe(302);
    await expect(
      sendRequest({ url: `http://127.0.0.1:${port}/big`, method: 'GET', headers: {}, body: null }, allowLoopback),
    ).rejects.toThrow(/larger than/);
  });

  it.each([
    `http://127.0.0.1:PORT/`,
    `http://localhost:PORT/`,
    `http://[::1]:PORT/`,
    `http://[::ffff:127.0.0.1]:PORT/`,
    `http://2130706433:PORT/`,
    `http://0x7f.1:PORT/`,
    `http://0.0.0.0:PORT/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://[fd00::1]/',
    'file:///etc/passwd',
    'not a url',
  ])('refuses %s without sending anything', async (url) => {
    const before = hits;
    await expect(sendRequest({ url: url.replace('PORT', String(port)), method: 'GET', headers: {}, body: null }, strict)).rejects.toThrow();
    expect(hits).toBe(before);
  });
});
