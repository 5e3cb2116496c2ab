import { describe, expect, it } from 'vitest';
import { dataOf, expectError } from '../setup/expect-error.js';
import { expectNoSecret, useConcealedFixture } from './concealed-fixture.js';

type Row = Record<string, unknown>;

/**
 * Threat: sorting by a value the reader can't see orders the rows by it, and `sort=f` against `sort=-f` (or a
 * filter narrowing the rows) reads it back bit by bit: static tokens, hashes, a field left out of the rule.
 * Sorting by a concealed field, a field the reader can't read, or a function of one, here or through a
 * relation (`owner.token`) or in `deep`, is refused like reading the field.
 */
describe('sort as an ordering oracle', () => {
  const fx = useConcealedFixture();

  const get = (url: string) => fx.t.request('GET', url, { token: fx.f.reader.token });

  it.each([
    '/users?sort=token',
    '/users?sort=-token',
    '/users?sort=password',
    '/users?sort=tfa_secret',
    '/items/vault?sort=secret',
    '/items/vault?sort=-pin',
    '/items/vault?sort=year(secret_at)',
    '/items/vault?sort=hidden',
    '/items/vault?sort=owner.token',
    '/items/vault?sort=-owner.password',
    '/items/vault?fields=id&sort=label,secret',
    '/items/vault?fields=id,notes.*&deep[notes][_sort]=vault.secret',
    '/items/vault_notes?fields=id&sort=vault.secret',
    '/items/vault_notes?fields=id&sort=-vault.hidden',
    '/items/vault?fields=notes.id&limit=0&deep[notes][_sort]=vault.pin',
    '/items/vault?fields=notes.id&filter[label][_eq]=none&deep[notes][_sort]=-vault.hidden',
  ])('%s is refused (403)', async (url) => {
    const response = await get(url);
    expectError(response, 403, 'FORBIDDEN');
    expectNoSecret(response);
  });

  it('groups sorted by a concealed field are refused too', async () => {
    for (const url of [
      '/items/vault?groupBy[]=owner&aggregate[count]=*&sort=secret',
      '/items/vault?groupBy[]=owner&aggregate[count]=*&sort=-owner.token',
    ]) {
      const response = await get(url);
      // 403 as any sort by a concealed field, or 400 where grouped results take only their groupBy fields as sort.
      expect([400, 403], `${url}: ${response.body}`).toContain(response.statusCode);
      expectNoSecret(response);
    }
  });

  it('GraphQL sort on a concealed field is refused', async () => {
    const response = await fx.t.request('POST', '/graphql/system', {
      token: fx.f.reader.token,
      body: { query: '{ users(sort: ["-token"]) { id } }' },
    });
    const body = response.json() as { errors?: { extensions: { code: string } }[] };
    expect(body.errors?.[0]?.extensions.code, response.body).toBe('FORBIDDEN');
  });

  it('sorting by readable fields, also through a relation, still works', async () => {
    const response = await get('/items/vault?fields=label&sort=-label');
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<Row[]>(response).map((r) => r.label)).toEqual(['gamma', 'beta', 'alpha']);
    const related = await get('/items/vault_notes?fields=body&sort=-vault.label');
    expect(related.statusCode, related.body).toBe(200);
    expect(dataOf<Row[]>(related).map((r) => r.body)).toEqual(['note on beta', 'note on alpha']);
  });
});
