import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { gql } from '../graphql/graphql-request.js';

type Row = Record<string, unknown>;

/**
 * Threat: insecure direct object reference on saved views. A user with app access reaches another user's
 * preset by id (read, change, delete) through /presets or GraphQL, plants a preset in another user's views, or
 * turns their own into a global or role preset everyone sees.
 */
describe('presets of other users (IDOR)', () => {
  let t: TestApp;
  let anna: { token: string; userId: string; roleId: string };
  let ben: { token: string; userId: string; roleId: string };
  let annas: number;

  const preset = async (id: number) => (await t.app.knex('service_presets').where({ id }).first()) as Row | undefined;
  const errorsOf = (body: string) => (JSON.parse(body) as { errors?: { extensions?: { code?: string } }[] }).errors ?? [];

  beforeAll(async () => {
    t = await createTestApp();
    anna = await t.userWith({ appAccess: true });
    ben = await t.userWith({ appAccess: true });
    annas = Number(
      dataOf<Row>(
        await t.request('POST', '/presets', {
          token: anna.token,
          body: { bookmark: 'Anna', collection: 'articles', filter: { id: { _eq: 1 } } },
        }),
      ).id,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses another user's preset by id on REST, the same as a missing one", async () => {
    const forbidden = expectError(await t.request('GET', `/presets/${annas}`, { token: ben.token }), 403, 'FORBIDDEN');
    const missing = expectError(await t.request('GET', '/presets/999999', { token: ben.token }), 403, 'FORBIDDEN');
    expect(forbidden.message).toBe(missing.message);
    expectError(await t.request('PATCH', `/presets/${annas}`, { token: ben.token, body: { bookmark: 'Ben was here' } }), 403, 'FORBIDDEN');
    expectError(await t.request('DELETE', `/presets/${annas}`, { token: ben.token }), 403, 'FORBIDDEN');
    expectError(
      await t.request('PATCH', '/presets', { token: ben.token, body: { keys: [annas], data: { bookmark: 'x' } } }),
      403,
      'FORBIDDEN',
    );
    const byQuery = await t.request('PATCH', '/presets', {
      token: ben.token,
      body: { query: { filter: { id: { _eq: annas } } }, data: { bookmark: 'x' } },
    });
    expect(
      byQuery.statusCode === 403 ||
        (byQuery.statusCode === 200 && (dataOf<Row[]>(byQuery) ?? []).length === 0) ||
        byQuery.statusCode === 204,
    ).toBe(true);
    const listed = dataOf<Row[]>(await t.request('GET', '/presets', { token: ben.token, query: { fields: 'id' } }));
    expect(listed.map((r) => Number(r.id))).not.toContain(annas);
    expect(await preset(annas)).toMatchObject({ bookmark: 'Anna', user: anna.userId });
  });

  it("refuses another user's preset through GraphQL", async () => {
    const read = await gql(t, `{ presets_by_id(id: ${annas}) { id bookmark } presets { id } }`, { token: ben.token });
    const body = read.json() as { data?: { presets_by_id?: Row | null; presets?: Row[] } };
    expect(Array.isArray(body.data?.presets)).toBe(true);
    expect(body.data?.presets_by_id ?? null).toBeNull();
    expect((body.data?.presets ?? []).map((r) => Number(r.id))).not.toContain(annas);
    const update = await gql(t, `mutation { update_presets_item(id: ${annas}, data: {bookmark: "gql"}) { id } }`, { token: ben.token });
    expect(errorsOf(update.body)[0]?.extensions?.code).toBe('FORBIDDEN');
    const remove = await gql(t, `mutation { delete_presets_item(id: ${annas}) { id } }`, { token: ben.token });
    expect(errorsOf(remove.body)[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await preset(annas)).toMatchObject({ bookmark: 'Anna', user: anna.userId });
  });

  it("refuses creating a preset in another user's name", async () => {
    const response = await t.request('POST', '/presets', {
      token: ben.token,
      body: { bookmark: 'Planted', collection: 'articles', user: anna.userId },
    });
    expect([400, 403]).toContain(response.statusCode);
    expect(await t.app.knex('service_presets').where({ bookmark: 'Planted' }).first()).toBeUndefined();
  });

  it("refuses handing one's own preset to another user, to a role or to everyone", async () => {
    const own = Number(
      dataOf<Row>(await t.request('POST', '/presets', { token: ben.token, body: { bookmark: 'Ben', collection: 'articles' } })).id,
    );
    for (const data of [{ user: anna.userId }, { user: null }, { user: null, role: null }, { user: null, role: anna.roleId }]) {
      const response = await t.request('PATCH', `/presets/${own}`, { token: ben.token, body: data });
      expect([400, 403]).toContain(response.statusCode);
      expect(await preset(own)).toMatchObject({ user: ben.userId, role: null });
    }
    const gqlMove = await gql(t, `mutation { update_presets_item(id: ${own}, data: {user: "${anna.userId}"}) { id } }`, {
      token: ben.token,
    });
    expect(errorsOf(gqlMove.body).length).toBeGreaterThan(0);
    expect(await preset(own)).toMatchObject({ user: ben.userId });
    expect((await t.request('PATCH', `/presets/${own}`, { token: ben.token, body: { bookmark: 'Ben renamed' } })).statusCode).toBe(200);
  });
});
