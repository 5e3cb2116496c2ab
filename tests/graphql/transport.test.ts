import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectError, expectNoLeak } from '../setup/expect-error.js';
import { gql, validationMessages, type GraphqlBody } from './graphql-request.js';

describe('GraphQL transport (/graphql/system)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a POST query with {data}', async () => {
    const response = await gql(t, '{ server_ping }');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ data: { server_ping: 'pong' } });
  });

  it('answers a GET query with variables and operationName', async () => {
    const query = 'query A($limit: Int) { activity(limit: $limit) { id } } query B { server_ping }';
    const response = await t.request('GET', '/graphql/system', {
      token: t.adminToken,
      query: { query, variables: JSON.stringify({ limit: 1 }), operationName: 'A' },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: { activity: unknown[] } }).data.activity).toHaveLength(1);
  });

  it('refuses a mutation sent with GET with 405', async () => {
    const response = await t.request('GET', '/graphql/system', {
      query: { query: 'mutation { auth_logout(refresh_token: "x") }' },
    });
    const error = expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(error.message).toBe('Invalid method "GET" used. Should be one of "POST".');
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await t.request(method, '/graphql/system', { body: { query: '{ server_ping }' } });
      const error = expectError(response, 405, 'METHOD_NOT_ALLOWED');
      expect(error.extensions.allowed).toEqual(['GET', 'POST']);
      expect(response.headers.allow).toBe('GET, POST');
    }
  });

  it('refuses a request without a query with 400 INVALID_PAYLOAD', async () => {
    const post = await t.request('POST', '/graphql/system', { body: {} });
    expect(expectError(post, 400, 'INVALID_PAYLOAD').extensions.reason).toBe('Must provide query string');
    const get = await t.request('GET', '/graphql/system');
    expectError(get, 400, 'INVALID_PAYLOAD');
  });

  it('refuses variables that are not JSON with 400 INVALID_QUERY', async () => {
    const response = await t.request('GET', '/graphql/system', { query: { query: '{ server_ping }', variables: '{nope' } });
    expect(expectError(response, 400, 'INVALID_QUERY').extensions.reason).toBe('Variables are invalid JSON');
  });

  it('answers a syntax error with 400 GRAPHQL_VALIDATION', async () => {
    const response = await gql(t, '{ activity { id ', { token: t.adminToken });
    const error = expectError(response, 400, 'GRAPHQL_VALIDATION');
    expect(error.message).toBe('GraphQL validation error.');
    expect(validationMessages(response)).toEqual(['Syntax Error: Expected Name, found <EOF>.']);
  });

  it('answers an unknown field with 400 GRAPHQL_VALIDATION and its location', async () => {
    const response = await gql(t, '{ activity { id nonexistent } }', { token: t.adminToken });
    expectError(response, 400, 'GRAPHQL_VALIDATION');
    const body = response.json() as { errors: { extensions: { errors: unknown[] } }[] };
    expect(body.errors[0]!.extensions.errors).toEqual([
      { message: 'Cannot query field "nonexistent" on type "service_activity".', locations: [{ line: 1, column: 17 }] },
    ]);
  });

  it('answers wrong arguments and wrongly typed variables with 400 GRAPHQL_VALIDATION', async () => {
    expectError(await gql(t, '{ activity(limit: "ten") { id } }', { token: t.adminToken }), 400, 'GRAPHQL_VALIDATION');
    expectError(await gql(t, '{ activity_by_id { id } }', { token: t.adminToken }), 400, 'GRAPHQL_VALIDATION');
    const variables = await gql(t, 'query ($l: Int) { activity(limit: $l) { id } }', { token: t.adminToken, variables: { l: 'x' } });
    expectError(variables, 400, 'GRAPHQL_VALIDATION');
    const unknownOperation = await gql(t, 'query A { server_ping }', { operationName: 'B' });
    expectError(unknownOperation, 400, 'GRAPHQL_VALIDATION');
  });

  it('refuses a document nested deeper than the limit with 400', async () => {
    const open = Array.from({ length: 8 }, () => 'user { role { users { ').join('');
    const close = Array.from({ length: 8 }, () => '} } } ').join('');
    const response = await gql(t, `{ activity { ${open} id ${close} } }`, { token: t.adminToken });
    expectError(response, 400, 'GRAPHQL_VALIDATION');
    expect(validationMessages(response)[0]).toMatch(/nested too deeply/);
  });

  it('refuses a document of more than 5000 tokens with 400', async () => {
    const fields = Array.from({ length: 3000 }, (_, i) => `a${i}: server_ping`).join(' ');
    const response = await gql(t, `{ ${fields} }`);
    expectError(response, 400, 'GRAPHQL_VALIDATION');
    expect(validationMessages(response)[0]).toMatch(/5000 tokens/);
  });

  it('refuses hostile nesting without a 500', async () => {
    const deep = `{ ${'a { '.repeat(2400)}b${' }'.repeat(2400)} }`;
    expectError(await gql(t, deep), 400, 'GRAPHQL_VALIDATION');
    const filter = `{ activity(filter: ${'{ _and: ['.repeat(800)}{}${'] }'.repeat(800)}) { id } }`;
    const response = await gql(t, filter, { token: t.adminToken });
    expect(response.statusCode).toBeLessThan(500);
    expectNoLeak(response);
  });

  it('refuses fragment fan-out deeper than the limit', async () => {
    const fragments = Array.from({ length: 14 }, (_, i) => `fragment F${i} on service_roles { users { role { ...F${i + 1} } } }`).join(
      '\n',
    );
    const response = await gql(t, `{ roles { ...F0 } } ${fragments} fragment F14 on service_roles { id }`, { token: t.adminToken });
    expectError(response, 400, 'GRAPHQL_VALIDATION');
  });

  it('allows the introspection query', async () => {
    const response = await gql(
      t,
      '{ __schema { queryType { name } types { name fields { name type { name ofType { name ofType { name ofType { name } } } } } } } }',
      {
        token: t.adminToken,
      },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json() as GraphqlBody;
    const names = (body.data!.__schema as { types: { name: string }[] }).types.map((type) => type.name);
    expect(names).toEqual(expect.arrayContaining(['service_activity', 'service_permissions', 'service_users', 'auth_tokens']));
  });

  it('serves /graphql for user collections too', async () => {
    const response = await t.request('POST', '/graphql', { token: t.adminToken, body: { query: '{ __typename }' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('GraphQL variables from a query string', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses prototype keys in GET variables', async () => {
    const response = await t.request('GET', '/graphql/system', {
      query: { query: '{ server_ping }', variables: '{"__proto__": {"x": 1}}' },
    });
    expectError(response, 400, 'INVALID_QUERY');
  });

  it('refuses a query when the caller has no mutation at all', async () => {
    const user = await t.userWith({ permissions: [] });
    const response = await t.request('POST', '/graphql', { token: user.token, body: { query: 'mutation { x }' } });
    expectError(response, 400, 'GRAPHQL_VALIDATION');
  });
});
