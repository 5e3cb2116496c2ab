import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

/** The answer, and how many filler bytes the client had written when it arrived. */
type Answer = { status: number; body: string; sentBeforeAnswer: number };

/**
 * Sends `prefix`, `total` filler bytes and `suffix` with Node's http client over a real socket, as fast as the
 * socket takes them. The client does not read its socket for the first 300 ms, like a client on a real network
 * whose answer arrives while it is still busy sending: if the server closes the connection with the body still
 * arriving, the kernel resets it and the client gets EPIPE / ECONNRESET instead of the answer (the promise rejects).
 */
function send(
  url: string,
  path: string,
  headers: Record<string, string>,
  prefix: Buffer,
  total: number,
  suffix: Buffer,
  chunked = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = prefix.length + total + suffix.length;
    const req = httpRequest(
      `${url}${path}`,
      { method: 'POST', headers: { ...headers, ...(chunked ? {} : { 'content-length': String(length) }) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sentBeforeAnswer }));
        res.on('error', reject);
      },
    );
    let answered = false;
    let sentBeforeAnswer = 0;
    req.on('response', () => {
      answered = true;
      sentBeforeAnswer = sent;
    });
    // Once the answer is read, the server may well stop listening: a failed write after it is no failure.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.on('socket', (socket) => {
      socket.pause();
      setTimeout(() => socket.resume(), 300);
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    req.write(prefix);
    const pump = () => {
      if (answered || req.destroyed) return;
      if (sent >= total) {
        req.end(suffix);
        return;
      }
      const size = Math.min(chunk.length, total - sent);
      sent += size;
      if (req.write(size === chunk.length ? chunk : chunk.subarray(0, size))) setImmediate(pump);
      else req.once('drain', pump);
    };
    pump();
  });
}

/**
 * A body over the limit (or a request refused before its body is read) must still get its answer and error
 * envelope to the client: the server keeps reading and discarding for a bounded time and size before it closes
 * (lingering close), rather than closing while the client is still sending.
 */
describe('an answer sent before the request body has arrived reaches the client', () => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp({ MAX_PAYLOAD_SIZE: '256kb', FILES_MAX_UPLOAD_SIZE: '256kb' });
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectEnvelope = (answer: Answer, status: number, code: string) => {
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ extensions: { code } }] });
  };
  const auth = () => ({ authorization: `Bearer ${t.adminToken}` });
  const boundary = 'oversizedBOUNDARY';
  const fileHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const fileTail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };

  it('413 for a JSON body whose Content-Length is far over MAX_PAYLOAD_SIZE (8 MiB for 256 KiB)', async () => {
    const answer = await send(
      url,
      '/users',
      { ...auth(), 'content-type': 'application/json' },
      Buffer.from('{"a":"'),
      8 * 1024 * 1024,
      Buffer.from('"}'),
    );
    expectEnvelope(answer, 413, 'CONTENT_TOO_LARGE');
  });

  it('413 for a chunked JSON body (no Content-Length) that grows over MAX_PAYLOAD_SIZE', async () => {
    const answer = await send(
      url,
      '/users',
      { ...auth(), 'content-type': 'application/json' },
      Buffer.from('{"a":"'),
      8 * 1024 * 1024,
      Buffer.from('"}'),
      true,
    );
    expectEnvelope(answer, 413, 'CONTENT_TOO_LARGE');
  });

  it('413 for a multipart upload of a file far over FILES_MAX_UPLOAD_SIZE, every time, before the rest is sent', async () => {
    for (let i = 0; i < 3; i++) {
      const total = 32 * 1024 * 1024;
      const answer = await send(url, '/files', { ...auth(), ...multipart }, fileHead, total, fileTail);
      expectEnvelope(answer, 413, 'CONTENT_TOO_LARGE');
      // The server answered once the file went over the limit, not after reading (and discarding) all of it.
      expect(answer.sentBeforeAnswer).toBeLessThan(total);
    }
    const files = await t.request('GET', '/files', {
      token: t.adminToken,
      query: { filter: JSON.stringify({ filename_download: { _eq: 'big.bin' } }) },
    });
    expect((files.json() as { data: unknown[] }).data).toEqual([]);
  });

  it('401 for a large upload with a bad token, answered before the body is read', async () => {
    const answer = await send(url, '/files', { authorization: 'Bearer not-a-token', ...multipart }, fileHead, 8 * 1024 * 1024, fileTail);
    expectEnvelope(answer, 401, 'INVALID_CREDENTIALS');
  });

  it('keeps serving afterwards, and keeps a connection whose body was read whole open', async () => {
    const response = await fetch(`${url}/server/ping`);
    expect(await response.text()).toBe('pong');
    const small = await fetch(`${url}/items/no_such_collection`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(small.status).toBe(403);
    expect(small.headers.get('connection')).not.toBe('close');
  });
});
