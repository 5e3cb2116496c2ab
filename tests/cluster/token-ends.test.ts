import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrappedTestDatabase } from '../setup/bootstrapped-database.js';
import type { TestDatabase } from '../setup/test-database.js';
import { errorCode, expectStatus, login } from './answers.js';
import { startInstance, type Instance, type Json } from './instances.js';
import { printInstanceOutputOnFailure } from './print-instance-output-on-failure.js';

/**
 * Two real server processes on one database (decision 0042): an access token ended on A (logout, sign-out
 * everywhere, password change, suspension) is refused by B on the very next request, although B had just
 * accepted it and remembers its sign-in as live. CACHE_SYSTEM_TTL=0: only the session version can tell B.
 */

let database: TestDatabase;
let A: Instance;
let B: Instance;
let admin: string;
let users = 0;

async function ok(instance: Instance, method: string, path: string, body?: unknown): Promise<Json> {
  return expectStatus(await instance.call(method, path, { token: admin, body }), 200).json?.data;
}

/** A user made on A with a policy that lets it change its own password; two sign-ins of it on A. */
async function user(): Promise<{
  id: string;
  first: { access_token: string; refresh_token: string };
  second: { access_token: string; refresh_token: string };
}> {
  users++;
  const email = `token-ends-${users}@example.com`;
  const role = await ok(A, 'POST', '/roles', { name: `Token role ${users}` });
  const policy = await ok(A, 'POST', '/policies', { name: `Token policy ${users}`, app_access: false, admin_access: false });
  await ok(A, 'POST', '/access', { role: role.id, policy: policy.id });
  await ok(A, 'POST', '/permissions', {
    policy: policy.id,
    collection: 'service_users',
    action: 'update',
    fields: ['password'],
    permissions: { id: { _eq: '$CURRENT_USER' } },
  });
  const created = await ok(A, 'POST', '/users', { email, password: 'UserPass123!', role: role.id, status: 'active' });
  return { id: String(created.id), first: await login(A, email, 'UserPass123!'), second: await login(A, email, 'UserPass123!') };
}

/** The status and error code B answers /users/me with for `token`. */
async function onB(token: string): Promise<string> {
  const answer = await B.call('GET', '/users/me?fields=id', { token });
  return answer.status === 200 ? '200' : `${answer.status} ${errorCode(answer)}`;
}

beforeAll(async () => {
  database = await bootstrappedTestDatabase();
  const started = await Promise.all(['A', 'B'].map((name) => startInstance(name, database.db, { CACHE_SYSTEM_TTL: '0' })));
  [A, B] = started as [Instance, Instance];
  admin = (await login(A, 'admin@example.com', 'AdminPass123!')).access_token;
}, 180_000);

printInstanceOutputOnFailure();

afterAll(async () => {
  await Promise.all([A, B].filter(Boolean).map((instance) => instance.stop()));
  await database?.drop();
});

describe('an access token ended on one instance is refused by the others at once', () => {
  it('logout on A', async () => {
    const u = await user();
    expect(await onB(u.first.access_token)).toBe('200');
    expect((await A.call('POST', '/auth/logout', { body: { refresh_token: u.first.refresh_token } })).status).toBe(204);
    expect(await onB(u.first.access_token)).toBe('401 INVALID_CREDENTIALS');
    expect(await onB(u.second.access_token)).toBe('200');
  });

  it('"sign out everywhere" on A', async () => {
    const u = await user();
    expect(await onB(u.first.access_token)).toBe('200');
    expect((await A.call('DELETE', '/users/me/sessions', { token: u.second.access_token })).status).toBe(204);
    expect(await onB(u.first.access_token)).toBe('401 INVALID_CREDENTIALS');
    expect(await onB(u.second.access_token)).toBe('200');
  });

  it("the user's own password change on A ends the other sign-in on B", async () => {
    const u = await user();
    expect(await onB(u.first.access_token)).toBe('200');
    expectStatus(await A.call('PATCH', '/users/me', { token: u.second.access_token, body: { password: 'Changed-Pass-123!' } }), 200);
    expect(await onB(u.first.access_token)).toBe('401 INVALID_CREDENTIALS');
    expect(await onB(u.second.access_token)).toBe('200');
  });

  it("an administrator's password change on A ends every sign-in on B", async () => {
    const u = await user();
    expect(await onB(u.first.access_token)).toBe('200');
    expect(await onB(u.second.access_token)).toBe('200');
    await ok(A, 'PATCH', `/users/${u.id}`, { password: 'Changed-Pass-456!' });
    expect(await onB(u.first.access_token)).toBe('401 INVALID_CREDENTIALS');
    expect(await onB(u.second.access_token)).toBe('401 INVALID_CREDENTIALS');
  });

  it('a suspension on A', async () => {
    const u = await user();
    expect(await onB(u.first.access_token)).toBe('200');
    await ok(A, 'PATCH', `/users/${u.id}`, { status: 'suspended' });
    expect(await onB(u.first.access_token)).toBe('401 INVALID_CREDENTIALS');
    await ok(A, 'PATCH', `/users/${u.id}`, { status: 'active' });
    expect(await onB(u.first.access_token)).toBe('401 INVALID_CREDENTIALS');
  });
});
