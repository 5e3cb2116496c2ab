import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectError } from '../setup/expect-error.js';
import { gql, gqlData, validationMessages, type GraphqlBody } from './graphql-request.js';

type Activity = {
  id: string;
  action: string;
  collection: string;
  item: string;
  user: { email: string } | null;
  revisions: { id: string; delta: unknown }[];
};

describe('GraphQL activity (/graphql/system)', () => {
  let t: TestApp;
  let appUser: { token: string; userId: string };
  let roleIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    roleIds = [];
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      const response = await t.request('POST', '/roles', { token: t.adminToken, body: { name } });
      roleIds.push((response.json() as { data: { id: string } }).data.id);
    }
    appUser = await t.userWith({ appAccess: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists activity with a filter, sort and limit, with the user and revisions in one selection', async () => {
    const data = await gqlData<{ activity: Activity[] }>(
      t,
      `{ activity(filter: {collection: {_eq: "service_roles"}, action: {_eq: "create"}}, sort: ["-id"], limit: 2) {
          id action collection item user { email } revisions { id delta } } }`,
      { token: t.adminToken },
    );
    expect(data.activity).toHaveLength(2);
    const [first, second] = data.activity;
    expect(Number(first!.id)).toBeGreaterThan(Number(second!.id));
    expect(typeof first!.id).toBe('string');
    expect(first).toMatchObject({ action: 'create', collection: 'service_roles', user: { email: 'admin@example.com' } });
    expect(first!.item).toBe(String(first!.item));
    expect(first!.revisions).toHaveLength(1);
    expect(first!.revisions[0]!.delta).toMatchObject({ name: expect.any(String) });
  });

  it('pages with offset and page', async () => {
    const query = (args: string) =>
      gqlData<{ activity: Activity[] }>(t, `{ activity(filter: {collection: {_eq: "service_roles"}}, sort: ["id"], ${args}) { id } }`, {
        token: t.adminToken,
      });
    const all = (await query('limit: -1')).activity.map((a) => a.id);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect((await query('limit: 1, offset: 1')).activity.map((a) => a.id)).toEqual([all[1]]);
    expect((await query('limit: 1, page: 3')).activity.map((a) => a.id)).toEqual([all[2]]);
  });

  it('searches', async () => {
    const data = await gqlData<{ activity: Activity[] }>(t, '{ activity(search: "service_roles", limit: -1) { collection } }', {
      token: t.adminToken,
    });
    expect(data.activity.length).toBeGreaterThanOrEqual(3);
    expect(data.activity.every((a) => a.collection === 'service_roles')).toBe(true);
  });

  it('takes filter, sort and limit on a nested list, and fragments and aliases', async () => {
    const data = await gqlData<{ latest: Activity[]; same: Activity[] }>(
      t,
      `query { latest: activity(filter: {revisions: {_some: {collection: {_eq: "service_roles"}}}}, sort: ["-id"], limit: 1) { ...Row }
               same: activity(filter: {revisions: {_some: {collection: {_eq: "service_roles"}}}}, sort: ["-id"], limit: 1) { key: id } }
       fragment Row on service_activity { id who: user { email } revisions(limit: 1, sort: ["-id"]) { id } timestamp_func { year } }`,
      { token: t.adminToken },
    );
    expect(data.latest[0]).toMatchObject({ who: { email: 'admin@example.com' }, revisions: [{ id: expect.any(String) }] });
    expect((data.latest[0] as unknown as { timestamp_func: { year: number } }).timestamp_func.year).toBeGreaterThan(2000);
    expect((data.same[0] as unknown as { key: string }).key).toBe(data.latest[0]!.id);
  });

  it('refuses two aliases of one relation with different arguments', async () => {
    const response = await gql(t, '{ activity(limit: 1) { a: revisions(limit: 1) { id } b: revisions(limit: 2) { id } } }', {
      token: t.adminToken,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as GraphqlBody;
    // `activity` is `[service_activity!]!` (as in Directus): the error nulls the whole result.
    expect(body.data).toBeNull();
    expect(body.errors![0]!.extensions!.code).toBe('INVALID_QUERY');
  });

  it('reads one record by id', async () => {
    const { activity } = await gqlData<{ activity: Activity[] }>(t, '{ activity(limit: 1, sort: ["id"]) { id } }', { token: t.adminToken });
    const id = activity[0]!.id;
    const data = await gqlData<{ activity_by_id: Activity }>(t, `{ activity_by_id(id: ${id}) { id action } }`, { token: t.adminToken });
    expect(data.activity_by_id).toMatchObject({ id, action: expect.any(String) });
  });

  it('answers a missing id with null and FORBIDDEN', async () => {
    const response = await gql(t, '{ activity_by_id(id: 999999) { id } }', { token: t.adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { activity_by_id: null },
      errors: [
        {
          message: "You don't have permission to access this.",
          extensions: { code: 'FORBIDDEN' },
          locations: [{ line: 1, column: 3 }],
          path: ['activity_by_id'],
        },
      ],
    });
  });

  it('aggregates with groupBy', async () => {
    const data = await gqlData<{ activity_aggregated: { group: { action: string }; count: { id: number }; countAll: number }[] }>(
      t,
      'query ($roles: [String]) { activity_aggregated(groupBy: ["action"], filter: {item: {_in: $roles}}) { group count { id } countAll } }',
      { token: t.adminToken, variables: { roles: roleIds } },
    );
    expect(data.activity_aggregated).toEqual([{ group: { action: 'create' }, count: { id: 3 }, countAll: 3 }]);
  });

  it('aggregates without groupBy', async () => {
    const data = await gqlData<{ activity_aggregated: { countDistinct: { action: number }; max: { id: number } }[] }>(
      t,
      '{ activity_aggregated { countDistinct { action } max { id } } }',
      { token: t.adminToken },
    );
    expect(data.activity_aggregated).toHaveLength(1);
    expect(data.activity_aggregated[0]!.countDistinct.action).toBeGreaterThanOrEqual(2);
    expect(data.activity_aggregated[0]!.max.id).toBeGreaterThan(1);
  });

  it('shows an app-access user only their own activity, without revisions', async () => {
    const data = await gqlData<{ activity: Activity[] }>(t, '{ activity(limit: -1) { action user { email } } }', { token: appUser.token });
    expect(data.activity.length).toBeGreaterThanOrEqual(1);
    expect(data.activity.every((a) => a.action === 'login' && a.user?.email?.startsWith('user'))).toBe(true);
    const revisions = await gql(t, '{ activity { revisions { id } } }', { token: appUser.token });
    expectError(revisions, 400, 'GRAPHQL_VALIDATION');
    const aggregate = await gqlData<{ activity_aggregated: { countAll: number }[] }>(t, '{ activity_aggregated { countAll } }', {
      token: appUser.token,
    });
    expect(aggregate.activity_aggregated[0]!.countAll).toBe(data.activity.length);
  });

  it('has no activity field for a public caller', async () => {
    const response = await gql(t, '{ activity { id } }');
    expectError(response, 400, 'GRAPHQL_VALIDATION');
    expect(validationMessages(response)).toEqual(['Cannot query field "activity" on type "Query".']);
  });

  it('has no mutations for activity', async () => {
    const response = await gql(t, 'mutation { delete_activity_item(id: 1) { id } }', { token: t.adminToken });
    expectError(response, 400, 'GRAPHQL_VALIDATION');
  });

  it('reads revisions with their activity', async () => {
    const data = await gqlData<{ revisions: { collection: string; activity: { action: string } }[] }>(
      t,
      'query ($roles: [String]) { revisions(filter: {item: {_in: $roles}}) { collection activity { action } } }',
      { token: t.adminToken, variables: { roles: roleIds } },
    );
    expect(data.revisions).toHaveLength(3);
    expect(data.revisions.every((r) => r.activity.action === 'create')).toBe(true);
  });
});

describe('GraphQL reads are one engine read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['One', 'Two', 'Three', 'Four']) await t.request('POST', '/roles', { token: t.adminToken, body: { name } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not issue a query per row for nested selections', async () => {
    const query = '{ activity(limit: -1) { id user { email role { name } } revisions { id activity { id } } } }';
    await gqlData(t, query, { token: t.adminToken });
    const count = async (document: string) => {
      let queries = 0;
      const listener = () => {
        queries += 1;
      };
      t.app.knex.on('query', listener);
      try {
        const data = await gqlData<{ activity: unknown[] }>(t, document, { token: t.adminToken });
        return { queries, rows: data.activity.length };
      } finally {
        t.app.knex.removeListener('query', listener);
      }
    };
    const few = await count('{ activity(limit: 3, sort: ["-id"]) { id user { email role { name } } revisions { id activity { id } } } }');
    // Not the warm-up's own read: that one's result is reused while nothing changed (decision 0033).
    // A limit other than the warm-up's (whose -1 is QUERY_LIMIT_MAX, 1,000), so its result is not the one kept.
    const many = await count(query.replace('limit: -1', 'limit: 999'));
    expect(many.rows).toBeGreaterThan(few.rows);
    expect(many.queries).toBe(few.queries);
  });
});
