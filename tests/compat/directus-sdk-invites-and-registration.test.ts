import {
  acceptUserInvite,
  authentication,
  createDirectus,
  inviteUser,
  registerUser,
  registerUserVerify,
  rest,
  staticToken,
  updateSettings,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { resetLinkOf } from '../setup/reset-mail.js';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.js';

type SdkError = { errors: { message: string; extensions: { code: string } }[] };

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return (error as SdkError).errors[0]!.extensions.code;
  }
  throw new Error('expected the SDK call to fail');
}

/**
 * `inviteUser`, `acceptUserInvite`, `registerUser` and `registerUserVerify` of the official @directus/sdk against a
 * listening server and a real SMTP server; plus the refusals each one must give.
 */
describe('@directus/sdk invitations and registration', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let url = '';
  let roleId = '';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      ...smtp.env,
      USER_INVITE_URL_ALLOW_LIST: 'https://app.example.com/accept',
      USER_REGISTER_URL_ALLOW_LIST: 'https://app.example.com/verify',
      REGISTER_STALL_TIME: '0',
      RATE_LIMITER_REGISTRATION_POINTS: '1000',
    });
    const role = await t.request('POST', '/roles', { token: t.adminToken, body: { name: 'Members' } });
    roleId = String(dataOf(role).id);
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const client = (token?: string) => {
    const base = createDirectus(url).with(rest());
    return token ? base.with(staticToken(token)) : base;
  };
  const login = async (email: string, password: string) =>
    (
      await createDirectus(url)
        .with(authentication('json', { autoRefresh: false }))
        .with(rest())
        .login({ email, password })
    ).access_token;
  const mailTo = async (address: string) => {
    await expect.poll(() => smtp.messages.some((m) => m.to.includes(address)), { timeout: 10_000 }).toBe(true);
    return smtp.messages.filter((m) => m.to.includes(address)).at(-1)!;
  };
  const userRow = async (email: string) =>
    (await t.app.knex('service_users').where({ email }).first('id', 'status', 'role', 'first_name')) as
      { id: string; status: string; role: string | null; first_name: string | null } | undefined;

  describe('invitations', () => {
    it('invites two addresses, mails each a link to the allowed URL, and the token sets the password once', async () => {
      // Directus takes one address or a list; the SDK's type names only the string.
      const both = ['ada-invite@example.com', 'bob-invite@example.com'] as unknown as string;
      await client(t.adminToken).request(inviteUser(both, roleId, 'https://app.example.com/accept'));
      const ada = await userRow('ada-invite@example.com');
      expect(ada).toMatchObject({ status: 'invited', role: roleId });
      expect(await userRow('bob-invite@example.com')).toMatchObject({ status: 'invited' });
      const { link, token } = resetLinkOf(await mailTo('ada-invite@example.com'));
      expect(link.origin + link.pathname).toBe('https://app.example.com/accept');

      await client().request(acceptUserInvite(token, 'Invited-Pass-1'));
      expect((await userRow('ada-invite@example.com'))?.status).toBe('active');
      expect(await login('ada-invite@example.com', 'Invited-Pass-1')).toBeTruthy();
      // Single use: the user is no longer invited.
      expect(await codeOf(client().request(acceptUserInvite(token, 'Invited-Pass-2')))).toBe('FORBIDDEN');
    });

    it('links to the admin app without an invite_url, and a re-invitation mails again without a second user', async () => {
      await client(t.adminToken).request(inviteUser('carol-invite@example.com', roleId));
      const first = resetLinkOf(await mailTo('carol-invite@example.com'));
      expect(first.link.pathname).toBe('/admin/accept-invite');
      const before = smtp.messages.length;
      await client(t.adminToken).request(inviteUser('CAROL-invite@example.com', roleId));
      await expect.poll(() => smtp.messages.length).toBe(before + 1);
      const rows = await t.app.knex('service_users').whereRaw('LOWER(email) = ?', ['carol-invite@example.com']).select('id');
      expect(rows).toHaveLength(1);
    });

    it('leaves an active account alone and mails it nothing', async () => {
      const before = smtp.messages.length;
      await client(t.adminToken).request(inviteUser('admin@example.com', roleId));
      expect((await userRow('admin@example.com'))?.status).toBe('active');
      await new Promise((resolve) => setImmediate(resolve));
      expect(smtp.messages.slice(before).some((m) => m.to.includes('admin@example.com'))).toBe(false);
    });

    it('refuses a caller without create on users (403), and lets one whose policy allows it invite', async () => {
      const reader = await t.userWith({ permissions: [{ collection: 'service_users', action: 'read', fields: ['*'] }] });
      expect(await codeOf(client(reader.token).request(inviteUser('nobody-invite@example.com', roleId)))).toBe('FORBIDDEN');
      expect(await userRow('nobody-invite@example.com')).toBeUndefined();
      expect(await codeOf(client().request(inviteUser('anon-invite@example.com', roleId)))).toBe('FORBIDDEN');

      const creator = await t.userWith({ permissions: [{ collection: 'service_users', action: 'create', fields: ['*'] }] });
      await client(creator.token).request(inviteUser('dave-invite@example.com', roleId));
      expect((await userRow('dave-invite@example.com'))?.status).toBe('invited');
    });

    it('answers 400 for a URL outside USER_INVITE_URL_ALLOW_LIST, a bad address or role, and bad accept bodies', async () => {
      const admin = client(t.adminToken);
      expect(await codeOf(admin.request(inviteUser('eve-invite@example.com', roleId, 'https://evil.example.org/accept')))).toBe(
        'INVALID_PAYLOAD',
      );
      expect(await codeOf(admin.request(inviteUser('not-an-address', roleId)))).toBe('INVALID_PAYLOAD');
      expect(await codeOf(admin.request(inviteUser('eve-invite@example.com', 'not-a-uuid')))).toBe('INVALID_PAYLOAD');
      expect(await userRow('eve-invite@example.com')).toBeUndefined();
      const bad = await t.request('POST', '/users/invite', { token: t.adminToken, body: { email: 42, role: roleId } });
      expect(bad.statusCode).toBe(400);
      expect((await t.request('POST', '/users/invite/accept', { body: { token: 'x' } })).statusCode).toBe(400);
      expect(await codeOf(client().request(acceptUserInvite('garbage', 'Pass-1')))).toBe('INVALID_TOKEN');
    });
  });

  describe('registration', () => {
    const settings = (body: Record<string, unknown>) => client(t.adminToken).request(updateSettings(body));

    it('is refused (403) while public_registration is off', async () => {
      await settings({ public_registration: false });
      expect(await codeOf(client().request(registerUser('closed-reg@example.com', 'Reg-Pass-1')))).toBe('FORBIDDEN');
      expect(await userRow('closed-reg@example.com')).toBeUndefined();
    });

    it('registers an unverified user with the role, mails a link, and the link activates it once', async () => {
      await settings({ public_registration: true, public_registration_verify_email: true, public_registration_role: roleId });
      await client().request(
        registerUser('ada-reg@example.com', 'Reg-Pass-1', { first_name: 'Ada', verification_url: 'https://app.example.com/verify' }),
      );
      expect(await userRow('ada-reg@example.com')).toMatchObject({ status: 'unverified', role: roleId, first_name: 'Ada' });
      expect(await codeOf(login('ada-reg@example.com', 'Reg-Pass-1'))).toBe('INVALID_CREDENTIALS');
      const { link, token } = resetLinkOf(await mailTo('ada-reg@example.com'));
      expect(link.origin + link.pathname).toBe('https://app.example.com/verify');

      const verified = await t.request('GET', `/users/register/verify-email?token=${encodeURIComponent(token)}`);
      expect(verified.statusCode).toBe(302);
      expect(verified.headers.location).toBe('/admin/login');
      expect((await userRow('ada-reg@example.com'))?.status).toBe('active');
      expect(await login('ada-reg@example.com', 'Reg-Pass-1')).toBeTruthy();
      expect((await t.request('GET', `/users/register/verify-email?token=${encodeURIComponent(token)}`)).statusCode).toBe(403);
    });

    it('verifies through the SDK with the default link to this server', async () => {
      await client().request(registerUser('sdk-reg@example.com', 'Reg-Pass-1'));
      const { link, token } = resetLinkOf(await mailTo('sdk-reg@example.com'));
      expect(link.pathname).toBe('/users/register/verify-email');
      // The SDK follows the redirect to the sign-in page; whatever that page answers, the user is active.
      await client()
        .request(registerUserVerify(token))
        .catch(() => undefined);
      expect((await userRow('sdk-reg@example.com'))?.status).toBe('active');
    });

    it('activates at once without verification', async () => {
      await settings({ public_registration_verify_email: false });
      await client().request(registerUser('bob-reg@example.com', 'Reg-Pass-1'));
      expect((await userRow('bob-reg@example.com'))?.status).toBe('active');
      expect(await login('bob-reg@example.com', 'Reg-Pass-1')).toBeTruthy();
      await settings({ public_registration_verify_email: true });
    });

    it('answers an existing address exactly as a new one, changes nothing, and mails its owner a notice', async () => {
      const before = smtp.messages.length;
      const again = await t.request('POST', '/users/register', { body: { email: 'Bob-Reg@example.com', password: 'Other-Pass-2' } });
      const fresh = await t.request('POST', '/users/register', { body: { email: 'new-reg@example.com', password: 'Other-Pass-2' } });
      expect(again.statusCode).toBe(204);
      expect(again.body).toBe(fresh.body);
      expect(
        Object.keys(again.headers)
          .filter((h) => h !== 'date')
          .sort(),
      ).toEqual(
        Object.keys(fresh.headers)
          .filter((h) => h !== 'date')
          .sort(),
      );
      expect(await login('bob-reg@example.com', 'Reg-Pass-1')).toBeTruthy();
      const notice = await mailTo('bob-reg@example.com');
      expect(smtp.messages.indexOf(notice)).toBeGreaterThanOrEqual(before);
      expect(notice.subject).toMatch(/register/i);
      expect(notice.text).not.toMatch(/token=/);
    });

    it('lets a later registration of an unverified address replace the password, spending the earlier link', async () => {
      await client().request(registerUser('squat-reg@example.com', 'Attacker-Pass-1'));
      const first = resetLinkOf(await mailTo('squat-reg@example.com')).token;
      const count = smtp.messages.filter((m) => m.to.includes('squat-reg@example.com')).length;
      await client().request(registerUser('squat-reg@example.com', 'Owner-Pass-1'));
      await expect.poll(() => smtp.messages.filter((m) => m.to.includes('squat-reg@example.com')).length).toBe(count + 1);
      const second = resetLinkOf(await mailTo('squat-reg@example.com')).token;
      expect((await t.request('GET', `/users/register/verify-email?token=${encodeURIComponent(first)}`)).statusCode).toBe(403);
      expect((await t.request('GET', `/users/register/verify-email?token=${encodeURIComponent(second)}`)).statusCode).toBe(302);
      expect(await login('squat-reg@example.com', 'Owner-Pass-1')).toBeTruthy();
      expect(await codeOf(login('squat-reg@example.com', 'Attacker-Pass-1'))).toBe('INVALID_CREDENTIALS');
    });

    it('refuses an address outside public_registration_email_filter (403)', async () => {
      await settings({ public_registration_email_filter: { _and: [{ email: { _ends_with: '@members.example.com' } }] } });
      expect(await codeOf(client().request(registerUser('outsider-reg@example.com', 'Reg-Pass-1')))).toBe('FORBIDDEN');
      expect(await userRow('outsider-reg@example.com')).toBeUndefined();
      await client().request(registerUser('insider-reg@members.example.com', 'Reg-Pass-1'));
      expect((await userRow('insider-reg@members.example.com'))?.status).toBe('unverified');
      await settings({ public_registration_email_filter: null });
    });

    it('answers 400 for bad bodies, a verification_url outside the allow list, and a password the policy refuses', async () => {
      expect(
        await codeOf(client().request(registerUser('x-reg@example.com', 'Reg-Pass-1', { verification_url: 'https://evil.example.org/v' }))),
      ).toBe('INVALID_PAYLOAD');
      expect((await t.request('POST', '/users/register', { body: { email: 'x-reg@example.com' } })).statusCode).toBe(400);
      expect((await t.request('POST', '/users/register', { body: { email: 'nope', password: 'Reg-Pass-1' } })).statusCode).toBe(400);
      expect((await t.request('POST', '/users/register', { body: { email: 'x-reg@example.com', password: 5 } })).statusCode).toBe(400);
      expect((await t.request('POST', '/users/register', { body: [1] })).statusCode).toBe(400);
      expect(await userRow('x-reg@example.com')).toBeUndefined();
      expect((await t.request('GET', '/users/register/verify-email?token=garbage')).statusCode).toBe(403);
      const none = await t.request('GET', '/users/register/verify-email');
      expect(none.statusCode).toBe(302);
    });

    it('answers the same through GraphQL (/graphql/system)', async () => {
      const gql = (query: string, token?: string) => t.request('POST', '/graphql/system', { token: token ?? null, body: { query } });
      const registered = await gql('mutation { users_register(email: "gql-reg@example.com", password: "Reg-Pass-1") }');
      expect(registered.json()).toEqual({ data: { users_register: true } });
      expect((await userRow('gql-reg@example.com'))?.status).toBe('unverified');
      const { token } = resetLinkOf(await mailTo('gql-reg@example.com'));
      expect((await gql(`mutation { users_register_verify(token: "${token}") }`)).json()).toEqual({
        data: { users_register_verify: true },
      });
      expect((await userRow('gql-reg@example.com'))?.status).toBe('active');
      const denied = await gql(`mutation { users_invite(email: ["gql-inv@example.com"], role: "${roleId}") }`);
      expect((denied.json() as SdkError).errors[0]!.extensions.code).toBe('FORBIDDEN');
      const invited = await gql(`mutation { users_invite(email: ["gql-inv@example.com"], role: "${roleId}") }`, t.adminToken);
      expect(invited.json()).toEqual({ data: { users_invite: true } });
      const invite = resetLinkOf(await mailTo('gql-inv@example.com')).token;
      expect((await gql(`mutation { users_invite_accept(token: "${invite}", password: "Gql-Pass-1") }`)).json()).toEqual({
        data: { users_invite_accept: true },
      });
      expect((await userRow('gql-inv@example.com'))?.status).toBe('active');
    });

    it('a verification token is no invitation and the other way round', async () => {
      await client().request(registerUser('cross-reg@example.com', 'Reg-Pass-1'));
      const { token } = resetLinkOf(await mailTo('cross-reg@example.com'));
      expect(await codeOf(client().request(acceptUserInvite(token, 'Pass-1')))).toBe('INVALID_TOKEN');
    });
  });
});
