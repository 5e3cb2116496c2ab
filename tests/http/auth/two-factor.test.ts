import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { createTotpClock, TOTP_CLOCK_TOKEN_TTL, totpCode } from '../../setup/totp-code.js';

type Tokens = { access_token: string; refresh_token: string; expires: number };
type ActivityRow = { action: string; item: string; user: string | null; comment: string | null };

/** The payload of a JWT (not verified: the server's answers already prove it is valid). */
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('two-factor authentication (/users/me/tfa/*, otp at login, /users/:id/tfa/reset)', () => {
  let t: TestApp;
  /** The server's clock runs ahead: each fresh code is taken a minute later (a code works once). */
  const { now, advance, nextCode } = createTotpClock();
  let users = 0;

  beforeAll(async () => {
    // Throttling has its own tests; here every request must reach the service.
    t = await createTestApp({ RATE_LIMITER_LOGIN_POINTS: '10000', ACCESS_TOKEN_TTL: TOTP_CLOCK_TOKEN_TTL }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, body: unknown, token?: string | null) => t.request('POST', url, { token, body });
  const login = (email: string, password: string, otp?: unknown) =>
    post('/auth/login', { email, password, ...(otp !== undefined ? { otp } : {}) });

  /** A new active user with a role and policy of its own; returns its e-mail, id and token. */
  const newUser = async () => {
    users += 1;
    const email = `tfa-${users}-${Date.now()}@example.com`;
    const user = await t.userWith({
      email,
      permissions: [{ collection: 'service_users', action: 'read', fields: ['*'], permissions: { id: { _eq: '$CURRENT_USER' } } }],
    });
    return { email, ...user };
  };

  /** A user with two-factor on: returns the secret and the recovery codes shown at enable time. */
  const enabledUser = async () => {
    const user = await newUser();
    const generated = dataOf<{ secret: string }>(await post('/users/me/tfa/generate', { password: 'UserPass123!' }, user.token));
    const enabled = await post('/users/me/tfa/enable', { secret: generated.secret, otp: nextCode(generated.secret) }, user.token);
    expect(enabled.statusCode).toBe(200);
    return { ...user, secret: generated.secret, recoveryCodes: dataOf<{ recovery_codes: string[] }>(enabled).recovery_codes };
  };

  const latest = async (action: string): Promise<ActivityRow> => {
    const response = await t.request('GET', '/activity', {
      token: t.adminToken,
      query: { 'filter[action][_eq]': action, sort: '-id', limit: '1', fields: 'action,item,user,comment' },
    });
    const rows = dataOf<ActivityRow[]>(response);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  const storedTfa = async (id: string) =>
    (await t.app.knex('service_users').select('tfa_secret', 'tfa_recovery_codes').where({ id }).first()) as {
      tfa_secret: string | null;
      tfa_recovery_codes: unknown;
    };

  describe('generate', () => {
    it('answers a new secret and its otpauth URL after the right password, and stores nothing', async () => {
      const user = await newUser();
      const response = await post('/users/me/tfa/generate', { password: 'UserPass123!' }, user.token);
      expect(response.statusCode).toBe(200);
      const data = dataOf<{ secret: string; otpauth_url: string }>(response);
      expect(Object.keys(data).sort()).toEqual(['otpauth_url', 'secret']);
      expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(data.otpauth_url);
      expect(url.protocol).toBe('otpauth:');
      expect(url.host).toBe('totp');
      expect(decodeURIComponent(url.pathname)).toBe(`/Stratum:${user.email}`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        secret: data.secret,
        issuer: 'Stratum',
        algorithm: 'SHA1',
        digits: '6',
        period: '30',
      });
      expect((await storedTfa(user.userId)).tfa_secret).toBeNull();
      // Another call, another secret.
      const again = dataOf<{ secret: string }>(await post('/users/me/tfa/generate', { password: 'UserPass123!' }, user.token));
      expect(again.secret).not.toBe(data.secret);
    });

    it('refuses a wrong password (401 INVALID_CREDENTIALS), bad bodies (400) and the public (401)', async () => {
      const user = await newUser();
      expectError(await post('/users/me/tfa/generate', { password: 'not-it' }, user.token), 401, 'INVALID_CREDENTIALS');
      expect(expectError(await post('/users/me/tfa/generate', {}, user.token), 400, 'INVALID_PAYLOAD').message).toBe(
        'Invalid payload. "password" is required.',
      );
      expect(expectError(await post('/users/me/tfa/generate', { password: 12345 }, user.token), 400, 'INVALID_PAYLOAD').message).toBe(
        'Invalid payload. "password" must be a string.',
      );
      expectError(await post('/users/me/tfa/generate', ['password'], user.token), 400, 'INVALID_PAYLOAD');
      expectError(await post('/users/me/tfa/generate', { password: 'UserPass123!' }), 401, 'INVALID_CREDENTIALS');
    });
  });

  describe('enable', () => {
    it('turns two-factor on with a current code and shows ten recovery codes once, stored hashed', async () => {
      const user = await enabledUser();
      expect(user.recoveryCodes).toHaveLength(10);
      expect(new Set(user.recoveryCodes).size).toBe(10);
      for (const code of user.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      const stored = await storedTfa(user.userId);
      expect(stored.tfa_secret).toBe(user.secret);
      const text = JSON.stringify(stored.tfa_recovery_codes);
      for (const code of user.recoveryCodes) expect(text).not.toContain(code.replace(/-/g, ''));
      expect(await latest('tfa_enable')).toMatchObject({ item: user.userId, user: user.userId });
      // The API never shows the secret or the codes, not even to the user.
      const me = dataOf<Record<string, unknown>>(
        await t.request('GET', '/users/me', { token: user.token, query: { fields: 'tfa_secret' } }),
      );
      expect(me.tfa_secret).toBe('**********');
      // On already: a second enable is refused.
      const generated = await post('/users/me/tfa/generate', { password: 'UserPass123!' }, user.token);
      expect(expectError(generated, 400, 'INVALID_PAYLOAD').message).toBe('Invalid payload. TFA Secret is already set for this user.');
      expectError(
        await post('/users/me/tfa/enable', { secret: user.secret, otp: nextCode(user.secret) }, user.token),
        400,
        'INVALID_PAYLOAD',
      );
    });

    it('refuses a wrong code (400 "otp" is invalid), a secret it did not generate, and bad bodies', async () => {
      const user = await newUser();
      const { secret } = dataOf<{ secret: string }>(await post('/users/me/tfa/generate', { password: 'UserPass123!' }, user.token));
      const right = nextCode(secret);
      const wrong = right === '000000' ? '000001' : '000000';
      expect(expectError(await post('/users/me/tfa/enable', { secret, otp: wrong }, user.token), 400, 'INVALID_PAYLOAD').message).toBe(
        'Invalid payload. "otp" is invalid.',
      );
      // A secret the client made up (or generated for somebody else) is refused even with its right code.
      const own = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      expectError(await post('/users/me/tfa/enable', { secret: own, otp: nextCode(own) }, user.token), 400, 'INVALID_PAYLOAD');
      const other = await newUser();
      const theirs = dataOf<{ secret: string }>(await post('/users/me/tfa/generate', { password: 'UserPass123!' }, other.token)).secret;
      expectError(await post('/users/me/tfa/enable', { secret: theirs, otp: nextCode(theirs) }, user.token), 400, 'INVALID_PAYLOAD');
      expect(expectError(await post('/users/me/tfa/enable', { secret }, user.token), 400, 'INVALID_PAYLOAD').message).toBe(
        'Invalid payload. "otp" is required.',
      );
      expectError(await post('/users/me/tfa/enable', { otp: right }, user.token), 400, 'INVALID_PAYLOAD');
      expectError(await post('/users/me/tfa/enable', { secret, otp: 123456 }, user.token), 400, 'INVALID_PAYLOAD');
      expectError(await post('/users/me/tfa/enable', { secret, otp: right }), 401, 'INVALID_CREDENTIALS');
      expect((await storedTfa(user.userId)).tfa_secret).toBeNull();
      // Nothing was turned on: the password alone still logs in.
      expect((await login(user.email, 'UserPass123!')).statusCode).toBe(200);
    });

    it('accepts the code of the step before and after now, not two steps away', async () => {
      const user = await newUser();
      const { secret } = dataOf<{ secret: string }>(await post('/users/me/tfa/generate', { password: 'UserPass123!' }, user.token));
      advance(60_000);
      const far = totpCode(secret, new Date(now().getTime() - 65_000));
      expectError(await post('/users/me/tfa/enable', { secret, otp: far }, user.token), 400, 'INVALID_PAYLOAD');
      const previous = totpCode(secret, new Date(now().getTime() - 30_000));
      expect((await post('/users/me/tfa/enable', { secret, otp: previous }, user.token)).statusCode).toBe(200);
    });
  });

  describe('login', () => {
    it('asks for the code (401 INVALID_OTP) after the right password, and logs in with it', async () => {
      const user = await enabledUser();
      expect(expectError(await login(user.email, 'UserPass123!'), 401, 'INVALID_OTP').message).toBe('Invalid user OTP.');
      expect(await latest('login_failed')).toMatchObject({ item: user.userId, user: user.userId, comment: 'one-time password required' });
      expectError(await login(user.email, 'UserPass123!', '123456'), 401, 'INVALID_OTP');
      expect(await latest('login_failed')).toMatchObject({ item: user.userId, user: user.userId, comment: 'invalid one-time password' });
      expectError(await login(user.email, 'UserPass123!', ''), 401, 'INVALID_OTP');
      // A wrong password is reported first, whatever the code.
      expectError(await login(user.email, 'wrong', nextCode(user.secret)), 401, 'INVALID_CREDENTIALS');
      // otp must be a string.
      expect(expectError(await login(user.email, 'UserPass123!', 123456), 400, 'INVALID_PAYLOAD').message).toBe(
        'Invalid payload. "otp" must be a string.',
      );

      const code = nextCode(user.secret);
      const response = await login(user.email, 'UserPass123!', code);
      expect(response.statusCode).toBe(200);
      const tokens = dataOf<Tokens>(response);
      expect((await t.request('GET', '/users/me', { token: tokens.access_token })).statusCode).toBe(200);
      expect(await latest('login')).toMatchObject({ item: user.userId, user: user.userId });
      // The same code a second time is refused (RFC 6238 §5.2), and it did not open a session.
      const sessions = await t.app.knex('service_sessions').where({ user: user.userId }).count({ n: '*' }).first();
      expectError(await login(user.email, 'UserPass123!', code), 401, 'INVALID_OTP');
      expect(await t.app.knex('service_sessions').where({ user: user.userId }).count({ n: '*' }).first()).toEqual(sessions);
    });

    it('accepts each recovery code once in place of the code', async () => {
      const user = await enabledUser();
      const [first, second] = user.recoveryCodes as [string, string];
      expect((await login(user.email, 'UserPass123!', first)).statusCode).toBe(200);
      expect(await latest('tfa_recovery_code_used')).toMatchObject({ item: user.userId, user: user.userId });
      expectError(await login(user.email, 'UserPass123!', first), 401, 'INVALID_OTP');
      // Typed in upper case and without dashes is the same code.
      expect((await login(user.email, 'UserPass123!', second.toUpperCase().replace(/-/g, ''))).statusCode).toBe(200);
      expectError(await login(user.email, 'UserPass123!', second), 401, 'INVALID_OTP');
      expectError(await login(user.email, 'UserPass123!', 'aaaa-bbbb-cccc-dddd'), 401, 'INVALID_OTP');
      const left = (await storedTfa(user.userId)).tfa_recovery_codes;
      expect((typeof left === 'string' ? (JSON.parse(left) as unknown[]) : (left as unknown[])).length).toBe(8);
    });

    it('lets one of two simultaneous logins spend a recovery code, not both', async () => {
      const user = await enabledUser();
      const code = user.recoveryCodes[0]!;
      const answers = await Promise.all([login(user.email, 'UserPass123!', code), login(user.email, 'UserPass123!', code)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    });

    it('refuses a recovery code of another user', async () => {
      const user = await enabledUser();
      const other = await enabledUser();
      expectError(await login(user.email, 'UserPass123!', other.recoveryCodes[0]), 401, 'INVALID_OTP');
    });
  });

  describe('recovery codes', () => {
    it('regenerates ten codes with a current code; the old ones stop working', async () => {
      const user = await enabledUser();
      const wrong = await post('/users/me/tfa/recovery-codes', { otp: '000000' }, user.token);
      expect(expectError(wrong, 400, 'INVALID_PAYLOAD').message).toBe('Invalid payload. "otp" is invalid.');
      // A recovery code cannot make new recovery codes.
      expectError(await post('/users/me/tfa/recovery-codes', { otp: user.recoveryCodes[0] }, user.token), 400, 'INVALID_PAYLOAD');
      expectError(await post('/users/me/tfa/recovery-codes', {}, user.token), 400, 'INVALID_PAYLOAD');
      const response = await post('/users/me/tfa/recovery-codes', { otp: nextCode(user.secret) }, user.token);
      expect(response.statusCode).toBe(200);
      const fresh = dataOf<{ recovery_codes: string[] }>(response).recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((c) => user.recoveryCodes.includes(c))).toEqual([]);
      expect(await latest('tfa_recovery_codes')).toMatchObject({ item: user.userId, user: user.userId });
      expectError(await login(user.email, 'UserPass123!', user.recoveryCodes[1]), 401, 'INVALID_OTP');
      expect((await login(user.email, 'UserPass123!', fresh[0])).statusCode).toBe(200);
    });

    it('is refused to a user without two-factor', async () => {
      const user = await newUser();
      expectError(await post('/users/me/tfa/recovery-codes', { otp: '123456' }, user.token), 400, 'INVALID_PAYLOAD');
    });
  });

  describe('disable', () => {
    it('turns two-factor off with a current code; the password alone then logs in', async () => {
      const user = await enabledUser();
      expect(expectError(await post('/users/me/tfa/disable', { otp: '000000' }, user.token), 400, 'INVALID_PAYLOAD').message).toBe(
        'Invalid payload. "otp" is invalid.',
      );
      expectError(await post('/users/me/tfa/disable', {}, user.token), 400, 'INVALID_PAYLOAD');
      expectError(await post('/users/me/tfa/disable', { otp: 1 }, user.token), 400, 'INVALID_PAYLOAD');
      expectError(await post('/users/me/tfa/disable', { otp: nextCode(user.secret) }), 401, 'INVALID_CREDENTIALS');
      expect((await storedTfa(user.userId)).tfa_secret).toBe(user.secret);

      expect((await post('/users/me/tfa/disable', { otp: nextCode(user.secret) }, user.token)).statusCode).toBe(204);
      expect(await storedTfa(user.userId)).toEqual({ tfa_secret: null, tfa_recovery_codes: null });
      expect(await latest('tfa_disable')).toMatchObject({ item: user.userId, user: user.userId });
      expect((await login(user.email, 'UserPass123!')).statusCode).toBe(200);
      // Off already: nothing to disable.
      expectError(await post('/users/me/tfa/disable', { otp: nextCode(user.secret) }, user.token), 400, 'INVALID_PAYLOAD');
    });

    it('also accepts a recovery code (the device is lost)', async () => {
      const user = await enabledUser();
      expect((await post('/users/me/tfa/disable', { otp: user.recoveryCodes[3] }, user.token)).statusCode).toBe(204);
      expect((await login(user.email, 'UserPass123!')).statusCode).toBe(200);
    });

    it('does not let a user clear their own secret through PATCH /users/me', async () => {
      const user = await enabledUser();
      expectError(await t.request('PATCH', '/users/me', { token: user.token, body: { tfa_secret: null } }), 403, 'FORBIDDEN');
      expectError(await t.request('PATCH', '/users/me', { token: user.token, body: { tfa_recovery_codes: [] } }), 403, 'FORBIDDEN');
      expect((await storedTfa(user.userId)).tfa_secret).toBe(user.secret);
    });
  });

  describe('administrator reset', () => {
    it("turns a user's two-factor off (204) and records it", async () => {
      const user = await enabledUser();
      const response = await t.request('POST', `/users/${user.userId}/tfa/reset`, { token: t.adminToken });
      expect(response.statusCode).toBe(204);
      expect(await storedTfa(user.userId)).toEqual({ tfa_secret: null, tfa_recovery_codes: null });
      const admin = dataOf<{ id: string }>(await t.request('GET', '/users/me', { token: t.adminToken }));
      expect(await latest('tfa_reset')).toMatchObject({ item: user.userId, user: admin.id });
      expect((await login(user.email, 'UserPass123!')).statusCode).toBe(200);
    });

    it('is refused (403) to other users, to the user themselves, to the public, and for an unknown user', async () => {
      const user = await enabledUser();
      const other = await newUser();
      expectError(await t.request('POST', `/users/${user.userId}/tfa/reset`, { token: other.token }), 403, 'FORBIDDEN');
      expectError(await t.request('POST', `/users/${user.userId}/tfa/reset`, { token: user.token }), 403, 'FORBIDDEN');
      expectError(await t.request('POST', `/users/${user.userId}/tfa/reset`), 403, 'FORBIDDEN');
      expectError(
        await t.request('POST', '/users/8d7f6c1e-0000-4000-8000-000000000000/tfa/reset', { token: t.adminToken }),
        403,
        'FORBIDDEN',
      );
      expectError(await t.request('POST', '/users/not-a-uuid/tfa/reset', { token: t.adminToken }), 403, 'FORBIDDEN');
      expect((await storedTfa(user.userId)).tfa_secret).toBe(user.secret);
    });

    it('PATCH tfa_secret: null by an administrator also clears the recovery codes', async () => {
      const user = await enabledUser();
      expect((await t.request('PATCH', `/users/${user.userId}`, { token: t.adminToken, body: { tfa_secret: null } })).statusCode).toBe(200);
      expect(await storedTfa(user.userId)).toEqual({ tfa_secret: null, tfa_recovery_codes: null });
    });
  });

  describe('enforce_tfa', () => {
    it('marks the token (enforce_tfa: true) while a user of an enforcing policy has no two-factor, and never blocks login', async () => {
      const user = await newUser();
      const patched = await t.request('PATCH', `/policies/${user.policyId}`, { token: t.adminToken, body: { enforce_tfa: true } });
      expect(patched.statusCode).toBe(200);
      const before = dataOf<Tokens>(await login(user.email, 'UserPass123!'));
      expect(claimsOf(before.access_token).enforce_tfa).toBe(true);
      const globals = dataOf<Record<string, unknown>>(await t.request('GET', '/policies/me/globals', { token: before.access_token }));
      expect(globals.enforce_tfa).toBe(true);

      const { secret } = dataOf<{ secret: string }>(
        await post('/users/me/tfa/generate', { password: 'UserPass123!' }, before.access_token),
      );
      expect((await post('/users/me/tfa/enable', { secret, otp: nextCode(secret) }, before.access_token)).statusCode).toBe(200);
      const after = dataOf<Tokens>(await login(user.email, 'UserPass123!', nextCode(secret)));
      expect(claimsOf(after.access_token)).not.toHaveProperty('enforce_tfa');
      // A user of a policy that does not enforce it never has the claim.
      const other = await newUser();
      expect(claimsOf(other.token)).not.toHaveProperty('enforce_tfa');
    });
  });
});
