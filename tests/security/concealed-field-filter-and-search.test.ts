import { describe, expect, it } from 'vitest';
import { dataOf, expectError } from '../setup/expect-error.js';
import { expectNoSecret, useConcealedFixture } from './concealed-fixture.js';

type Row = Record<string, unknown>;

/**
 * Threat: a filter or search that compares a concealed value answers yes or no about it (`token _starts_with
 * a`, then `ab`, …), directly, through a relation (`owner.token`), in `deep`, in `meta` counts or via GraphQL.
 * A concealed field takes only `_null`, `_nnull`, `_empty` and `_nempty` (400 otherwise, as Directus); a field
 * function of it (`year(secret_at)`) or a field the reader can't read is refused (403); search skips both.
 */
describe('filter and search on concealed fields', () => {
  const fx = useConcealedFixture();

  const get = (url: string, token = fx.f.reader.token) => fx.t.request('GET', url, { token });
  const labels = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    expectNoSecret(response);
    return dataOf<Row[]>(response).map((r) => r.label);
  };

  it.each([
    '/users?filter[token][_starts_with]=static',
    '/users?filter[token][_eq]=static-token-of-other',
    '/users?filter[password][_contains]=argon',
    '/users?filter[tfa_secret][_in]=a,b',
    '/items/vault?filter[secret][_starts_with]=s3',
    '/items/vault?filter[secret][_gt]=s',
    '/items/vault?filter[pin][_eq]=pin-alpha-123',
    '/items/vault?filter[secret_at][_lt]=2025-01-01',
    '/items/vault?filter[owner][token][_starts_with]=static-token-of-r',
    '/items/vault?filter[_or][0][label][_eq]=x&filter[_or][1][owner][password][_nnull]=true&filter[_or][1][owner][password][_contains]=a',
    '/items/vault?meta=filter_count&limit=0&filter[secret][_ends_with]=alpha',
    '/items/vault?fields=id,notes.id&deep[notes][_filter][vault][secret][_starts_with]=s',
    '/items/vault_notes?fields=vault.label&deep[vault][_filter][secret][_eq]=s3cret-alpha',
    // Refused whatever the data: no parent row to read the relation for, or an aggregate that reads no relation.
    '/items/vault?fields=id,notes.id&limit=0&deep[notes][_filter][vault][secret][_starts_with]=s',
    '/items/vault?fields=id,notes.id&filter[label][_eq]=none&deep[notes][_filter][vault][pin][_eq]=x',
    '/items/vault?aggregate[count]=*&fields=notes.id&deep[notes][_filter][vault][secret][_eq]=x',
  ])('%s is refused (400)', async (url) => {
    const response = await get(url);
    expectError(response, 400, 'INVALID_QUERY');
    expectNoSecret(response);
  });

  it.each([
    '/items/vault?filter[year(secret_at)][_eq]=2020',
    '/items/vault?filter[hidden][_eq]=hidden-alpha',
    '/items/vault?filter[hidden][_null]=true',
    '/items/vault_notes?filter[vault][hidden][_starts_with]=hidden',
    '/items/vault_notes?filter[vault][year(secret_at)][_gt]=2025',
    '/items/vault?fields=id,notes.id&deep[notes][_filter][vault][hidden][_eq]=hidden-beta',
    '/items/vault?fields=id,notes.id&limit=0&deep[notes][_filter][vault][hidden][_eq]=hidden-beta',
    '/items/vault?aggregate[count]=*&fields=hidden',
    '/items/vault?groupBy[]=label&fields=x&alias[x]=hidden',
  ])('%s is refused (403)', async (url) => {
    const response = await get(url);
    expectError(response, 403, 'FORBIDDEN');
    expectNoSecret(response);
  });

  it('whether a concealed field is set can be asked (_null, _nnull, _empty, _nempty)', async () => {
    expect(await labels('/items/vault?fields=label&sort=label&filter[pin][_null]=true')).toEqual(['gamma']);
    expect(await labels('/items/vault?fields=label&sort=label&filter[secret_at][_nnull]=true')).toEqual(['alpha', 'beta']);
    expect(await labels('/items/vault?fields=label&sort=label&filter[secret][_nempty]=true')).toEqual(['alpha', 'beta', 'gamma']);
    expect(await labels('/items/vault?fields=label&sort=label&filter[owner][token][_nnull]=true')).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('search never matches a concealed or unreadable value, also in deep', async () => {
    for (const term of ['s3cret', 's3cret-alpha', 'pin-alpha-123', 'hidden-alpha', 'static-token', 'argon2']) {
      expect(await labels(`/items/vault?fields=label&search=${term}`)).toEqual([]);
      const users = await get(`/users?fields=id&search=${term}`);
      expect(dataOf<Row[]>(users)).toEqual([]);
      const deep = await get(`/items/vault?fields=label,notes.id&sort=label&deep[notes][_search]=${term}`);
      expect(dataOf<Row[]>(deep).map((r) => r.notes)).toEqual([[], [], []]);
    }
    expect(await labels('/items/vault?fields=label&search=alph')).toEqual(['alpha']);
  });

  it('GraphQL filters on concealed fields take the same four operators only', async () => {
    const gql = (endpoint: string, query: string) => fx.t.request('POST', endpoint, { token: fx.f.reader.token, body: { query } });
    for (const [endpoint, query] of [
      ['/graphql/system', '{ users(filter: { token: { _starts_with: "static" } }) { id } }'],
      ['/graphql', '{ vault(filter: { secret: { _eq: "s3cret-alpha" } }) { id } }'],
      ['/graphql', '{ vault(filter: { owner: { password: { _contains: "argon" } } }) { id } }'],
    ] as const) {
      const response = await gql(endpoint, query);
      const body = response.json() as { data?: unknown; errors?: { extensions: { code: string } }[] };
      expect(body.errors?.[0]?.extensions.code, response.body).toMatch(/^(INVALID_QUERY|GRAPHQL_VALIDATION)/);
    }
    const set = await gql('/graphql', '{ vault(filter: { pin: { _nnull: true } }, sort: ["label"]) { label pin } }');
    expect(set.json()).toEqual({
      data: {
        vault: [
          { label: 'alpha', pin: '**********' },
          { label: 'beta', pin: '**********' },
        ],
      },
    });
  });
});
