import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';

/**
 * Threat: a rule keeps naming a field after the field is deleted. Reads of users whose rule names it must keep
 * working (never a 500), and when a field of the same name is created later, the old grant must not silently
 * apply to it: deleting a field takes it out of the field lists of the collection's rules (decision 0041).
 * Rules granting `*` grant the new field, as they grant any field.
 */
describe('permission grants left on deleted fields', () => {
  let t: TestApp;
  let named: { token: string; policyId: string };
  let star: { token: string };

  const admin = async (method: string, url: string, body?: unknown) => {
    const response = await t.request(method, url, { token: t.adminToken, ...(body !== undefined ? { body } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    await admin('POST', '/fields/articles', { field: 'secret_note', type: 'string' });
    await admin('POST', '/items/articles', { title: 'a', status: 'published', secret_note: 'old value' });
    named = await t.userWith({
      permissions: [
        { collection: 'articles', action: 'read', fields: ['id', 'title', 'secret_note'] },
        { collection: 'articles', action: 'update', fields: ['title', 'secret_note'] },
        { collection: 'articles', action: 'create', fields: ['title', 'secret_note'] },
      ],
    });
    star = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['*'] }] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps reads and writes of a user whose rule named the field working after it is deleted', async () => {
    expect(dataOf<Record<string, unknown>[]>(await t.request('GET', '/items/articles', { token: named.token }))[0]).toMatchObject({
      secret_note: 'old value',
    });
    await admin('DELETE', '/fields/articles/secret_note');
    for (const query of [{}, { fields: '*' }, { fields: 'id,title' }, { fields: 'id', sort: 'title' }] as Record<string, string>[]) {
      const read = await t.request('GET', '/items/articles', { token: named.token, query });
      expect(read.statusCode, read.body).toBe(200);
      expect(dataOf<Record<string, unknown>[]>(read)[0]).not.toHaveProperty('secret_note');
    }
    const named403 = await t.request('GET', '/items/articles', { token: named.token, query: { fields: 'secret_note' } });
    expect(named403.statusCode).toBe(403);
    const id = dataOf<{ id: number }[]>(await t.request('GET', '/items/articles', { token: named.token, query: { fields: 'id' } }))[0]!.id;
    expect((await t.request('PATCH', `/items/articles/${id}`, { token: named.token, body: { title: 'a2' } })).statusCode).toBe(200);
    expect((await t.request('GET', '/permissions/me', { token: named.token })).statusCode).toBe(200);
  });

  it('does not apply the old grant to a new field of the same name', async () => {
    await admin('POST', '/fields/articles', { field: 'secret_note', type: 'string' });
    await t.app.knex('articles').update({ secret_note: 'new value' });
    const read = await t.request('GET', '/items/articles', { token: named.token, query: { fields: 'secret_note' } });
    expect(read.statusCode).toBe(403);
    const all = dataOf<Record<string, unknown>[]>(
      await t.request('GET', '/items/articles', { token: named.token, query: { fields: '*' } }),
    );
    expect(all[0]).not.toHaveProperty('secret_note');
    const id = all[0]!.id as number;
    expect((await t.request('PATCH', `/items/articles/${id}`, { token: named.token, body: { secret_note: 'x' } })).statusCode).toBe(403);
    expect((await t.request('POST', '/items/articles', { token: named.token, body: { title: 'b', secret_note: 'x' } })).statusCode).toBe(
      403,
    );
    expect(((await t.app.knex('articles').where({ id }).first()) as { secret_note: string }).secret_note).toBe('new value');
    // The stored rules no longer name it; a rule granting every field grants the new one, as any field.
    const rules = (await t.app.knex('service_permissions').where({ policy: named.policyId }).select('fields')) as { fields: string }[];
    for (const rule of rules) expect(String(rule.fields).split(',')).not.toContain('secret_note');
    const starRead = dataOf<Record<string, unknown>[]>(
      await t.request('GET', '/items/articles', { token: star.token, query: { fields: 'secret_note' } }),
    );
    expect(starRead[0]).toEqual({ secret_note: 'new value' });
  });

  it("refuses with the generic 403 (never 500, nothing of the rule shown) when a rule's row filter named the deleted field", async () => {
    await admin('POST', '/fields/articles', { field: 'flag', type: 'string' });
    const user = await t.userWith({
      permissions: [{ collection: 'articles', action: 'read', permissions: { flag: { _eq: 'yes' } }, fields: ['id', 'title'] }],
    });
    await admin('DELETE', '/fields/articles/flag');
    const read = await t.request('GET', '/items/articles', { token: user.token });
    // The rule can't be compiled any more: it refuses, with the generic 403 that names nothing of the rule.
    expect(expectError(read, 403, 'FORBIDDEN').message).toBe("You don't have permission to access this.");
  });
});
