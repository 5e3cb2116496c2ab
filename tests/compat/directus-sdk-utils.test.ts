import {
  authentication,
  clearCache,
  createDirectus,
  customEndpoint,
  randomString,
  readItems,
  rest,
  updateItem,
  utilitySort,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

type Schema = { tasks: { id: number; title: string; position: number | null }[] };
type SdkError = { errors: { message: string; extensions: { code: string } }[] };

async function sdkError(work: Promise<unknown>): Promise<SdkError> {
  try {
    await work;
  } catch (error) {
    return error as SdkError;
  }
  throw new Error('expected the SDK call to fail');
}

/**
 * The utils commands of the official @directus/sdk against a listening server: `randomString`, `generateHash`,
 * `verifyHash` (SDK 26 dropped those two commands: `customEndpoint` calls below, as a script written for it would), `utilitySort`,
 * `clearCache`; the SDK has no revert command, so `customEndpoint` posts to
 * `/utils/revert/:revision`.
 */
describe('@directus/sdk utils commands', () => {
  let t: TestApp;
  let url = '';

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
    for (const position of [1, 2, 3])
      await t.request('POST', '/items/tasks', { token: t.adminToken, body: { title: `T${position}`, position } });
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  // @directus/sdk 26 has no generateHash / verifyHash commands: a script calls the endpoints through customEndpoint.
  const generateHash = (string: string) =>
    customEndpoint<string>({ path: '/utils/hash/generate', method: 'POST', body: JSON.stringify({ string }) });
  const verifyHash = (string: string, hash: string) =>
    customEndpoint<boolean>({ path: '/utils/hash/verify', method: 'POST', body: JSON.stringify({ string, hash }) });

  const client = () =>
    createDirectus<Schema>(url)
      .with(authentication('json', { autoRefresh: false }))
      .with(rest());
  const adminClient = async () => {
    const c = client();
    await c.login({ email: 'admin@example.com', password: 'AdminPass123!' });
    return c;
  };

  it('generates random strings and verifies the hashes it generates, without logging in', async () => {
    const c = client();
    expect(await c.request(randomString())).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await c.request(randomString(12))).toHaveLength(12);
    const hash = await c.request(generateHash('Hello World!'));
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await c.request(verifyHash('Hello World!', hash))).toBe(true);
    expect(await c.request(verifyHash('Goodbye', hash))).toBe(false);
    expect((await sdkError(c.request(randomString(501)))).errors[0]!.extensions.code).toBe('INVALID_QUERY');
    expect((await sdkError(c.request(generateHash('')))).errors[0]!.extensions.code).toBe('INVALID_PAYLOAD');
  });

  it('sorts with utilitySort as an administrator and is refused without a login', async () => {
    const c = await adminClient();
    const before = await c.request(readItems('tasks', { fields: ['id', 'position'], sort: ['id'] }));
    await c.request(utilitySort('tasks', String(before[2]!.id), Number(before[0]!.id)));
    const after = await c.request(readItems('tasks', { fields: ['id', 'position'], sort: ['id'] }));
    expect(after.map((task) => Number(task.position))).toEqual([2, 3, 1]);
    expect(
      (await sdkError(client().request(utilitySort('tasks', String(before[0]!.id), Number(before[1]!.id))))).errors[0]!.extensions.code,
    ).toBe('FORBIDDEN');
  });

  it('reverts a revision through customEndpoint, and clears the caches as an administrator only', async () => {
    const c = await adminClient();
    const [task] = await c.request(readItems('tasks', { fields: ['id'], sort: ['id'], limit: 1 }));
    await c.request(updateItem('tasks', task!.id, { title: 'Changed' }));
    const revisions = await c.request(
      customEndpoint<{ id: number }[]>({
        path: '/revisions',
        method: 'GET',
        params: { 'filter[collection][_eq]': 'tasks', 'filter[item][_eq]': String(task!.id), sort: 'id', limit: 1, fields: 'id' },
      }),
    );
    await c.request(customEndpoint({ path: `/utils/revert/${revisions[0]!.id}`, method: 'POST' }));
    const [reverted] = await c.request(readItems('tasks', { fields: ['title'], filter: { id: { _eq: task!.id } } }));
    expect(reverted!.title).toBe('T1');
    expect(
      (await sdkError(client().request(customEndpoint({ path: '/utils/revert/999999', method: 'POST' })))).errors[0]!.extensions.code,
    ).toBe('FORBIDDEN');

    await c.request(clearCache());
    expect((await sdkError(client().request(clearCache()))).errors[0]!.extensions.code).toBe('FORBIDDEN');
  });
});
