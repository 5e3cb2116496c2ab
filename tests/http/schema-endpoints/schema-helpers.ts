import type { TestApp } from '../../setup/create-test-app.js';

/** Parsed JSON (loosely typed, as response.json() is). */
export type Json = ReturnType<typeof JSON.parse>;

export type Answer = { status: number; body: Json; data: Json; code: string | undefined };

/** A request as the administrator (or with `token`), with the parsed answer. */
export async function call(t: TestApp, method: string, url: string, body?: unknown, token: string | null = t.adminToken): Promise<Answer> {
  const response = await t.request(method, url, { token, ...(body !== undefined ? { body } : {}) });
  const parsed = response.body === '' ? null : JSON.parse(response.body);
  return { status: response.statusCode, body: parsed, data: parsed?.data, code: parsed?.errors?.[0]?.extensions?.code };
}

/** Like call(), but fails the test with the body when the status is not the expected one. */
export async function ok(t: TestApp, method: string, url: string, body?: unknown, status = 200): Promise<Json> {
  const answer = await call(t, method, url, body);
  if (answer.status !== status) throw new Error(`${method} ${url} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.data;
}

/** Whether the database has the table (straight from the vendor's catalogue). */
export async function tableExists(t: TestApp, name: string): Promise<boolean> {
  return (await t.app.dialect.listTables(t.app.knex)).includes(name);
}

/** The rows of a meta table for one collection, straight from the database. */
export async function metaRows(
  t: TestApp,
  table: 'service_collections' | 'service_fields' | 'service_relations',
  where: Record<string, string>,
): Promise<unknown[]> {
  return t.app.knex(table).where(where).select('*');
}
