import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { createTotpClock, TOTP_CLOCK_TOKEN_TTL, totpCode } from '../../setup/totp-code.js';

/** Guesses made with a valid access token (password at generate, codes at disable and at login) are throttled. */
describe('two-factor guesses and the failed-login throttle', () => {
  let t: TestApp;
  const { now, advance } = createTotpClock();

  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMITER_LOGIN_POINTS: '3', RATE_LIMITER_LOGIN_DURATION: '600', ACCESS_TOKEN_TTL: TOTP_CLOCK_TOKEN_TTL },
      { now },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const newUser = () => t.userWith({ email: `tfa-throttle-${randomBytes(4).toString('hex')}@example.com` });
  const post = (url: string, body: unknown, token?: string) => t.request('POST', url, { token, body });

  it('stops password guesses at generate after the budget, even the right password', async () => {
    const user = await newUser();
    for (let i = 0; i < 3; i++)
      expectError(await post('/users/me/tfa/generate', { password: `wrong-${i}` }, user.token), 401, 'INVALID_CREDENTIALS');
    expectError(await post('/users/me/tfa/generate', { password: 'UserPass123!' }, user.token), 429, 'REQUESTS_EXCEEDED');
    advance(601_000);
    expect((await post('/users/me/tfa/generate', { password: 'UserPass123!' }, user.token)).statusCode).toBe(200);
  });

  it('stops code guesses at disable and at login after the budget', async () => {
    const user = await newUser();
    const { secret } = dataOf<{ secret: string }>(await post('/users/me/tfa/generate', { password: 'UserPass123!' }, user.token));
    advance(60_000);
    expect((await post('/users/me/tfa/enable', { secret, otp: totpCode(secret, now()) }, user.token)).statusCode).toBe(200);
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
    for (let i = 0; i < 3; i++) {
      advance(60_000);
      expectError(await post('/users/me/tfa/disable', { otp: wrong(totpCode(secret, now())) }, user.token), 400, 'INVALID_PAYLOAD');
    }
    advance(60_000);
    expectError(await post('/users/me/tfa/disable', { otp: totpCode(secret, now()) }, user.token), 429, 'REQUESTS_EXCEEDED');
    // The same address's logins are held off too: the right password and code do not get through.
    const { email } = (await t.app.knex('service_users').select('email').where({ id: user.userId }).first()) as { email: string };
    expectError(await post('/auth/login', { email, password: 'UserPass123!', otp: totpCode(secret, now()) }), 429, 'REQUESTS_EXCEEDED');
  });
});
