import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectNoLeak } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';

/**
 * Threat: collection enumeration. A caller without access to a collection must not learn whether it exists:
 * every route that names a collection answers a forbidden one and a missing one identically (status, code,
 * message with the name swapped), for an anonymous caller and for a user whose rules don't cover it.
 */
const FORBIDDEN = 'articles';
const MISSING = 'artikles';
/** A singleton (`home`) against a missing name of the same length. */
const SINGLETON_PROBES: Probe[] = [
  { name: 'singleton read', method: 'GET', url: '/items/{c}' },
  { name: 'singleton update', method: 'PATCH', url: '/items/{c}', body: { headline: 'x' } },
  { name: 'singleton update with a malformed body', method: 'PATCH', url: '/items/{c}', body: [{ id: 1 }] },
  { name: 'sort utility on a collection without a sort field', method: 'POST', url: '/utils/sort/{c}', body: { item: 1, to: 2 } },
];

type Probe = { name: string; method: string; url: string; body?: unknown; graphql?: string };

const PROBES: Probe[] = [
  { name: 'list items', method: 'GET', url: '/items/{c}' },
  { name: 'read one item', method: 'GET', url: '/items/{c}/1' },
  { name: 'read with a filter and sort', method: 'GET', url: '/items/{c}?filter[title][_eq]=x&sort=title' },
  { name: 'aggregate', method: 'GET', url: '/items/{c}?aggregate[count]=*' },
  { name: 'search', method: 'SEARCH', url: '/items/{c}', body: { query: { limit: 1 } } },
  { name: 'export as JSON', method: 'GET', url: '/items/{c}?export=json' },
  { name: 'export as CSV', method: 'GET', url: '/items/{c}?export=csv' },
  { name: 'create', method: 'POST', url: '/items/{c}', body: { title: 'x' } },
  { name: 'create many', method: 'POST', url: '/items/{c}', body: [{ title: 'x' }] },
  { name: 'update one', method: 'PATCH', url: '/items/{c}/1', body: { title: 'x' } },
  { name: 'update by keys', method: 'PATCH', url: '/items/{c}', body: { keys: [1], data: { title: 'x' } } },
  { name: 'update by query', method: 'PATCH', url: '/items/{c}', body: { query: { limit: 1 }, data: { title: 'x' } } },
  { name: 'batch update', method: 'PATCH', url: '/items/{c}', body: [{ id: 1, title: 'x' }] },
  { name: 'delete one', method: 'DELETE', url: '/items/{c}/1' },
  { name: 'delete many', method: 'DELETE', url: '/items/{c}', body: [1] },
  { name: 'collection', method: 'GET', url: '/collections/{c}' },
  { name: 'update collection', method: 'PATCH', url: '/collections/{c}', body: { meta: { note: 'x' } } },
  { name: 'delete collection', method: 'DELETE', url: '/collections/{c}' },
  { name: 'fields', method: 'GET', url: '/fields/{c}' },
  { name: 'one field', method: 'GET', url: '/fields/{c}/title' },
  { name: 'create field', method: 'POST', url: '/fields/{c}', body: { field: 'extra', type: 'string' } },
  { name: 'relations', method: 'GET', url: '/relations/{c}' },
  { name: 'one relation', method: 'GET', url: '/relations/{c}/author' },
  { name: 'sort utility', method: 'POST', url: '/utils/sort/{c}', body: { item: 1, to: 2 } },
  { name: 'permissions of an item (200, the same shape: documented)', method: 'GET', url: '/permissions/me/{c}/1' },
  { name: 'GraphQL query', method: 'POST', url: '/graphql', graphql: '{ {c} { id } }' },
  { name: 'GraphQL by id', method: 'POST', url: '/graphql', graphql: '{ {c}_by_id(id: 1) { id } }' },
  { name: 'GraphQL aggregate', method: 'POST', url: '/graphql', graphql: '{ {c}_aggregated { count { id } } }' },
  { name: 'GraphQL create', method: 'POST', url: '/graphql', graphql: 'mutation { create_{c}_item(data: {title: "x"}) { id } }' },
  { name: 'GraphQL update', method: 'POST', url: '/graphql', graphql: 'mutation { update_{c}_item(id: 1, data: {title: "x"}) { id } }' },
  { name: 'GraphQL delete', method: 'POST', url: '/graphql', graphql: 'mutation { delete_{c}_item(id: 1) { id } }' },
];

describe('a forbidden collection and a missing one look the same', () => {
  let t: TestApp;
  const callers: { name: string; token: () => string | null }[] = [];
  let user: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    await t.request('POST', '/items/articles', { token: t.adminToken, body: [{ title: 'a' }, { title: 'b' }] });
    ({ token: user } = await t.userWith({ permissions: [{ collection: 'authors', action: 'read', fields: ['*'] }] }));
    callers.push({ name: 'anonymous', token: () => null }, { name: 'a user with rules on another collection', token: () => user });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = async (probe: Probe, collection: string, token: string | null) => {
    const fill = (text: string) => text.replaceAll('{c}', collection);
    const body = probe.graphql ? { query: fill(probe.graphql) } : probe.body;
    const response = await t.request(probe.method, fill(probe.url), { token, ...(body !== undefined ? { body } : {}) });
    expectNoLeak(response);
    return { status: response.statusCode, body: response.body.replaceAll(collection, '<collection>') };
  };

  for (const probe of PROBES) {
    it(`answers alike for ${probe.name} (${probe.method} ${probe.url})`, async () => {
      for (const caller of callers) {
        const forbidden = await send(probe, FORBIDDEN, caller.token());
        const missing = await send(probe, MISSING, caller.token());
        expect({ caller: caller.name, ...forbidden }).toEqual({ caller: caller.name, ...missing });
        if (!probe.url.startsWith('/permissions/me'))
          expect(forbidden.status, `${caller.name}: ${forbidden.body}`).toBeGreaterThanOrEqual(400);
        expect(forbidden.status).toBeLessThan(500);
      }
    });
  }

  for (const probe of SINGLETON_PROBES) {
    it(`answers alike for ${probe.name} (${probe.method} ${probe.url})`, async () => {
      for (const caller of callers) {
        const forbidden = await send(probe, 'home', caller.token());
        const missing = await send(probe, 'homz', caller.token());
        expect({ caller: caller.name, ...forbidden }).toEqual({ caller: caller.name, ...missing });
        expect(forbidden.status).toBe(403);
      }
    });
  }

  it('leaves the forbidden collection untouched', async () => {
    const rows = (await t.app.knex('articles').select('title').orderBy('id')) as { title: string }[];
    expect(rows.map((r) => r.title)).toEqual(['a', 'b']);
  });
});
