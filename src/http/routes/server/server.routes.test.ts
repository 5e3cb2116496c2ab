import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer } from '../../../../tests/support/build-test-server.js';

let server: FastifyInstance | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('GET /server/health', () => {
  it('answers 200 ok as application/health+json without a token', async () => {
    server = buildTestServer().server;
    const res = await server.inject('/server/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/health\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('answers 503 error when the database check throws', async () => {
    server = buildTestServer({
      checkDatabase: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
    }).server;
    const res = await server.inject('/server/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', checks: { database: 'error' } });
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('reports Redis and migrations where they apply: all well is 200 ok', async () => {
    server = buildTestServer({ checkRedis: async () => undefined, checkMigrations: async () => true }).server;
    const res = await server.inject('/server/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
  });

  it('answers 200 warn when Redis does not answer (every instance shares it: routing around it would not help)', async () => {
    server = buildTestServer({
      checkRedis: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
      },
      checkMigrations: async () => true,
    }).server;
    const res = await server.inject('/server/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'warn', checks: { database: 'ok', migrations: 'ok', redis: 'error' } });
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('answers 503 error when the database lacks migrations this instance knows', async () => {
    server = buildTestServer({ checkMigrations: async () => false }).server;
    const res = await server.inject('/server/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', checks: { database: 'ok', migrations: 'pending' } });
  });
});

describe('GET /server/info', () => {
  it('shows only the project to the public', async () => {
    server = buildTestServer().server;
    const res = await server.inject('/server/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { project: { project_name: 'Stratum' } } });
  });

  it('adds the version and vendor for admins', async () => {
    server = buildTestServer().server;
    const res = await server.inject({ url: '/server/info', headers: { authorization: 'Bearer admin' } });
    expect(res.json()).toEqual({ data: { project: { project_name: 'Stratum' }, version: '1.2.3', vendor: 'sqlite' } });
  });

  it('keeps the version from non-admin users', async () => {
    server = buildTestServer().server;
    const res = await server.inject({ url: '/server/info', headers: { authorization: 'Bearer user' } });
    expect(res.json().data.version).toBeUndefined();
  });
});
