import { buildSchema, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { expectError } from '../../setup/expect-error.js';
import { seedCollections } from '../../setup/seed-collections.js';

/** `GET /server/specs/graphql[/items|/system]`: the caller's GraphQL schema as SDL, parsed back with graphql-js. */
describe('GET /server/specs/graphql', () => {
  let t: TestApp;
  let limited: string;

  const sdl = async (url: string, token: string | null): Promise<GraphQLSchema> => {
    const response = await t.request('GET', url, { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Stratum_\d{4}-\d{2}-\d{2}\.graphql"$/);
    return buildSchema(response.body);
  };
  const fieldsOf = (schema: GraphQLSchema, type: string) => Object.keys((schema.getType(type) as GraphQLObjectType).getFields());

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    limited = (
      await t.userWith({
        permissions: [
          { collection: 'articles', action: 'read', fields: ['id', 'title'] },
          { collection: 'articles', action: 'update', fields: ['title'] },
        ],
      })
    ).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives an administrator every collection with queries and mutations', async () => {
    const schema = await sdl('/server/specs/graphql', t.adminToken);
    for (const type of ['articles', 'authors', 'comments', 'home']) expect(schema.getType(type), type).toBeDefined();
    expect(fieldsOf(schema, 'articles')).toEqual(expect.arrayContaining(['id', 'title', 'rating', 'author', 'comments']));
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(
      expect.arrayContaining(['articles', 'articles_by_id', 'authors', 'home']),
    );
    expect(Object.keys(schema.getMutationType()!.getFields())).toEqual(
      expect.arrayContaining(['create_articles_item', 'update_articles_item', 'delete_articles_item']),
    );
  });

  it('answers /items as the default scope', async () => {
    const a = await t.request('GET', '/server/specs/graphql', { token: t.adminToken });
    const b = await t.request('GET', '/server/specs/graphql/items', { token: t.adminToken });
    expect(a.body).toBe(b.body);
  });

  it('gives a limited user only their collections, fields and mutations', async () => {
    const schema = await sdl('/server/specs/graphql', limited);
    expect(fieldsOf(schema, 'articles')).toEqual(['id', 'title']);
    expect(schema.getType('authors')).toBeUndefined();
    expect(schema.getType('comments')).toBeUndefined();
    const mutations = Object.keys(schema.getMutationType()!.getFields());
    expect(mutations).toEqual(expect.arrayContaining(['update_articles_item']));
    expect(mutations).not.toContain('create_articles_item');
    expect(mutations).not.toContain('delete_articles_item');
  });

  it('prints the system schema of the caller', async () => {
    const admin = await sdl('/server/specs/graphql/system', t.adminToken);
    expect(Object.keys(admin.getQueryType()!.getFields())).toEqual(
      expect.arrayContaining([
        'users',
        'users_me',
        'activity',
        'permissions',
        'server_ping',
        'server_info',
        'server_health',
        'collections',
        'fields',
        'relations',
      ]),
    );
    expect(admin.getType('service_permissions')).toBeDefined();
    expect(Object.keys(admin.getMutationType()!.getFields())).toEqual(expect.arrayContaining(['auth_login', 'create_users_item']));

    const user = await sdl('/server/specs/graphql/system', limited);
    // No rule on any system collection (no app access): only what everyone has.
    expect(Object.keys(user.getQueryType()!.getFields())).toEqual(['server_ping', 'server_info', 'server_health']);
    expect(user.getType('service_permissions')).toBeUndefined();
    expect(Object.keys(user.getMutationType()!.getFields())).not.toContain('create_users_item');
  });

  it('gives an anonymous caller without public rules no collections', async () => {
    const items = await sdl('/server/specs/graphql', null);
    expect(items.getType('articles')).toBeUndefined();
    expect(items.getMutationType()).toBeUndefined();
    const system = await sdl('/server/specs/graphql/system', null);
    expect(Object.keys(system.getQueryType()!.getFields())).not.toContain('activity');
    expect(Object.keys(system.getMutationType()!.getFields())).toContain('auth_login');
  });

  it('prints the schema /graphql serves the caller', async () => {
    const printed = await sdl('/server/specs/graphql', limited);
    const response = await t.request('POST', '/graphql', {
      token: limited,
      body: { query: '{ __type(name: "articles") { fields { name } } }' },
    });
    const served = (response.json() as { data: { __type: { fields: { name: string }[] } } }).data.__type.fields.map((f) => f.name);
    expect(served).toEqual(fieldsOf(printed, 'articles'));
  });

  describe('bad input', () => {
    it('is 404 for a scope other than items and system', async () => {
      expectError(await t.request('GET', '/server/specs/graphql/nope', { token: t.adminToken }), 404, 'ROUTE_NOT_FOUND');
    });

    it('refuses an invalid token', async () => {
      expectError(await t.request('GET', '/server/specs/graphql', { token: 'not-a-token' }), 401, 'INVALID_CREDENTIALS');
    });

    it('has no other methods', async () => {
      expectError(await t.request('POST', '/server/specs/graphql/system', { token: t.adminToken, body: {} }), 404, 'ROUTE_NOT_FOUND');
    });
  });
});
