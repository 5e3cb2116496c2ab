import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { gql, gqlData, validationMessages, type GraphqlBody } from './graphql-request.js';

type Row = Record<string, unknown>;

const COLLECTION = 'collection meta { icon note hidden singleton translations sort group } schema { name }';
const FIELD =
  'collection field type meta { id special interface options required sort } schema { name table data_type max_length is_nullable is_primary_key foreign_key_table }';
const RELATION =
  'collection field related_collection meta { many_collection many_field one_collection one_field } schema { table column foreign_key_table on_delete }';

/** Keeps the keys a GraphQL selection asked for, for comparing with the REST answer. */
function pick(value: unknown, like: unknown): unknown {
  if (Array.isArray(like)) return (value as unknown[]).map((v, i) => pick(v, like[i]));
  if (like === null || typeof like !== 'object' || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(like).map((key) => [key, pick((value as Row)[key], (like as Row)[key])]));
}

/** `collections`, `fields`, `relations` on /graphql/system: the same services and permissions as REST. */
describe('GraphQL schema fields (/graphql/system)', () => {
  let t: TestApp;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp();
    const post = async (url: string, body: unknown) => {
      const response = await t.request('POST', url, { token: t.adminToken, body });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    };
    await post('/collections', {
      collection: 'authors',
      meta: { icon: 'person', note: 'People', translations: [{ language: 'de-DE', translation: 'Autoren' }] },
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'name', type: 'string', meta: { required: true, options: { trim: true } }, schema: { max_length: 80 } },
      ],
    });
    await post('/collections', {
      collection: 'articles',
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'author', type: 'integer', meta: { special: ['m2o'] } },
      ],
    });
    await post('/relations', { collection: 'articles', field: 'author', related_collection: 'authors', schema: { on_delete: 'SET NULL' } });
    ({ token: reader } = await t.userWith({
      permissions: [
        { collection: 'service_collections', action: 'read' },
        { collection: 'service_fields', action: 'read' },
        { collection: 'service_relations', action: 'read' },
        { collection: 'articles', action: 'read', fields: ['*'] },
      ],
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  const rest = async (url: string, token: string) => dataOf<unknown>(await t.request('GET', url, { token }));

  for (const who of ['admin', 'reader'] as const) {
    it(`answers what REST answers, for ${who === 'admin' ? 'an administrator' : 'a user who may read some collections'}`, async () => {
      const token = who === 'admin' ? t.adminToken : reader;
      // A relation into a collection the reader may not read is a 403 on REST too (below).
      const byName = who === 'admin' ? `relations_by_name(collection: "articles", field: "author") { ${RELATION} }` : '';
      const data = await gqlData<Record<string, unknown>>(
        t,
        `{ collections { ${COLLECTION} } fields { ${FIELD} } relations { ${RELATION} }
           collections_by_name(name: "articles") { ${COLLECTION} } fields_in_collection(collection: "articles") { ${FIELD} }
           fields_by_name(collection: "articles", field: "author") { ${FIELD} }
           relations_in_collection(collection: "articles") { ${RELATION} } ${byName} }`,
        { token },
      );
      const expected: Record<string, unknown> = {
        collections: await rest('/collections', token),
        fields: await rest('/fields', token),
        relations: await rest('/relations', token),
        collections_by_name: await rest('/collections/articles', token),
        fields_in_collection: await rest('/fields/articles', token),
        fields_by_name: await rest('/fields/articles/author', token),
        relations_in_collection: await rest('/relations/articles', token),
        ...(who === 'admin' ? { relations_by_name: await rest('/relations/articles/author', token) } : {}),
      };
      for (const [key, value] of Object.entries(expected)) expect(data[key], key).toEqual(pick(value, data[key]));
      const names = (data.collections as Row[]).map((c) => c.collection);
      expect(names).toContain('articles');
      if (who === 'admin') expect(names).toContain('authors');
      else expect(names).not.toContain('authors');
      if (who === 'admin') {
        const authors = (data.collections as Row[]).find((c) => c.collection === 'authors') as { meta: Row };
        expect(authors.meta).toMatchObject({
          icon: 'person',
          note: 'People',
          translations: [{ language: 'de-DE', translation: 'Autoren' }],
        });
      }
    });
  }

  it('refuses what the caller may not read: FORBIDDEN for another collection, no such fields without read access', async () => {
    const hidden = await gql(
      t,
      '{ collections_by_name(name: "authors") { collection } fields_in_collection(collection: "authors") { field } }',
      {
        token: reader,
      },
    );
    const body = hidden.json() as GraphqlBody;
    expect(body.data).toEqual({ collections_by_name: null, fields_in_collection: null });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    const relation = await gql(t, '{ relations_by_name(collection: "articles", field: "author") { field } }', { token: reader });
    expect((relation.json() as GraphqlBody).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.request('GET', '/relations/articles/author', { token: reader })).statusCode).toBe(403);

    const { token: nobody } = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['*'] }] });
    for (const token of [nobody, null]) {
      const refused = await gql(t, '{ collections { collection } fields { field } relations { field } }', { token });
      expect(refused.statusCode).toBe(400);
      expect(validationMessages(refused).join('\n')).toMatch(/Cannot query field "collections" on type "Query"/);
    }
  });

  it('server_info and server_health answer as /server/info and /server/health, for each caller', async () => {
    for (const token of [t.adminToken, reader, null]) {
      const data = await gqlData<{ server_info: Row; server_health: Row }>(
        t,
        '{ server_info { project { project_name } version vendor } server_health }',
        { token },
      );
      const info = dataOf<Row>(await t.request('GET', '/server/info', { token }));
      expect(data.server_info).toEqual({ version: null, vendor: null, ...info });
      // Not an administrator: no version, no vendor (as REST).
      if (token !== t.adminToken) expect(data.server_info).toMatchObject({ version: null, vendor: null });
      else expect(data.server_info.version).toEqual(expect.any(String));
      const health = await t.request('GET', '/server/health', { token });
      expect(data.server_health).toEqual(JSON.parse(health.body));
      expect(data.server_health).toMatchObject({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    }
  });
});
