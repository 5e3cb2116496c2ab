import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../src/modules/server/index.js';
import { PUBLIC_POLICY_ID } from '../../../src/kernel/system/system-collections.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { expectError } from '../../setup/expect-error.js';
import { seedCollections } from '../../setup/seed-collections.js';

/** `GET /server/specs/oas`: the caller's OpenAPI document (directus-behaviour: the document itself, no `{data}`). */
describe('GET /server/specs/oas', () => {
  let t: TestApp;
  const oas = async (token: string | null) => {
    const response = await t.request('GET', '/server/specs/oas', { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json() as OpenApiDocument;
  };
  /** Validates against the OpenAPI 3.0 schema and resolves every $ref (on a copy: the parser dereferences in place). */
  const validate = (doc: OpenApiDocument) => SwaggerParser.validate(structuredClone(doc) as never);

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives an administrator every collection, operation and system endpoint, as a valid document', async () => {
    const doc = await oas(t.adminToken);
    expect(doc).not.toHaveProperty('data');
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe(t.app.version);
    await validate(doc);
    for (const collection of ['articles', 'authors', 'comments']) {
      expect(Object.keys(doc.paths[`/items/${collection}`]!).sort()).toEqual(['delete', 'get', 'patch', 'post']);
      expect(Object.keys(doc.paths[`/items/${collection}/{id}`]!).sort()).toEqual(['delete', 'get', 'patch']);
    }
    expect(Object.keys(doc.paths['/items/home']!).sort()).toEqual(['get', 'patch']);
    for (const path of [
      '/auth/login',
      '/auth/refresh',
      '/auth/logout',
      '/users/me',
      '/users',
      '/activity',
      '/permissions',
      '/schema/snapshot',
      '/collections',
      '/files',
      '/files/{id}',
      '/folders',
      '/assets/{id}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const articles = doc.components.schemas['ItemsArticles']!;
    expect(articles['x-collection']).toBe('articles');
    expect(articles.properties).toMatchObject({
      id: { type: 'integer' },
      title: { type: 'string' },
      rating: { type: 'integer', nullable: true },
      featured: { type: 'boolean', nullable: true },
      published_on: { type: 'string', format: 'date', nullable: true },
      happened_at: { type: 'string', format: 'date-time', nullable: true },
      external_id: { type: 'string', format: 'uuid', nullable: true },
      metadata: { nullable: true },
      author: { oneOf: [{ type: 'integer' }, { $ref: '#/components/schemas/ItemsAuthors' }], nullable: true },
      comments: { type: 'array', items: { oneOf: [{ type: 'integer' }, { $ref: '#/components/schemas/ItemsComments' }] } },
    });
    expect(articles.properties!['title']).not.toHaveProperty('nullable');
    expect(doc.components.schemas['Users']!.properties).toMatchObject({
      id: { type: 'string', format: 'uuid' },
      email: { type: 'string' },
    });
  });

  it('describes only routes the server has (every operation answered by a route, not ROUTE_NOT_FOUND)', async () => {
    const doc = await oas(t.adminToken);
    const checked: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
          const parameter = operation.parameters?.find((p) => 'name' in p && p.name === name);
          const schema = parameter && 'schema' in parameter ? parameter.schema : {};
          if (schema.enum) return String(schema.enum[0]);
          if (schema.type === 'integer') return '999999';
          if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
          return 'nope';
        });
        // Anonymous, so nothing is changed: the answer is 2xx, 400, 401 or 403, never a missing route.
        const response = await t.request(method.toUpperCase(), url, method === 'get' ? {} : { body: {} });
        const code =
          response.statusCode === 404
            ? (response.json() as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code
            : null;
        expect(code, `${method.toUpperCase()} ${url}`).not.toBe('ROUTE_NOT_FOUND');
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked.length).toBeGreaterThan(60);
  });

  it('shows a limited user only the collections, fields and operations they hold', async () => {
    const user = await t.userWith({
      permissions: [
        { collection: 'articles', action: 'read', fields: ['id', 'title', 'author'] },
        { collection: 'articles', action: 'update', fields: ['title'] },
        { collection: 'comments', action: 'create', fields: ['body'] },
      ],
    });
    const doc = await oas(user.token);
    await validate(doc);
    expect(Object.keys(doc.paths['/items/articles']!).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(doc.paths['/items/articles/{id}']!).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(doc.paths['/items/comments']!)).toEqual(['post']);
    expect(doc.paths).not.toHaveProperty('/items/comments/{id}');
    expect(doc.paths).not.toHaveProperty('/items/authors');
    expect(doc.paths).not.toHaveProperty('/items/home');
    expect(Object.keys(doc.components.schemas['ItemsArticles']!.properties!)).toEqual(['id', 'title', 'author']);
    // authors is not theirs: the relation is the key alone.
    expect(doc.components.schemas['ItemsArticles']!.properties!['author']).toEqual({ type: 'integer', format: 'int32', nullable: true });
    expect(Object.keys(doc.components.schemas['ItemsComments']!.properties!)).toEqual(['body']);
    expect(doc.components.schemas).not.toHaveProperty('ItemsAuthors');
    expect(doc.paths['/users/me']).toHaveProperty('get');
    expect(doc.paths['/users/me']).not.toHaveProperty('patch');
    expectError(await t.request('PATCH', '/users/me', { token: user.token, body: { first_name: 'X' } }), 403, 'FORBIDDEN');
    for (const path of ['/users', '/permissions', '/schema/snapshot', '/collections', '/utils/cache/clear'])
      expect(doc.paths).not.toHaveProperty([path]);
    // What the document promises, the API does; what it leaves out, the API refuses.
    expect((await t.request('GET', '/items/articles?fields=id,title', { token: user.token })).statusCode).toBe(200);
    expectError(await t.request('GET', '/items/authors', { token: user.token }), 403, 'FORBIDDEN');
  });

  it('includes the app-access endpoints for an app user', async () => {
    const user = await t.userWith({ appAccess: true });
    const doc = await oas(user.token);
    await validate(doc);
    expect(doc.paths['/activity']).toHaveProperty('get');
    expect(doc.paths['/collections']).toHaveProperty('get');
    expect(doc.paths['/collections']).not.toHaveProperty('post');
    expect(doc.components.schemas).toHaveProperty('Activity');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/items/'))).toEqual([]);
  });

  it('gives an anonymous caller without public rules only the authentication, server and open utility endpoints', async () => {
    const doc = await oas(null);
    await validate(doc);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    // Hashing and random strings are open to everyone, as in Directus; so are accepting an invitation, registering,
    // and a share's info and sign-in.
    expect(
      Object.keys(doc.paths)
        .filter((p) => !p.startsWith('/auth') && !p.startsWith('/server'))
        .sort(),
    ).toEqual([
      '/shares/auth',
      '/shares/info/{id}',
      '/users/invite/accept',
      '/users/register',
      '/users/register/verify-email',
      '/utils/hash/generate',
      '/utils/hash/verify',
      '/utils/random/string',
    ]);
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Errors', 'Meta']);
  });

  it('gives an anonymous caller what the public policy allows', async () => {
    const response = await t.request('POST', '/permissions', {
      token: t.adminToken,
      body: { policy: PUBLIC_POLICY_ID, collection: 'authors', action: 'read', fields: ['id', 'name'] },
    });
    expect(response.statusCode).toBe(200);
    const doc = await oas(null);
    await validate(doc);
    expect(Object.keys(doc.paths['/items/authors']!)).toEqual(['get']);
    expect(Object.keys(doc.components.schemas['ItemsAuthors']!.properties!)).toEqual(['id', 'name']);
    expect(doc.paths).not.toHaveProperty('/items/articles');
  });

  it('names this instance in servers: PUBLIC_URL, else the host the request came to', async () => {
    const response = await t.request('GET', '/server/specs/oas', { token: t.adminToken, headers: { host: 'api.example.test:8055' } });
    expect((response.json() as OpenApiDocument).servers[0]!.url).toBe('http://api.example.test:8055');
  });

  describe('bad input', () => {
    it('refuses an invalid token', async () => {
      expectError(await t.request('GET', '/server/specs/oas', { token: 'not-a-token' }), 401, 'INVALID_CREDENTIALS');
    });

    it('has no other methods', async () => {
      expectError(await t.request('POST', '/server/specs/oas', { token: t.adminToken, body: {} }), 404, 'ROUTE_NOT_FOUND');
    });

    it('refuses an unknown export format', async () => {
      expectError(await t.request('GET', '/server/specs/oas?export=nope', { token: t.adminToken }), 400, 'INVALID_QUERY');
    });

    it('ignores query parameters it does not use', async () => {
      const response = await t.request('GET', '/server/specs/oas?fields=id&filter[x][_eq]=1', { token: t.adminToken });
      expect(response.statusCode).toBe(200);
    });
  });
});
