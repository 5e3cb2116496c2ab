import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer } from '../../tests/support/build-test-server.js';

let server: FastifyInstance | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('buildServer CORS', () => {
  it('sends CORS headers when CORS_ENABLED', async () => {
    server = buildTestServer({ env: { CORS_ENABLED: 'true', CORS_ORIGIN: 'https://app.example.com' } }).server;
    const res = await server.inject({ url: '/test/data', headers: { origin: 'https://app.example.com' } });
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');

    const preflight = await server.inject({
      method: 'OPTIONS',
      url: '/test/data',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, PATCH, DELETE');
    expect(preflight.headers['access-control-max-age']).toBe('18000');
  });

  it('reflects any origin with CORS_ORIGIN=true', async () => {
    server = buildTestServer({ env: { CORS_ENABLED: 'true', CORS_ORIGIN: 'true' } }).server;
    const res = await server.inject({ url: '/nope', headers: { origin: 'https://other.example.com' } });
    expect(res.headers['access-control-allow-origin']).toBe('https://other.example.com');
  });

  it('sends no CORS headers when CORS is disabled', async () => {
    server = buildTestServer().server;
    const res = await server.inject({ url: '/test/data', headers: { origin: 'https://app.example.com' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('buildServer logging', () => {
  it('logs an unexpected error with the request id, and one line per request (debug when LOG_REQUESTS=false)', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    });
    server = buildTestServer({ logger: pino({ level: 'debug' }, sink), env: { LOG_REQUESTS: 'false' } }).server;
    const res = await server.inject('/test/boom');
    expect(res.statusCode).toBe(500);
    const failure = lines.find((l) => l['level'] === 50);
    expect(failure?.['reqId']).toEqual(expect.any(String));
    expect(JSON.stringify(failure?.['err'])).toContain('secret_table');
    expect(lines.find((l) => l['statusCode'] === 500)).toMatchObject({
      level: 20,
      msg: 'GET /test/boom 500 ' + String(lines.find((l) => l['statusCode'] === 500)?.['responseTime']) + ' ms',
    });
  });

  it('logs each request at info by default, its token values left out, and none at warn', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    });
    server = buildTestServer({ logger: pino({ level: 'info' }, sink) }).server;
    await server.inject('/server/ping?access_token=secret-token-value');
    const line = lines.find((l) => String(l['url']).startsWith('/server/ping'));
    expect(line).toMatchObject({ level: 30, method: 'GET', statusCode: 200 });
    expect(String(line?.['msg'])).toMatch(/^GET \/server\/ping\?access_token=\S+ 200 \d+ ms$/);
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
    await server.close();
    lines.length = 0;
    server = buildTestServer({ logger: pino({ level: 'warn' }, sink) }).server;
    await server.inject('/server/ping');
    expect(lines).toEqual([]);
  });
});

describe('buildServer module routes', () => {
  it('registers module plugins under their prefixes and keeps /server unless a module claims it', async () => {
    server = buildTestServer({
      routes: [{ prefix: 'things/', plugin: async (s) => void s.get('/', async () => ({ ok: true })) }],
    }).server;
    expect((await server.inject('/things')).json()).toEqual({ ok: true });
    expect((await server.inject('/server/health')).statusCode).toBe(200);
  });

  it('lets a /server module replace the built-in one', async () => {
    server = buildTestServer({
      routes: [{ prefix: '/server', plugin: async (s) => void s.get('/info', async () => ({ custom: true })) }],
    }).server;
    expect((await server.inject('/server/info')).json()).toEqual({ custom: true });
    expect((await server.inject('/server/health')).statusCode).toBe(404);
  });
});
