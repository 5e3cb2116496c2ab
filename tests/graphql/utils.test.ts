import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { gql, type GraphqlBody } from './graphql-request.js';

const RANDOM = 'mutation ($length: Int) { utils_random_string(length: $length) }';
const GENERATE = 'mutation ($string: String!) { utils_hash_generate(string: $string) }';
const VERIFY = 'mutation ($string: String!, $hash: String!) { utils_hash_verify(string: $string, hash: $hash) }';
const SORT = 'mutation ($collection: String!, $item: ID!, $to: ID!) { utils_sort(collection: $collection, item: $item, to: $to) }';
const REVERT = 'mutation ($revision: ID!) { utils_revert(revision: $revision) }';

describe('GraphQL utils_* mutations (/graphql/system)', () => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const created = await t.request('POST', '/collections', {
      token: t.adminToken,
      body: {
        collection: 'tasks',
        meta: { sort_field: 'position' },
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'title', type: 'string' },
          { field: 'position', type: 'integer' },
        ],
      },
    });
    if (created.statusCode !== 200) throw new Error(created.body);
    for (const position of [1, 2, 3]) {
      ids.push(
        Number(
          dataOf<{ id: number }>(
            await t.request('POST', '/items/tasks', { token: t.adminToken, body: { title: `T${position}`, position } }),
          ).id,
        ),
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const run = async (query: string, variables: Record<string, unknown>, token: string | null = t.adminToken) => {
    const response = await gql(t, query, { variables, token });
    expect(response.statusCode).toBe(200);
    return response.json() as GraphqlBody;
  };
  const codeOf = (body: GraphqlBody) => body.errors?.[0]?.extensions?.code;
  const positions = async () =>
    dataOf<{ position: number }[]>(await t.request('GET', '/items/tasks?fields=position&sort=id', { token: t.adminToken })).map((row) =>
      Number(row.position),
    );

  it('answers random strings, hashes and verifications, for the public too', async () => {
    const random = await run(RANDOM, {}, null);
    expect((random.data as { utils_random_string: string }).utils_random_string).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(((await run(RANDOM, { length: 7 })).data as { utils_random_string: string }).utils_random_string).toHaveLength(7);

    const hash = ((await run(GENERATE, { string: 'secret' }, null)).data as { utils_hash_generate: string }).utils_hash_generate;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect((await run(VERIFY, { string: 'secret', hash }, null)).data).toEqual({ utils_hash_verify: true });
    expect((await run(VERIFY, { string: 'other', hash })).data).toEqual({ utils_hash_verify: false });
  });

  it('reports bad input as INVALID_PAYLOAD on the field, with the REST checks', async () => {
    const tooLong = await run(RANDOM, { length: 501 });
    expect(tooLong.data).toEqual({ utils_random_string: null });
    expect(codeOf(tooLong)).toBe('INVALID_PAYLOAD');
    expect(codeOf(await run(GENERATE, { string: '' }))).toBe('INVALID_PAYLOAD');
    expect(codeOf(await run(VERIFY, { string: 'x', hash: 'not-argon2' }))).toBe('INVALID_PAYLOAD');
    expect(codeOf(await run(SORT, { collection: 'service_users', item: '1', to: '2' }))).toBe('INVALID_PAYLOAD');
  });

  it('sorts through utils_sort (true) and refuses callers without update permission (FORBIDDEN)', async () => {
    expect((await run(SORT, { collection: 'tasks', item: String(ids[2]), to: String(ids[0]) })).data).toEqual({ utils_sort: true });
    expect(await positions()).toEqual([2, 3, 1]);

    const reader = await t.userWith({ permissions: [{ collection: 'tasks', action: 'read', fields: ['*'] }] });
    const denied = await run(SORT, { collection: 'tasks', item: String(ids[0]), to: String(ids[1]) }, reader.token);
    expect(denied.data).toEqual({ utils_sort: null });
    expect(codeOf(denied)).toBe('FORBIDDEN');
    expect(codeOf(await run(SORT, { collection: 'tasks', item: String(ids[0]), to: String(ids[1]) }, null))).toBe('FORBIDDEN');
    expect(await positions()).toEqual([2, 3, 1]);
  });

  it('reverts through utils_revert (true) and answers FORBIDDEN for an unknown revision or a caller who may not', async () => {
    await t.request('PATCH', `/items/tasks/${ids[0]}`, { token: t.adminToken, body: { title: 'Renamed' } });
    const revisions = dataOf<{ id: number }[]>(
      await t.request('GET', `/revisions?filter[collection][_eq]=tasks&filter[item][_eq]=${ids[0]}&sort=id&limit=1&fields=id`, {
        token: t.adminToken,
      }),
    );
    const first = String(revisions[0]!.id);

    const reader = await t.userWith({ permissions: [{ collection: 'service_revisions', action: 'read', fields: ['*'] }] });
    const denied = await run(REVERT, { revision: first }, reader.token);
    expect(denied.data).toEqual({ utils_revert: null });
    expect(codeOf(denied)).toBe('FORBIDDEN');
    expect(codeOf(await run(REVERT, { revision: '999999' }))).toBe('FORBIDDEN');

    expect((await run(REVERT, { revision: first })).data).toEqual({ utils_revert: true });
    expect(dataOf<{ title: string }>(await t.request('GET', `/items/tasks/${ids[0]}?fields=title`, { token: t.adminToken })).title).toBe(
      'T1',
    );
  });
});
