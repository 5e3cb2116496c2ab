import { createServer, type Server } from 'node:net';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import type { CommandIo } from '../../src/cli/commands/command-io.js';
import { rolesCreateCommand } from '../../src/cli/commands/roles-create.js';
import { usersCreateCommand } from '../../src/cli/commands/users-create.js';
import { usersPasswdCommand } from '../../src/cli/commands/users-passwd.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { testConfig } from '../setup/test-config.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.js';
import { runCli } from '../setup/run-cli.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

type Captured = CommandIo & { out: () => string; err: () => string };

/** The command's streams, captured, over an app on the test database (with extra settings). */
function io(t: TestApp, env: Record<string, string> = {}): Captured {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    stdin: new PassThrough(),
    interactive: false,
    openApp: () => createApp(Object.keys(env).length === 0 ? t.app.config : testConfig(t.app.config.db, env)),
    out: () => out,
    err: () => err,
  };
}

/** The CLI's way back in (Directus's commands): roles create, users create with a role by name, users passwd. */
describe('stratum roles create | users create | users passwd', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = async (email: string, password: string) =>
    (await t.request('POST', '/auth/login', { body: { email, password } })).statusCode;
  const policiesOf = (role: string) =>
    t.app.knex('service_access').join('service_policies', 'service_policies.id', 'service_access.policy').where({ role });

  it('prints its version with --version and -V', async () => {
    for (const flag of ['--version', '-V']) expect(await runCli(t.app.config.db, [flag])).toMatchObject({ code: 0, out: `${version}\n` });
  });

  it('creates a role with its policy, and a user in it named by the role name', async () => {
    const role = io(t);
    expect(await rolesCreateCommand({ role: 'Editors' }, role)).toBe(0);
    const roleId = role.out().trim();
    expect(roleId).toMatch(UUID);
    const policies = await policiesOf(roleId);
    expect(policies).toHaveLength(1);
    expect(policies[0]).toMatchObject({ name: 'Editors' });
    expect(Boolean(policies[0].admin_access)).toBe(false);
    expect(Boolean(policies[0].app_access)).toBe(true);

    const user = io(t);
    expect(await usersCreateCommand({ email: 'Editor@Example.com', password: 'Editor-Pass-123', role: 'Editors' }, user)).toBe(0);
    expect(user.out()).toMatch(/^User created: /);
    expect(await t.app.knex('service_users').where({ email: 'editor@example.com' }).first()).toMatchObject({
      role: roleId,
      status: 'active',
    });
    expect(await login('editor@example.com', 'Editor-Pass-123')).toBe(200);
  });

  it('gives administrator access with --admin, and takes a role by its id', async () => {
    const role = io(t);
    expect(await rolesCreateCommand({ role: 'Bosses', admin: true }, role)).toBe(0);
    const roleId = role.out().trim();
    expect(Boolean((await policiesOf(roleId))[0].admin_access)).toBe(true);
    expect(await usersCreateCommand({ email: 'boss@example.com', password: 'Boss-Pass-123', role: roleId.toUpperCase() }, io(t))).toBe(0);
    const token = await t.login('boss@example.com', 'Boss-Pass-123');
    expect((await t.request('GET', '/users/me?fields=role.name', { token })).json().data.role.name).toBe('Bosses');
    expect((await t.request('GET', '/roles', { token })).statusCode).toBe(200);
  });

  it('refuses a role that does not exist, naming the roles there are, and an empty name; creates nothing', async () => {
    const user = io(t);
    expect(await usersCreateCommand({ email: 'nobody@example.com', password: 'Nobody-Pass-123', role: 'Nope' }, user)).toBe(1);
    expect(user.err()).toContain('No role "Nope". Roles: ');
    expect(user.err()).toContain('Administrator (');
    expect(await t.app.knex('service_users').where({ email: 'nobody@example.com' }).first()).toBeUndefined();
    const before = await t.app.knex('service_roles').count({ n: '*' });
    const empty = io(t);
    expect(await rolesCreateCommand({ role: '  ' }, empty)).toBe(1);
    expect(empty.err()).toContain('--role needs a name');
    expect(await t.app.knex('service_roles').count({ n: '*' })).toEqual(before);
  });

  it("sets a user's password: the new one signs in, the old one no longer does; recorded as an update", async () => {
    const passwd = io(t);
    expect(await usersPasswdCommand({ email: 'ADMIN@example.com', password: 'New-Admin-Pass-456' }, passwd)).toBe(0);
    expect(passwd.out()).toBe('Password changed for admin@example.com\n');
    expect(await login('admin@example.com', 'New-Admin-Pass-456')).toBe(200);
    expect(await login('admin@example.com', 'AdminPass123!')).toBe(401);
    const admin = await t.app.knex('service_users').where({ email: 'admin@example.com' }).first();
    expect(
      await t.app.knex('service_activity').where({ collection: 'service_users', action: 'update', item: admin.id }).first(),
    ).toBeDefined();
  });

  it('refuses an unknown e-mail (exit 1 from the real command line) and a password the policy refuses', async () => {
    const unknown = await runCli(t.app.config.db, ['users', 'passwd', '--email', 'ghost@example.com', '--password', 'Ghost-Pass-123']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('no user with the e-mail ghost@example.com');
    const weak = io(t, { AUTH_PASSWORD_POLICY: '/^.{12,}$/' });
    expect(await usersPasswdCommand({ email: 'admin@example.com', password: 'short' }, weak)).toBe(1);
    expect(weak.err()).toMatch(/^Error: /);
    expect(await login('admin@example.com', 'New-Admin-Pass-456')).toBe(200);
  });
});

describe('stratum start on an empty database, when the port is taken', () => {
  let database: TestDatabase;
  let blocker: Server;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => blocker?.close(resolve));
    await database?.drop();
  });

  it('still shows the generated password of the administrator it created, and ADMIN_TOKEN becomes its static token', async () => {
    const env = { HOST: '127.0.0.1', PORT: String(port), ADMIN_PASSWORD: '', ADMIN_TOKEN: 'first-admin-static-token' };
    const result = await runCli(database.db, ['start'], env);
    expect(result.code).toBe(1);
    expect(result.err).toContain('The first administrator was created before the start failed');
    const password = /password: (\S+)/.exec(result.err)?.[1];
    expect(password).toBeTruthy();
    // The password shown is the real one, and the token acts as the administrator.
    const app = await createApp(testConfig(database.db));
    try {
      const login = await app.server.inject({ method: 'POST', url: '/auth/login', payload: { email: 'admin@example.com', password } });
      expect(login.statusCode).toBe(200);
      const me = await app.server.inject({
        method: 'GET',
        url: '/users/me?fields=email',
        headers: { authorization: 'Bearer first-admin-static-token' },
      });
      expect(me.json()).toEqual({ data: { email: 'admin@example.com' } });
    } finally {
      await app.close();
    }
  });
});
