import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { expectError } from '../../setup/expect-error.js';

/**
 * An instance whose database can't be reached (here: its pool is closed, so no connection can be had): the load
 * balancer's probes still answer, /server/health says why, and every other request is a clean 503, never a 500.
 */
describe('an instance whose database cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.knex.destroy();
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined);
  });

  it('answers /server/health with 503 and its health report, and /server/ping with pong', async () => {
    const health = await t.app.server.inject({ url: '/server/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['content-type']).toMatch(/^application\/health\+json/);
    expect(health.json()).toEqual({ status: 'error', checks: { database: 'error', migrations: 'error' } });
    const ping = await t.app.server.inject({ url: '/server/ping' });
    expect(ping.statusCode).toBe(200);
    expect(ping.body).toBe('pong');
  });

  it('answers other requests with 503 SERVICE_UNAVAILABLE, with or without a token', async () => {
    for (const request of [
      { url: '/users/me', headers: { authorization: `Bearer ${t.adminToken}` } },
      { url: '/items/anything' },
      { url: '/graphql', method: 'POST' as const, payload: { query: '{ __typename }' } },
    ]) {
      expectError(await t.app.server.inject(request), 503, 'SERVICE_UNAVAILABLE');
    }
  });
});
