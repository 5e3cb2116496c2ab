import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectError } from '../setup/expect-error.js';

/**
 * Threat: one small GraphQL request that makes the server do a great deal of work: thousands of aliases of a
 * field that runs a resolver (a list read, server_ping), fragments that spread each other several times (a few
 * hundred tokens expanding to millions of fields, which the validator's overlap check alone chokes on), or deep
 * nesting. Each is refused as a whole (400 GRAPHQL_VALIDATION) before anything runs, with or without a token.
 */
describe('GraphQL amplification by aliases, fragments and nesting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const created = await t.request('POST', '/collections', {
      token: t.adminToken,
      body: {
        collection: 'amp_nodes',
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'parent', type: 'integer' },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    const relation = await t.request('POST', '/relations', {
      token: t.adminToken,
      body: { collection: 'amp_nodes', field: 'parent', related_collection: 'amp_nodes' },
    });
    expect(relation.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (path: string, query: string, token: string | null) => t.request('POST', path, { token, body: { query } });
  const refused = async (path: string, query: string, token: string | null, pattern: RegExp) => {
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    t.app.knex.on('query', listen);
    const response = await ask(path, query, token).finally(() => t.app.knex.off('query', listen));
    const error = expectError(response, 400, 'GRAPHQL_VALIDATION');
    expect(JSON.stringify(error.extensions)).toMatch(pattern);
    expect(response.json()).not.toHaveProperty('data');
    // Refused before anything ran: no read of the collection the document asks for.
    expect(statements.filter((sql) => sql.includes('amp_nodes'))).toEqual([]);
  };
  const aliases = (count: number, field: string) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
  /** Six fragments, each spreading the next ten times: about 60 spreads that expand to a million fields. */
  const fanOut = (type: string, leaf: string) => {
    const levels = 6;
    const fragments = Array.from({ length: levels }, (_, level) =>
      level === levels - 1
        ? `fragment F${level} on ${type} { ${leaf} }`
        : `fragment F${level} on ${type} { ${Array.from({ length: 10 }, () => `...F${level + 1}`).join(' ')} }`,
    );
    return `{ ...F0 } ${fragments.join(' ')}`;
  };

  for (const who of ['without a token', 'as an administrator']) {
    const token = () => (who === 'without a token' ? null : t.adminToken);

    it(`10,000 aliases of server_ping on /graphql/system, ${who}`, async () => {
      await refused('/graphql/system', aliases(10_000, 'server_ping'), token(), /token|too many/i);
    });

    it(`500 aliases of server_ping, 700 of a list read (both under the token limit), ${who}`, async () => {
      await refused('/graphql/system', aliases(500, 'server_ping'), token(), /too many top-level fields/);
      await refused('/graphql', aliases(700, 'amp_nodes { id }'), token(), /too many/);
    });

    it(`the same field repeated thousands of times (one response name), ${who}`, async () => {
      await refused('/graphql/system', `{ ${'server_ping '.repeat(4_000)}}`, token(), /too many fields/);
    });

    it(`fragments spreading fragments (a million fields from 70 spreads), ${who}`, async () => {
      await refused('/graphql/system', fanOut('Query', 'server_ping'), token(), /too many fields/);
      await refused('/graphql', fanOut('amp_nodes', 'id a: id b: id'), token(), /too many fields/);
    });
  }

  it('nesting deeper than MAX_RELATIONAL_DEPTH + 2', async () => {
    const deep = `{ amp_nodes { ${'parent { '.repeat(30)}id${' }'.repeat(30)} } }`;
    await refused('/graphql', deep, t.adminToken, /nested too deeply/);
  });

  it('still answers ordinary documents: a hundred aliases, fragments used a few times, the introspection query', async () => {
    const hundred = await ask('/graphql/system', aliases(100, 'server_ping'), null);
    expect(hundred.statusCode).toBe(200);
    expect(Object.keys((hundred.json() as { data: Record<string, unknown> }).data)).toHaveLength(100);
    const fragments = await ask(
      '/graphql',
      '{ a: amp_nodes { ...N } b: amp_nodes { ...N parent { ...N } } } fragment N on amp_nodes { id parent { id } }',
      t.adminToken,
    );
    expect(fragments.statusCode).toBe(200);
    const { getIntrospectionQuery } = await import('graphql');
    const introspection = await ask('/graphql', getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }), t.adminToken);
    expect(introspection.statusCode).toBe(200);
  });
});
