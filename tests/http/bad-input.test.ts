import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError, expectNoLeak } from '../setup/expect-error.js';
import { countRows, seedCollections } from '../setup/seed-collections.js';

type Row = Record<string, unknown>;

/**
 * Hostile and malformed input: always the documented 4xx envelope, never a 500 or a stack trace, and the
 * data is unchanged afterwards.
 */
describe('bad input', () => {
  let t: TestApp;
  let snapshot: Row[] = [];

  beforeAll(async () => {
    t = await createTestApp({ MAX_PAYLOAD_SIZE: '10kb' });
    await seedCollections(t.app);
    await t.request('POST', '/items/articles', {
      token: t.adminToken,
      body: [
        { title: 'Keep me', rating: 1 },
        { title: 'Me too', rating: 2 },
      ],
    });
    snapshot = await t.app.knex('articles').orderBy('id');
  });
  afterAll(async () => {
    // Whatever came in, the data is what it was.
    expect(await t.app.knex('articles').orderBy('id')).toEqual(snapshot);
    expect(await countRows(t.app, 'service_users')).toBe(1);
    await t.close();
  });

  const raw = (method: string, url: string, payload?: string, headers: Record<string, string> = {}) =>
    t.app.server.inject({ method: method as 'POST', url, payload, headers: { authorization: `Bearer ${t.adminToken}`, ...headers } });

  describe('bodies', () => {
    const json = { 'content-type': 'application/json' };
    const cases: {
      name: string;
      method: string;
      url: string;
      payload: string;
      headers?: Record<string, string>;
      status: number;
      code: string;
    }[] = [
      { name: 'malformed JSON', method: 'POST', url: '/items/articles', payload: '{"title": "x",', status: 400, code: 'INVALID_PAYLOAD' },
      { name: 'truncated JSON', method: 'PATCH', url: '/items/articles/1', payload: '{"title"', status: 400, code: 'INVALID_PAYLOAD' },
      { name: 'a null body', method: 'POST', url: '/items/articles', payload: 'null', status: 400, code: 'INVALID_PAYLOAD' },
      { name: 'a bare number', method: 'POST', url: '/items/articles', payload: '42', status: 400, code: 'INVALID_PAYLOAD' },
      { name: 'a bare string', method: 'PATCH', url: '/items/articles', payload: '"x"', status: 400, code: 'INVALID_PAYLOAD' },
      {
        name: 'a null body on PATCH by key',
        method: 'PATCH',
        url: '/items/articles/1',
        payload: 'null',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      { name: 'a null body on login', method: 'POST', url: '/auth/login', payload: 'null', status: 400, code: 'INVALID_PAYLOAD' },
      { name: 'an array of nulls', method: 'POST', url: '/items/articles', payload: '[null]', status: 400, code: 'INVALID_PAYLOAD' },
      {
        name: 'an array of keys on PATCH',
        method: 'PATCH',
        url: '/items/articles',
        payload: '[1, 2]',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a __proto__ key',
        method: 'POST',
        url: '/items/articles',
        payload: '{"title":"x","__proto__":{"admin":true}}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a constructor.prototype key',
        method: 'POST',
        url: '/items/articles',
        payload: '{"title":"x","constructor":{"prototype":{"a":1}}}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a nested array as field value',
        method: 'POST',
        url: '/items/articles',
        payload: '{"title":[["x"]]}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a NUL character in a string',
        method: 'POST',
        url: '/items/articles',
        payload: '{"title":"a\\u0000b"}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a NUL character in a text field on update',
        method: 'PATCH',
        url: '/items/articles/1',
        payload: '{"body":"\\u0000"}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a lone surrogate in a string',
        method: 'POST',
        url: '/items/articles',
        payload: '{"title":"\\ud800"}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'an array body on a singleton',
        method: 'PATCH',
        url: '/settings',
        payload: '[{"id":1,"project_name":"x"}]',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a {keys, data} body on a singleton',
        method: 'PATCH',
        url: '/settings',
        payload: '{"keys":[1],"data":{"project_name":"x"}}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'keys of the wrong type',
        method: 'DELETE',
        url: '/items/articles',
        payload: '{"keys":[{"id":1}]}',
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        name: 'keys that are not an array',
        method: 'DELETE',
        url: '/items/articles',
        payload: '{"keys":"1,2"}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a query that is not an object',
        method: 'PATCH',
        url: '/items/articles',
        payload: '{"query":"all","data":{"title":"x"}}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a query with a bad filter',
        method: 'DELETE',
        url: '/items/articles',
        payload: '{"query":{"filter":{"rating":{"_bogus":1}}}}',
        status: 400,
        code: 'INVALID_QUERY',
      },
      {
        name: 'malformed JSON metadata of a file',
        method: 'POST',
        url: '/files',
        payload: '{"title":',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      { name: 'a bare string as file metadata', method: 'POST', url: '/files', payload: '"x"', status: 400, code: 'INVALID_PAYLOAD' },
      {
        name: 'an unknown field in file metadata',
        method: 'POST',
        url: '/files',
        payload: '{"filename_download":"a.txt","colour":"red"}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a null body on a file update',
        method: 'PATCH',
        url: '/files/00000000-0000-4000-8000-000000000000',
        payload: 'null',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a multipart body without a boundary',
        method: 'POST',
        url: '/files',
        payload: 'x',
        headers: { 'content-type': 'multipart/form-data' },
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a folder with a name of the wrong type',
        method: 'POST',
        url: '/folders',
        payload: '{"name":{"a":1}}',
        status: 400,
        code: 'INVALID_PAYLOAD',
      },
      {
        name: 'a query with an unknown field',
        method: 'PATCH',
        url: '/items/articles',
        payload: '{"query":{"filter":{"nope":{"_eq":1}}},"data":{"title":"x"}}',
        status: 403,
        code: 'FORBIDDEN',
      },
    ];
    for (const c of cases) {
      it(`answers ${c.status} ${c.code} for ${c.name}`, async () => {
        expectError(await raw(c.method, c.url, c.payload, { ...json, ...c.headers }), c.status, c.code);
      });
    }

    it('answers 413 for a body over MAX_PAYLOAD_SIZE', async () => {
      const big = JSON.stringify({ title: 'x', body: 'y'.repeat(20_000) });
      expectError(await raw('POST', '/items/articles', big, json), 413, 'CONTENT_TOO_LARGE');
      const bigBatch = JSON.stringify(Array.from({ length: 2000 }, () => ({ title: 'x' })));
      expectError(await raw('POST', '/items/articles', bigBatch, json), 413, 'CONTENT_TOO_LARGE');
    });

    it('answers 415 for an unsupported content type', async () => {
      const error = expectError(
        await raw('POST', '/items/articles', '<title>x</title>', { 'content-type': 'application/xml' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(error.extensions.mediaType).toBe('application/xml');
      expectError(await raw('PATCH', '/items/articles/1', 'title=x', { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it("says that JSON sent as a form (curl -d's default Content-Type) is JSON, on login and on items; nothing is written", async () => {
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const login = expectError(
        await raw('POST', '/auth/login', '{"email":"admin@example.com","password":"x"}', form),
        400,
        'INVALID_PAYLOAD',
      );
      expect(login.message).toContain('send Content-Type: application/json');
      const before = (await t.request('GET', '/items/articles?aggregate[count]=*', { token: t.adminToken })).json().data;
      expectError(await raw('POST', '/items/articles', ' [{"title":"x"}]', form), 400, 'INVALID_PAYLOAD');
      expect((await t.request('GET', '/items/articles?aggregate[count]=*', { token: t.adminToken })).json().data).toEqual(before);
      // A real form still parses.
      expectError(await raw('POST', '/auth/login', 'email=admin%40example.com&password=wrong', form), 401, 'INVALID_CREDENTIALS');
    });

    it('treats an empty JSON body as {} (a create with no fields needs a title)', async () => {
      expectError(await raw('POST', '/items/articles', '', json), 400, 'FAILED_VALIDATION');
    });
  });

  describe('query strings', () => {
    const cases: { name: string; url: string; status: number; code: string }[] = [
      { name: 'limit=abc', url: '/items/articles?limit=abc', status: 400, code: 'INVALID_QUERY' },
      { name: 'offset=-5', url: '/items/articles?offset=-5', status: 400, code: 'INVALID_QUERY' },
      { name: 'limit beyond safe integers', url: '/items/articles?limit=99999999999999999999', status: 400, code: 'INVALID_QUERY' },
      { name: 'filter=not-json', url: '/items/articles?filter=not-json', status: 400, code: 'INVALID_QUERY' },
      { name: 'filter as a JSON array', url: '/items/articles?filter=[1,2]', status: 400, code: 'INVALID_QUERY' },
      { name: 'an unknown operator', url: '/items/articles?filter[title][_like]=x', status: 400, code: 'INVALID_QUERY' },
      { name: 'an operator value of the wrong shape', url: '/items/articles?filter[rating][_in][a]=1', status: 400, code: 'INVALID_QUERY' },
      { name: '_between with one value', url: '/items/articles?filter[rating][_between]=1', status: 400, code: 'INVALID_QUERY' },
      { name: '_null with a non-boolean', url: '/items/articles?filter[rating][_null]=maybe', status: 400, code: 'INVALID_QUERY' },
      { name: 'a string for an integer filter', url: '/items/articles?filter[rating][_eq]=abc', status: 400, code: 'INVALID_QUERY' },
      { name: 'an unknown field in a filter', url: '/items/articles?filter[nope][_eq]=1', status: 403, code: 'FORBIDDEN' },
      { name: 'an unknown field in sort', url: '/items/articles?sort=-nope', status: 403, code: 'FORBIDDEN' },
      { name: 'an unknown field in fields', url: '/items/articles?fields=title,secret', status: 403, code: 'FORBIDDEN' },
      { name: 'fields as an object', url: '/items/articles?fields[a][b]=c', status: 400, code: 'INVALID_QUERY' },
      { name: 'search as an object', url: '/items/articles?search[a]=b', status: 400, code: 'INVALID_QUERY' },
      { name: 'meta with an unknown value', url: '/items/articles?meta=everything', status: 400, code: 'INVALID_QUERY' },
      { name: 'an unknown export format', url: '/items/articles?export=pdf', status: 400, code: 'INVALID_QUERY' },
      { name: 'a NUL character in a filter value', url: '/items/articles?filter[title][_eq]=a%00b', status: 400, code: 'INVALID_QUERY' },
      {
        name: 'a NUL character in a _contains value',
        url: '/items/articles?filter[title][_contains]=%00',
        status: 400,
        code: 'INVALID_QUERY',
      },
      { name: 'a NUL character in search', url: '/items/articles?search=a%00b', status: 400, code: 'INVALID_QUERY' },
      {
        name: 'a lone surrogate in a filter value',
        url: `/items/articles?filter=${encodeURIComponent('{"title":{"_eq":"\\ud800"}}')}`,
        status: 400,
        code: 'INVALID_QUERY',
      },
      { name: 'an access_token array', url: '/items/articles?access_token[]=a&access_token[]=b', status: 400, code: 'INVALID_QUERY' },
    ];
    for (const c of cases) {
      it(`answers ${c.status} ${c.code} for ${c.name}`, async () => {
        // The access_token case goes without the Bearer header (both at once is a different error).
        const response = c.url.includes('access_token')
          ? await t.app.server.inject({ method: 'GET', url: c.url })
          : await raw('GET', c.url);
        expectError(response, c.status, c.code);
      });
    }

    it('survives deeply nested brackets (qs stops at depth 10)', async () => {
      const deep = `/items/articles?filter${'[a]'.repeat(40)}=1`;
      const response = await raw('GET', deep);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expectNoLeak(response);
      const deepLogic = `/items/articles?filter${'[_and][0]'.repeat(30)}[title][_eq]=x`;
      const second = await raw('GET', deepLogic);
      expect(second.statusCode).toBeLessThan(500);
      expectNoLeak(second);
    });

    it('survives 5000 parameters', async () => {
      const params = Array.from({ length: 5000 }, (_, i) => `p${i}=${i}`).join('&');
      // qs keeps the first 1000 parameters and drops the rest, as Directus does.
      const response = await raw('GET', `/items/articles?fields=title&sort=id&${params}`);
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toEqual([{ title: 'Keep me' }, { title: 'Me too' }]);
      const filters = Array.from({ length: 5000 }, (_, i) => `filter[_or][${i}][rating][_eq]=${i}`).join('&');
      const second = await raw('GET', `/items/articles?${filters}`);
      expect(second.statusCode).toBeLessThan(500);
      expectNoLeak(second);
    });

    it('refuses a relational depth past MAX_RELATIONAL_DEPTH (fields=*.*.*.*.*.*.*.*.*.*.*.*)', async () => {
      expectError(await raw('GET', '/items/articles?fields=*.*.*.*.*.*.*.*.*.*.*.*'), 400, 'INVALID_QUERY');
      expectError(await raw('GET', `/items/articles?fields=${Array.from({ length: 15 }, () => 'author').join('.')}`), 400, 'INVALID_QUERY');
    });

    it('answers a moderately deep wildcard without error', async () => {
      const response = await raw('GET', '/items/articles?fields=*.*.*');
      expect(response.statusCode).toBe(200);
    });

    it('treats a SQL-looking search or filter value as data', async () => {
      const response = await raw('GET', `/items/articles?search=${encodeURIComponent("'; DROP TABLE articles; --")}`);
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toEqual([]);
      const filter = await raw('GET', `/items/articles?filter[title][_eq]=${encodeURIComponent("x' OR '1'='1")}`);
      expect(dataOf(filter)).toEqual([]);
      const like = await raw('GET', `/items/articles?filter[title][_contains]=${encodeURIComponent('%')}`);
      expect(dataOf(like)).toEqual([]);
    });
  });

  describe('hostile names in the path', () => {
    const paths = [
      '/items/x;drop table y',
      '/items/x%3Bdrop%20table%20y',
      '/items/articles%60%3B%20DROP%20TABLE%20articles',
      "/items/articles'--",
      '/items/..%2F..%2Fetc%2Fpasswd',
      '/items/%00',
      '/items/articles/1;drop table articles',
      '/items/articles/1%20OR%201=1',
      `/items/${'a'.repeat(2000)}`,
      '/items/%E0%A4%A',
      '/items/service_users',
      '/items/SERVICE_USERS',
    ];
    for (const path of paths) {
      it(`answers a 4xx envelope for GET/POST/DELETE ${path.slice(0, 60)}`, async () => {
        for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
          const response = await raw(method, path, method === 'GET' || method === 'DELETE' ? undefined : '{"title":"x"}', {
            'content-type': 'application/json',
          });
          expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(500);
          expect((response.json() as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
          expectNoLeak(response);
        }
      });
    }

    it('answers 404 ROUTE_NOT_FOUND for unknown routes', async () => {
      const error = expectError(await raw('GET', '/nope'), 404, 'ROUTE_NOT_FOUND');
      expect(error.extensions.path).toBe('/nope');
      expectError(await raw('PUT', '/items/articles/1', '{}', { 'content-type': 'application/json' }), 404, 'ROUTE_NOT_FOUND');
    });
  });

  describe('headers', () => {
    it('answers 403 INVALID_TOKEN for a garbage JWT and 401 for a garbage static token', async () => {
      expectError(
        await t.app.server.inject({ method: 'GET', url: '/items/articles', headers: { authorization: 'Bearer a.b.c' } }),
        401,
        'INVALID_CREDENTIALS',
      );
      expectError(
        await t.app.server.inject({ method: 'GET', url: '/items/articles', headers: { authorization: `Bearer ${'x'.repeat(5000)}` } }),
        401,
        'INVALID_CREDENTIALS',
      );
    });

    it('ignores an Authorization header of another scheme (public access)', async () => {
      expectError(
        await t.app.server.inject({ method: 'GET', url: '/items/articles', headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
        403,
        'FORBIDDEN',
      );
    });
  });
});
