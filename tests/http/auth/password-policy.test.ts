import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../graphql/graphql-request.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { runCli } from '../../setup/run-cli.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

const POLICY = '/^(?=.*\\d).{10,}$/';
const GOOD = 'Good-Password-1';
const BAD = 'too-short';
const POLICY_MESSAGE = 'Validation failed for field "password". Provided password doesn\'t match the password policy.';

describe('AUTH_PASSWORD_POLICY wherever a password is set, and the sessions a new password ends', () => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_PASSWORD_POLICY: POLICY });
  });
  afterAll(async () => {
    await t?.close();
  });

  const nextEmail = () => `policy-${++users}-${Date.now()}@example.com`;
  const countUsers = async (email: string) =>
    Number(((await t.app.knex('service_users').where({ email }).count({ n: '*' }).first()) as { n: unknown }).n);
  const login = (email: string, password: string, mode: 'json' | 'session' = 'json') =>
    t.request('POST', '/auth/login', { body: { email, password, mode } });
  const expectPolicyError = (response: LightMyRequestResponse) => {
    const error = expectError(response, 400, 'FAILED_VALIDATION');
    expect(error.message).toBe(POLICY_MESSAGE);
    expect(error.extensions).toMatchObject({ field: 'password' });
  };
  /** A user who may change their own password (app access plus an update rule on their own record). */
  const selfServiceUser = async () => {
    const email = nextEmail();
    const rule = { collection: 'service_users', action: 'update', permissions: { id: { _eq: '$CURRENT_USER' } }, fields: ['password'] };
    const { token, userId } = await t.userWith({ email, appAccess: true, permissions: [rule] });
    return { email, id: userId, token, password: 'UserPass123!' };
  };
  const newUser = async () => {
    const email = nextEmail();
    const response = await t.request('POST', '/users', { token: t.adminToken, body: { email, password: GOOD, status: 'active' } });
    expect(response.statusCode).toBe(200);
    return { email, id: String(dataOf(response).id) };
  };

  describe('REST', () => {
    it('refuses to create a user whose password misses the policy', async () => {
      const email = nextEmail();
      expectPolicyError(await t.request('POST', '/users', { token: t.adminToken, body: { email, password: BAD } }));
      expect(await countUsers(email)).toBe(0);
    });

    it('creates none of a batch when one password misses the policy', async () => {
      const [a, b] = [nextEmail(), nextEmail()];
      expectPolicyError(
        await t.request('POST', '/users', {
          token: t.adminToken,
          body: [
            { email: a, password: GOOD },
            { email: b, password: BAD },
          ],
        }),
      );
      expect((await countUsers(a)) + (await countUsers(b))).toBe(0);
    });

    it('refuses to update a password to one that misses the policy and keeps the old one', async () => {
      const user = await newUser();
      expectPolicyError(await t.request('PATCH', `/users/${user.id}`, { token: t.adminToken, body: { password: BAD } }));
      expect((await login(user.email, GOOD)).statusCode).toBe(200);
      expect((await t.request('PATCH', `/users/${user.id}`, { token: t.adminToken, body: { first_name: 'Only a name' } })).statusCode).toBe(
        200,
      );
      expect(
        (await t.request('PATCH', `/users/${user.id}`, { token: t.adminToken, body: { password: 'Another-Good-2' } })).statusCode,
      ).toBe(200);
      expect((await login(user.email, 'Another-Good-2')).statusCode).toBe(200);
    });

    it('applies to PATCH /users/me', async () => {
      const { token, ...user } = await selfServiceUser();
      expectPolicyError(await t.request('PATCH', '/users/me', { token, body: { password: BAD } }));
      expect((await t.request('PATCH', '/users/me', { token, body: { password: 'Mine-Is-Good-3' } })).statusCode).toBe(200);
      expect((await login(user.email, 'Mine-Is-Good-3')).statusCode).toBe(200);
    });
  });

  describe('GraphQL', () => {
    it('refuses create_users_item and update_users_me with a password that misses the policy', async () => {
      const email = nextEmail();
      const created = await gql(t, `mutation { create_users_item(data: { email: "${email}", password: "${BAD}" }) { id } }`, {
        token: t.adminToken,
      });
      expect(created.statusCode).toBe(200);
      const createdBody = created.json() as { data: unknown; errors: { message: string; extensions: { code: string } }[] };
      expect(createdBody.errors[0]).toMatchObject({ message: POLICY_MESSAGE, extensions: { code: 'FAILED_VALIDATION' } });
      expect(await countUsers(email)).toBe(0);

      const user = await selfServiceUser();
      const updated = await gql(t, 'mutation { update_users_me(data: { password: "short" }) { id } }', { token: user.token });
      expect((updated.json() as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('FAILED_VALIDATION');
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });
  });

  describe('CLI', () => {
    it('refuses `users create` with a password that misses the policy, and creates one that meets it', async () => {
      const refused = nextEmail();
      const bad = await runCli(t.app.config.db, ['users', 'create', '--email', refused, '--password', BAD], {
        AUTH_PASSWORD_POLICY: POLICY,
      });
      expect(bad.code).toBe(1);
      expect(bad.err).toContain('FAILED_VALIDATION');
      expect(bad.err).toContain("doesn't match the password policy");
      expect(await countUsers(refused)).toBe(0);

      const accepted = nextEmail();
      const good = await runCli(t.app.config.db, ['users', 'create', '--email', accepted, '--password', GOOD], {
        AUTH_PASSWORD_POLICY: POLICY,
      });
      expect(good.code).toBe(0);
      expect(good.out).toMatch(/^User created: /);
      expect(await countUsers(accepted)).toBe(1);
    }, 60_000);
  });

  describe('sessions after a password change', () => {
    it('ends every session of the user when an administrator sets a new password', async () => {
      const user = await newUser();
      const json = dataOf<{ refresh_token: string }>(await login(user.email, GOOD));
      const session = (await login(user.email, GOOD, 'session')).cookies.find((c) => c.name === 'service_session_token')!.value;
      expect(
        (await t.request('PATCH', `/users/${user.id}`, { token: t.adminToken, body: { password: 'Admin-Set-Pass-4' } })).statusCode,
      ).toBe(200);
      expectError(await t.request('POST', '/auth/refresh', { body: { refresh_token: json.refresh_token } }), 401, 'INVALID_CREDENTIALS');
      expectError(
        await t.app.server.inject({ method: 'GET', url: '/users/me', cookies: { service_session_token: session } }),
        401,
        'INVALID_CREDENTIALS',
      );
    });

    it('keeps the session the user changed their own password from and ends the others', async () => {
      const user = await selfServiceUser();
      const other = dataOf<{ refresh_token: string }>(await login(user.email, user.password));
      const current = await login(user.email, user.password, 'session');
      const cookies = Object.fromEntries(current.cookies.map((c) => [c.name, c.value]));
      const changed = await t.app.server.inject({ method: 'PATCH', url: '/users/me', cookies, payload: { password: 'Self-Chosen-5x' } });
      expect(changed.statusCode).toBe(200);
      expect((await t.app.server.inject({ method: 'GET', url: '/users/me', cookies })).statusCode).toBe(200);
      expect((await t.app.server.inject({ method: 'POST', url: '/auth/refresh', cookies, payload: { mode: 'session' } })).statusCode).toBe(
        200,
      );
      expectError(await t.request('POST', '/auth/refresh', { body: { refresh_token: other.refresh_token } }), 401, 'INVALID_CREDENTIALS');
    });
  });
});
