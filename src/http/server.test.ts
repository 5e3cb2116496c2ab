import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer } from '../../tests/support/build-test-server.js';

let server: FastifyInstance;
afterEach(async () => {
  await server?.close();
});

function build(env?: Record<string, string>): FastifyInstance {
  server = buildTestServer({ env }).server;
  return server;
}

describe('buildServer', () => {
  it('answers /server/ping with text pong without authenticating', async () => {
    const { server: s, calls } = buildTestServer();
    server = s;
    const res = await s.inject({ method: 'GET', url: '/server/ping', headers: { authorization: 'Bearer expired' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('pong');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(calls).toHaveLength(0);
  });

  it('sends X-Powered-By on successes and errors', async () => {
    build();
    expect((await server.inject('/test/data')).headers['x-powered-by']).toBe('Stratum');
    expect((await server.inject('/nope')).headers['x-powered-by']).toBe('Stratum');
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND and the path', async () => {
    build();
    const res = await server.inject({ method: 'GET', url: '/nope?limit=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errors: [{ message: "Route /nope doesn't exist.", extensions: { path: '/nope', code: 'ROUTE_NOT_FOUND' } }],
    });
    expect(Object.keys(res.json().errors[0].extensions)).toEqual(['path', 'code']);
  });

  it('wraps data and meta and sets Cache-Control on success', async () => {
    build();
    const res = await server.inject('/test/data');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      data: [
        { id: 1, title: 'Hello "world"' },
        { id: 2, title: 'x', tags: ['a'] },
      ],
      meta: { total_count: 2 },
    });
  });

  it('ignores a trailing slash', async () => {
    build();
    expect((await server.inject('/test/data/')).statusCode).toBe(200);
  });
});

describe('buildServer request bodies', () => {
  it('rejects malformed JSON with 400 INVALID_PAYLOAD and the parser message, without a stack', async () => {
    build();
    const res = await server.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": 1,}',
    });
    expect(res.statusCode).toBe(400);
    const error = res.json().errors[0];
    expect(error.extensions.code).toBe('INVALID_PAYLOAD');
    expect(error.extensions.reason).toMatch(/JSON/);
    expect(error.message).toBe(`Invalid payload. ${error.extensions.reason}.`);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(Object.keys(error.extensions)).toEqual(['reason', 'code']);
  });

  it('rejects a literal null body (strict JSON)', async () => {
    build();
    const res = await server.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('INVALID_PAYLOAD');
  });

  it('rejects a bare JSON string or number', async () => {
    build();
    for (const payload of ['"text"', '42', 'true']) {
      const res = await server.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('rejects __proto__ keys', async () => {
    build();
    const res = await server.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": {"__proto__": {"admin": true}}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('INVALID_PAYLOAD');
  });

  it('accepts JSON objects and arrays, with a charset parameter', async () => {
    build();
    const res = await server.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '[{"a":1}]',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ a: 1 }] });
  });

  it('treats an empty JSON body as {}', async () => {
    build();
    const res = await server.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: {} });
  });

  it('treats a POST without a body as {}', async () => {
    build();
    const res = await server.inject({ method: 'POST', url: '/test/echo' });
    expect(res.json()).toEqual({ data: {} });
  });

  it('accepts SEARCH with a JSON body', async () => {
    build();
    // light-my-request 6.6 (decision 0062) types no SEARCH; it sends any method.
    const res = await server.inject({ method: 'SEARCH' as 'POST', url: '/test/search', payload: { query: { limit: 1 } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { query: { limit: 1 } } });
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for text/plain', async () => {
    build();
    const res = await server.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0]).toEqual({
      message: 'Unsupported media type "text/plain" in Content-Type header.',
      extensions: { mediaType: 'text/plain', where: 'Content-Type header', code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
  });

  it('answers 413 CONTENT_TOO_LARGE above MAX_PAYLOAD_SIZE', async () => {
    build({ MAX_PAYLOAD_SIZE: '100b' });
    const res = await server.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(200) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].extensions.code).toBe('CONTENT_TOO_LARGE');
  });

  it('keeps multipart/form-data as a raw Buffer', async () => {
    build();
    const payload = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n';
    const res = await server.inject({
      method: 'POST',
      url: '/test/raw',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { isBuffer: true, length: Buffer.byteLength(payload) } });
  });

  it('parses application/x-www-form-urlencoded with qs', async () => {
    build();
    const res = await server.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a[b]=1&c=2',
    });
    expect(res.json()).toEqual({ data: { a: { b: '1' }, c: '2' } });
  });
});

describe('buildServer errors', () => {
  it('answers an unknown thrown Error with a generic 500 and no internal text', async () => {
    build();
    const res = await server.inject('/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: [{ message: 'An unexpected error occurred.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    expect(res.body).not.toContain('secret_table');
  });

  it('answers a thrown non-Error with a generic 500', async () => {
    build();
    const res = await server.inject('/test/throw-string');
    expect(res.statusCode).toBe(500);
    expect(res.json().errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('sends an AppError with its status and extensions, code last', async () => {
    build();
    const res = await server.inject('/test/app-error');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        { message: 'Invalid payload. "title" is required.', extensions: { reason: '"title" is required', code: 'INVALID_PAYLOAD' } },
      ],
    });
    expect(Object.keys(res.json().errors[0].extensions)).toEqual(['reason', 'code']);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('sends every error of an AggregateError of AppErrors', async () => {
    build();
    const res = await server.inject('/test/aggregate');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveLength(2);
  });

  it('answers a malformed URL or an over-long path parameter with 400 INVALID_PATH_PARAMETER', async () => {
    server = buildTestServer({ routes: [{ prefix: '/p', plugin: async (s) => void s.get('/:id', async () => ({ ok: 1 })) }] }).server;
    for (const url of ['/p/%E0%A4%A', '/nope/%E0%A4%A', `/p/${'x'.repeat(600)}`]) {
      const res = await server.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('INVALID_PATH_PARAMETER');
      expect(res.body.length).toBeLessThan(300);
    }
  });

  it('maps route schema failures to INVALID_QUERY', async () => {
    build();
    const res = await server.inject('/test/validated?n=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('INVALID_QUERY');
  });
});
