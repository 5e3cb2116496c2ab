import { describe, expect, it } from 'vitest';
import { dataOf, expectError } from '../setup/expect-error.js';
import { expectNoSecret, useConcealedFixture } from './concealed-fixture.js';

type Row = Record<string, unknown>;
const MASK = '**********';

/**
 * Threat: a concealed or unreadable field read under another name (`alias[x]=password`, a GraphQL alias), as a
 * function of it (`alias[y]=year(secret_at)`), through a relation (`owner.password`, `owner.*`) or in a
 * nested level with its own `deep` query. The value shows as the mask wherever the field is selected; a
 * function of it, or an unreadable field under any name, is refused (403).
 */
describe('concealed fields through alias, relations and deep', () => {
  const fx = useConcealedFixture();

  const get = (url: string, token = fx.f.reader.token) => fx.t.request('GET', url, { token });
  const read = async (url: string, token = fx.f.reader.token) => {
    const response = await get(url, token);
    expect(response.statusCode, response.body).toBe(200);
    expectNoSecret(response, token !== fx.t.adminToken);
    return dataOf<Row[]>(response);
  };

  it('an alias of a concealed field shows the mask', async () => {
    const rows = await read('/items/vault?fields=label,x,y&alias[x]=secret&alias[y]=pin&sort=label');
    expect(rows).toEqual([
      { label: 'alpha', x: MASK, y: MASK },
      { label: 'beta', x: MASK, y: MASK },
      { label: 'gamma', x: MASK, y: null },
    ]);
    const me = await read(`/users?fields=p,t,s&alias[p]=password&alias[t]=token&alias[s]=tfa_secret&filter[id][_eq]=${fx.f.reader.userId}`);
    expect(me).toEqual([{ p: MASK, t: MASK, s: null }]);
  });

  it.each([
    '/items/vault?fields=y&alias[y]=year(secret_at)',
    '/items/vault?fields=label,h&alias[h]=hidden',
    '/items/vault?fields=year(secret_at)',
    '/items/vault_notes?fields=vault.y&alias[y]=secret',
    '/items/vault_notes?fields=vault.hidden',
    '/items/vault_notes?fields=vault.year(secret_at)',
  ])('%s is refused (403)', async (url) => {
    const response = await get(url);
    expectError(response, 403, 'FORBIDDEN');
    expectNoSecret(response);
  });

  it('concealed fields of a related item show the mask (owner.password, owner.*, vault.*)', async () => {
    const rows = await read('/items/vault?fields=label,owner.password,owner.token,owner.tfa_secret&sort=label');
    expect(rows.map((r) => r.owner)).toEqual([
      { password: MASK, token: MASK, tfa_secret: null },
      { password: MASK, token: MASK, tfa_secret: null },
      { password: MASK, token: MASK, tfa_secret: null },
    ]);
    const all = await read('/items/vault?fields=owner.*,notes.vault.*&sort=label');
    expect(all.every((r) => (r.owner as Row).token === MASK)).toBe(true);
    const notes = await read('/items/vault_notes?fields=vault.*&sort=id');
    expect(notes.map((n) => (n.vault as Row).secret)).toEqual([MASK, MASK]);
  });

  it('deep levels keep the mask and the row rule, and refuse concealed or unreadable fields in their queries', async () => {
    const rows = await read(
      '/items/vault?fields=label,notes.body,notes.vault.secret&deep[notes][_sort]=-id&deep[notes][_filter][vault][secret][_nnull]=true&sort=label',
    );
    expect(rows).toEqual([
      { label: 'alpha', notes: [{ body: 'note on alpha', vault: { secret: MASK } }] },
      { label: 'beta', notes: [{ body: 'note on beta', vault: { secret: MASK } }] },
      { label: 'gamma', notes: [] },
    ]);
    for (const [url, status] of [
      ['/items/vault?fields=notes.id&deep[notes][_sort]=vault.pin', 403],
      ['/items/vault?fields=notes.id&deep[notes][_sort]=-vault.hidden', 403],
      ['/items/vault?fields=notes.id&deep[notes][_filter][vault][pin][_eq]=pin-alpha-123', 400],
      ['/items/vault?fields=notes.id&deep[notes][_filter][vault][year(secret_at)][_eq]=2020', 403],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
      expectNoSecret(response);
    }
  });

  it("a related row outside the reader's rule stays out (private-delta)", async () => {
    const users = await read(`/users?fields=id&filter[id][_eq]=${fx.f.reader.userId}`);
    expect(users).toHaveLength(1);
    const labels = (await read('/items/vault?fields=label&limit=-1')).map((r) => r.label);
    expect(labels).not.toContain('private-delta');
  });

  it("GraphQL: an alias of a concealed field shows the mask, a related user's too", async () => {
    const response = await fx.t.request('POST', '/graphql', {
      token: fx.f.reader.token,
      body: { query: '{ vault(sort: ["label"], limit: 1) { a: secret b: pin owner { c: password d: token } } }' },
    });
    expect(response.json(), response.body).toEqual({ data: { vault: [{ a: MASK, b: MASK, owner: { c: MASK, d: MASK } }] } });
    const system = await fx.t.request('POST', '/graphql/system', {
      token: fx.f.reader.token,
      body: { query: `{ users(filter: { id: { _eq: "${fx.f.reader.userId}" } }) { p: password t: token } }` },
    });
    expect(system.json(), system.body).toEqual({ data: { users: [{ p: MASK, t: MASK }] } });
  });
});
