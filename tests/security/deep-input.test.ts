import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { multipart } from '../setup/multipart.js';
import { seedCollections } from '../setup/seed-collections.js';

/** `{"_or":[{"_or":[ … {"id":{"_eq":1}} … ]}]}`, `depth` levels deep. */
function deepOr(depth: number): string {
  return '{"_or":['.repeat(depth) + '{"id":{"_eq":1}}' + ']}'.repeat(depth);
}

/** `{"a":{"a": … 1 … }}`, `depth` levels deep. */
function deepObject(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** `[[[ … ]]]`, `depth` levels deep. */
function deepArray(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/**
 * Threat: input nested so deep that recursive code (filter compilation, variable resolution, JSON casting,
 * validation, activity deltas) overflows the stack: a 500, or a crashed worker. Every transport bounds the
 * depth (MAX_FILTER_DEPTH for filters, MAX_JSON_DEPTH for JSON values) and checks it without recursion first.
 */
describe('deeply nested input', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    await t.request('POST', '/items/articles', { token: t.adminToken, body: { title: 'one', metadata: { a: { b: 1 } } } });
  });
  afterAll(async () => {
    await t.close();
  });

  const raw = (method: string, url: string, payload: string) =>
    t.app.server.inject({
      method: method as 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
    });

  it('a 20,000-deep _or in a SEARCH body is 400 (the body is too deep)', async () => {
    expectError(await raw('SEARCH', '/items/articles', `{"query":{"filter":${deepOr(20000)}}}`), 400, 'INVALID_PAYLOAD');
  });

  it('a 20,000-deep _or in a query-string filter is 400', async () => {
    const response = await t.request('GET', `/items/articles?filter=${encodeURIComponent(deepOr(20000))}`, { token: t.adminToken });
    expectError(response, 400, 'INVALID_QUERY');
  });

  it('a 20,000-deep deep parameter or deep[..][_filter] in a query string is 400', async () => {
    const deep = '{"comments":'.repeat(20000) + '{}' + '}'.repeat(20000);
    expectError(
      await t.request('GET', `/items/articles?fields=*,comments.*&deep=${encodeURIComponent(deep)}`, { token: t.adminToken }),
      400,
      'INVALID_QUERY',
    );
    const filter = `{"comments":{"_filter":${deepOr(20000)}}}`;
    expectError(
      await t.request('GET', `/items/articles?fields=*,comments.*&deep=${encodeURIComponent(filter)}`, { token: t.adminToken }),
      400,
      'INVALID_QUERY',
    );
  });

  it('a 20,000-deep _or in a PATCH, DELETE or SEARCH body is 400', async () => {
    expectError(
      await raw('PATCH', '/items/articles', `{"query":{"filter":${deepOr(20000)}},"data":{"title":"x"}}`),
      400,
      'INVALID_PAYLOAD',
    );
    expectError(await raw('DELETE', '/items/articles', `{"query":{"filter":${deepOr(20000)}}}`), 400, 'INVALID_PAYLOAD');
    expectError(
      await raw('SEARCH', '/items/articles', `{"query":{"fields":["*","comments.*"],"deep":{"comments":{"_filter":${deepOr(20000)}}}}}`),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('a filter just under the JSON limit is refused by MAX_FILTER_DEPTH (400, not a 500), on every path', async () => {
    const filter = deepOr(490);
    expectError(
      await t.request('GET', `/items/articles?filter=${encodeURIComponent(filter)}`, { token: t.adminToken }),
      400,
      'INVALID_QUERY',
    );
    expectError(await raw('SEARCH', '/items/articles', `{"query":{"filter":${filter}}}`), 400, 'INVALID_QUERY');
    expectError(await raw('PATCH', '/items/articles', `{"query":{"filter":${filter}},"data":{"title":"x"}}`), 400, 'INVALID_QUERY');
    expectError(
      await raw('SEARCH', '/items/articles', `{"query":{"fields":["*","comments.*"],"deep":{"comments":{"_filter":${filter}}}}}`),
      400,
      'INVALID_QUERY',
    );
    const gql = await raw(
      'POST',
      '/graphql',
      JSON.stringify({
        query: 'query($f: articles_filter) { articles(filter: $f) { id } }',
        variables: { f: JSON.parse(filter) as unknown },
      }),
    );
    expect(gql.statusCode).toBeLessThan(500);
    expect((gql.json() as { errors?: { extensions: { code: string } }[] }).errors?.[0]?.extensions.code).toBe('INVALID_QUERY');
  });

  it('a filter as deep as MAX_FILTER_DEPTH still works', async () => {
    const response = await raw('SEARCH', '/items/articles', `{"query":{"filter":${deepOr(18)},"fields":["title"]}}`);
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual([{ title: 'one' }]);
  });

  it('a 20,000-deep filter in GraphQL variables is 400', async () => {
    const body = `{"query":"query($f: articles_filter) { articles(filter: $f) { id } }","variables":{"f":${deepOr(20000)}}}`;
    const response = await raw('POST', '/graphql', body);
    expect(response.statusCode).toBeLessThan(500);
    const errors = (response.json() as { errors?: { extensions: { code: string } }[] }).errors;
    expect(errors?.[0]?.extensions.code).toMatch(/INVALID_QUERY|GRAPHQL_VALIDATION|INVALID_PAYLOAD/);
  });

  it('a filter literal in a GraphQL document as deep as the token limit allows is a 4xx', async () => {
    const literal = '{_or: ['.repeat(1200) + '{id: {_eq: 1}}' + ']}'.repeat(1200);
    const response = await raw('POST', '/graphql', JSON.stringify({ query: `{ articles(filter: ${literal}) { id } }` }));
    expect(response.statusCode).toBeLessThan(500);
    expect((response.json() as { errors?: unknown[] }).errors?.length).toBeGreaterThan(0);
  });

  it('a 50,000-deep object in a JSON field is 400 (create and update)', async () => {
    expectError(await raw('POST', '/items/articles', `{"title":"deep","metadata":${deepObject(50000)}}`), 400, 'INVALID_PAYLOAD');
    expectError(await raw('PATCH', '/items/articles/1', `{"metadata":${deepObject(50000)}}`), 400, 'INVALID_PAYLOAD');
    expectError(await raw('POST', '/items/articles', `{"title":"deep","metadata":${deepArray(50000)}}`), 400, 'INVALID_PAYLOAD');
  });

  it('a 50,000-deep body anywhere (an unknown key, a system route) is 400', async () => {
    expectError(await raw('POST', '/items/articles', `{"title":"deep","nope":${deepObject(50000)}}`), 400, 'INVALID_PAYLOAD');
    expectError(await raw('POST', '/auth/login', `{"email":${deepObject(50000)}}`), 400, 'INVALID_PAYLOAD');
    expectError(await raw('PATCH', '/settings', `{"custom_css":${deepArray(50000)}}`), 400, 'INVALID_PAYLOAD');
  });

  it('a 50,000-deep JSON form field of an upload is 400 and stores nothing', async () => {
    const body = await multipart([
      { name: 'metadata', value: deepObject(50000) },
      { name: 'file', filename: 'a.txt', type: 'text/plain', content: 'hello' },
    ]);
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${t.adminToken}` },
    });
    expectError(response, 400, 'INVALID_PAYLOAD');
    expect(Number((await t.app.knex('service_files').count({ c: '*' }))[0]!.c)).toBe(0);
  });

  it('a JSON value as deep as the limit allows is stored, updated and read back', async () => {
    // MariaDB's JSON check stops at 32 levels: there a json field holds 30 (a revision keeps it one level down).
    if (t.vendor === 'mysql') {
      expectError(await raw('POST', '/items/articles', `{"title":"deep","metadata":${deepObject(31)}}`), 400, 'INVALID_PAYLOAD');
      expect((await raw('POST', '/items/articles', `{"title":"ok","metadata":${deepObject(30)}}`)).statusCode).toBe(200);
      return;
    }
    const response = await raw('POST', '/items/articles', `{"title":"ok","metadata":${deepObject(998)}}`);
    expect(response.statusCode).toBe(200);
    const id = dataOf<{ id: number }>(response).id;
    expect((await raw('PATCH', `/items/articles/${id}`, `{"metadata":${deepArray(998)}}`)).statusCode).toBe(200);
    const read = await t.request('GET', `/items/articles/${id}?fields=metadata`, { token: t.adminToken });
    expect(JSON.stringify(dataOf(read))).toBe(`{"metadata":${deepArray(998)}}`);
    expect(
      (await t.request('GET', `/revisions?filter[item][_eq]=${id}&filter[collection][_eq]=articles`, { token: t.adminToken })).statusCode,
    ).toBe(200);
  });
});
