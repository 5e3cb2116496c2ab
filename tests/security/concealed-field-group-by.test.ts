import { describe, expect, it } from 'vitest';
import { dataOf, expectError } from '../setup/expect-error.js';
import { expectNoSecret, useConcealedFixture } from './concealed-fixture.js';

type Row = Record<string, unknown>;

/**
 * Threat: a reader who may read a concealed field (granted, but shown only as a mask) groups by it, and each
 * group's key is the stored value: a user's own argon2 hash and TOTP secret, or with `*` on users every
 * user's static token. Grouping by a concealed field (or a function of one) is refused like a field the
 * reader can't read, through REST and GraphQL alike.
 */
describe('groupBy on concealed fields', () => {
  const fx = useConcealedFixture();

  const get = (url: string) => fx.t.request('GET', url, { token: fx.f.reader.token });

  it.each([
    '/users?groupBy[]=password',
    '/users?groupBy[]=tfa_secret',
    '/users?groupBy[]=token',
    '/users?groupBy[]=token&aggregate[count]=*',
    '/users?groupBy[]=id&groupBy[]=token',
    '/items/vault?groupBy[]=secret',
    '/items/vault?groupBy[]=pin',
    '/items/vault?groupBy[]=year(secret_at)',
    '/items/vault?groupBy[]=hidden',
  ])('%s is refused (403) without a value in the answer', async (url) => {
    const response = await get(url);
    expectError(response, 403, 'FORBIDDEN');
    expectNoSecret(response);
  });

  it('an app user grouping their own users row by password gets no hash either', async () => {
    const app = await fx.t.userWith({ appAccess: true });
    for (const field of ['password', 'tfa_secret']) {
      const response = await fx.t.request('GET', `/users?groupBy[]=${field}`, { token: app.token });
      expectError(response, 403, 'FORBIDDEN');
      expectNoSecret(response);
    }
  });

  it('GraphQL users_aggregated and <collection>_aggregated refuse a concealed group too', async () => {
    for (const [endpoint, query] of [
      ['/graphql/system', '{ users_aggregated(groupBy: ["token"]) { group count { id } } }'],
      ['/graphql/system', '{ users_aggregated(groupBy: ["password"]) { group } }'],
      ['/graphql', '{ vault_aggregated(groupBy: ["secret"]) { group } }'],
    ] as const) {
      const response = await fx.t.request('POST', endpoint, { token: fx.f.reader.token, body: { query } });
      expectNoSecret(response);
      const body = response.json() as { errors?: { extensions: { code: string } }[]; data?: unknown };
      expect(body.errors?.[0]?.extensions.code, response.body).toBe('FORBIDDEN');
    }
  });

  it('grouping by readable fields still works, and counts of a concealed field are allowed', async () => {
    const response = await get('/items/vault?groupBy[]=owner&aggregate[count]=secret&sort=owner');
    expect(response.statusCode, response.body).toBe(200);
    expectNoSecret(response);
    const rows = dataOf<Row[]>(response);
    expect(rows.reduce((sum, row) => sum + Number((row.count as Row).secret), 0)).toBe(3);
  });
});
