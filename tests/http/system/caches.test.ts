import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheStats } from '../../../src/kernel/caches/index.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

/** GET /server/caches: this instance's caches, their bounds and counters, for administrators only (decision 0050). */
describe('GET /server/caches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async () => {
    const response = await t.request('GET', '/server/caches', { token: t.adminToken });
    expect(response.statusCode).toBe(200);
    return dataOf<CacheStats[]>(response);
  };
  const cache = (caches: CacheStats[], name: string) => caches.find((c) => c.name === name)!;

  it('lists every cache of the registry with its bound and counters', async () => {
    const caches = await list();
    expect(caches.map((c) => c.name)).toEqual(t.app.caches.list().map((c) => c.name));
    expect(cache(caches, 'auth.verified-tokens')).toMatchObject({ max: 10_000, ttl: null, invalidatedBy: [] });
    expect(cache(caches, 'auth.live-sign-ins')).toMatchObject({ max: 50_000, invalidatedBy: ['sessions'] });
    expect(cache(caches, 'permissions.tables')).toMatchObject({ max: 1, invalidatedBy: ['access'] });
    expect(cache(caches, 'schema.derived')).toMatchObject({ invalidatedBy: ['schema'] });
    for (const c of caches) {
      expect(c.max).toBeGreaterThan(0);
      expect(c.size).toBeLessThanOrEqual(c.max);
      for (const counter of [c.hits, c.misses, c.evictions, c.invalidations]) expect(Number.isInteger(counter)).toBe(true);
    }
  });

  it('moves its numbers with the requests: a token seen once is a miss, seen again a hit', async () => {
    const user = await t.userWith({ permissions: [] });
    const before = cache(await list(), 'auth.verified-tokens');
    expect((await t.request('GET', '/users/me', { token: user.token })).statusCode).toBe(200);
    expect((await t.request('GET', '/users/me', { token: user.token })).statusCode).toBe(200);
    const after = cache(await list(), 'auth.verified-tokens');
    // The user's first request verified the token (a miss), its second and the listing's own token were hits.
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(2);
    expect(after.size - before.size).toBe(1);
  });

  it("keeps a user's rules: the second read is a hit; an access change empties them through the access version", async () => {
    const user = await t.userWith({ permissions: [{ collection: 'service_users', action: 'read' }] });
    expect((await t.request('GET', '/users/me', { token: user.token })).statusCode).toBe(200);
    const once = cache(await list(), 'permissions.rule-sets');
    expect((await t.request('GET', '/users/me', { token: user.token })).statusCode).toBe(200);
    const twice = cache(await list(), 'permissions.rule-sets');
    expect([twice.hits - once.hits, twice.misses - once.misses]).toEqual([1, 0]);
    expect(twice.size).toBeGreaterThan(0);
    const created = await t.request('POST', '/permissions', {
      token: t.adminToken,
      body: { policy: user.policyId, collection: 'service_users', action: 'update', fields: ['first_name'] },
    });
    expect(created.statusCode).toBe(200);
    const after = cache(await list(), 'permissions.rule-sets');
    expect(after.invalidations).toBeGreaterThan(twice.invalidations);
    expect(after.size).toBe(0);
  });

  it('keeps a parsed GraphQL document by its text: the same query twice is one miss and one hit', async () => {
    const query = '{ __typename } # the caches test';
    const before = cache(await list(), 'graphql.documents');
    for (let i = 0; i < 2; i++)
      expect((await t.request('POST', '/graphql', { token: t.adminToken, body: { query } })).statusCode).toBe(200);
    const after = cache(await list(), 'graphql.documents');
    expect([after.misses - before.misses, after.hits - before.hits, after.size - before.size]).toEqual([1, 1, 1]);
  });

  it('answers 403 FORBIDDEN to a user who is not an administrator, and to the public', async () => {
    const user = await t.userWith({ permissions: [{ collection: 'service_users', action: 'read' }] });
    expectError(await t.request('GET', '/server/caches', { token: user.token }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', '/server/caches'), 403, 'FORBIDDEN');
  });

  it('answers 401 to a token that is not valid', async () => {
    expectError(await t.request('GET', '/server/caches', { token: 'not-a-token' }), 401, 'INVALID_CREDENTIALS');
  });
});
