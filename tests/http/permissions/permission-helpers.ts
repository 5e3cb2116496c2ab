import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../setup/create-test-app.js';

export type Row = Record<string, unknown>;

/** Who sends a request: a token (null = anonymous) and the client address the server sees. */
export type Caller = { token: string | null; ip?: string };

/** A request through the whole stack as `caller`, from `caller.ip` (default 127.0.0.1). */
export function send(t: TestApp, caller: Caller, method: string, url: string, body?: unknown): Promise<LightMyRequestResponse> {
  return t.app.server.inject({
    method: method as 'GET',
    url,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: {
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** POST/PATCH as admin that must succeed; returns `data`. */
export async function adminData<T = Row>(t: TestApp, method: string, url: string, body?: unknown): Promise<T> {
  const response = await t.request(method, url, { token: t.adminToken, body });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

/** The bootstrapped administrator policy and role. */
export async function adminIds(t: TestApp): Promise<{ policy: string; role: string; user: string }> {
  const { knex, dialect } = t.app;
  const policies = (await knex('service_policies').select('id', 'admin_access')) as Row[];
  const policy = String(policies.find((p) => dialect.fromDatabase('boolean', p.admin_access) === true)!.id);
  const user = (await knex('service_users').where({ email: 'admin@example.com' }).first()) as Row;
  return { policy, role: String(user.role), user: String(user.id) };
}

/** Attaches rules to a policy through the API (admin). */
export async function addRules(t: TestApp, policy: string, rules: Row[]): Promise<void> {
  if (rules.length > 0)
    await adminData(
      t,
      'POST',
      '/permissions',
      rules.map((rule) => ({ ...rule, policy })),
    );
}
