import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectError } from '../setup/expect-error.js';

/**
 * Threat: an operator turns introspection off (GRAPHQL_INTROSPECTION=false) to keep the shape of the data model
 * private, but the same schema leaks through `__type`, through `__schema` on the other endpoint, or as SDL from
 * /server/specs/graphql. All of them are refused; `__typename` (not introspection of the schema) still works.
 */
describe.each([
  ['false', false],
  ['true (default)', true],
])('GRAPHQL_INTROSPECTION=%s', (value, on) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(on ? {} : { GRAPHQL_INTROSPECTION: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const documents = [
    '{ __schema { types { name } } }',
    '{ __type(name: "Query") { name fields { name } } }',
    '{ ... on Query { __schema { queryType { name } } } }',
    'query { ...S } fragment S on Query { x: __type(name: "Query") { name } }',
  ];

  for (const path of ['/graphql', '/graphql/system']) {
    it(`${on ? 'answers' : 'refuses'} __schema and __type on ${path}, for administrators and the public alike`, async () => {
      for (const token of [t.adminToken, null]) {
        for (const query of documents) {
          const response = await t.request('POST', path, { token, body: { query } });
          if (on) expect(response.statusCode).toBe(200);
          else expect(JSON.stringify(expectError(response, 400, 'GRAPHQL_VALIDATION').extensions)).toMatch(/introspection/i);
        }
        const typename = await t.request('POST', path, { token, body: { query: '{ __typename }' } });
        expect(typename.statusCode).toBe(200);
      }
    });
  }

  it(`${on ? 'serves' : 'refuses (403)'} the SDL at /server/specs/graphql and /server/specs/graphql/system`, async () => {
    for (const path of ['/server/specs/graphql', '/server/specs/graphql/items', '/server/specs/graphql/system']) {
      const response = await t.request('GET', path, { token: t.adminToken });
      if (on) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('type Query');
      } else {
        expectError(response, 403, 'FORBIDDEN');
        expect(response.body).not.toContain('type Query');
      }
    }
  });
});
