import { describe, expect, it } from 'vitest';
import { dataOf, expectError } from '../setup/expect-error.js';
import { expectNoSecret, useConcealedFixture } from './concealed-fixture.js';

type Row = Record<string, unknown>;

/**
 * Threat: an aggregate function of a concealed field returns its value (`min`/`max` of a password hash or a
 * static token) or compares values across rows (`countDistinct`). Only `count` (how many are set, what
 * `_nnull` tells as well) is allowed; any other function of a concealed field, or any function of a field the
 * reader can't read, is refused (403), through REST and GraphQL.
 */
describe('aggregate functions of concealed fields', () => {
  const fx = useConcealedFixture();

  const get = (url: string, token = fx.f.reader.token) => fx.t.request('GET', url, { token });

  it.each([
    '/users?aggregate[max]=password',
    '/users?aggregate[min]=token',
    '/users?aggregate[max]=tfa_secret',
    '/users?aggregate[countDistinct]=token',
    '/items/vault?aggregate[min]=secret',
    '/items/vault?aggregate[max]=pin',
    '/items/vault?aggregate[max]=secret_at',
    '/items/vault?aggregate[countDistinct]=secret',
    '/items/vault?aggregate[max]=hidden',
    '/items/vault?aggregate[count]=hidden',
    '/items/vault?aggregate[count]=*&aggregate[max]=secret',
  ])('%s is refused (403)', async (url) => {
    const response = await get(url);
    expectError(response, 403, 'FORBIDDEN');
    expectNoSecret(response);
  });

  it('an administrator is refused min/max of a hash too: concealed is never shown', async () => {
    const response = await get('/users?aggregate[max]=password', fx.t.adminToken);
    expectError(response, 403, 'FORBIDDEN');
    expectNoSecret(response, false);
  });

  it('counting a concealed field counts the rows where it is set, within the rule', async () => {
    const response = await get('/items/vault?aggregate[count]=secret,pin,secret_at');
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<Row[]>(response)).toEqual([{ count: { secret: 3, pin: 2, secret_at: 2 } }]);
  });

  it('GraphQL: max of a concealed field is refused, its count is allowed', async () => {
    const gql = (endpoint: string, query: string) => fx.t.request('POST', endpoint, { token: fx.f.reader.token, body: { query } });
    for (const [endpoint, query] of [
      ['/graphql/system', '{ users_aggregated { max { token } } }'],
      ['/graphql/system', '{ users_aggregated { countDistinct { password } } }'],
      ['/graphql', '{ vault_aggregated { min { secret } } }'],
      ['/graphql', '{ vault_aggregated { max { secret_at } } }'],
    ] as const) {
      const response = await gql(endpoint, query);
      expectNoSecret(response);
      const body = response.json() as { errors?: { extensions: { code: string } }[] };
      expect(body.errors?.[0]?.extensions.code, `${query}: ${response.body}`).toMatch(/^(FORBIDDEN|GRAPHQL_VALIDATION)/);
    }
    const counted = await gql('/graphql', '{ vault_aggregated { count { secret } } }');
    expect(counted.json(), counted.body).toEqual({ data: { vault_aggregated: [{ count: { secret: 3 } }] } });
  });
});
