import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { createTotpClock, TOTP_CLOCK_TOKEN_TTL } from '../setup/totp-code.js';
import { gql, type GraphqlBody } from './graphql-request.js';

const GENERATE = 'mutation ($password: String!) { users_me_tfa_generate(password: $password) { secret otpauth_url } }';
const ENABLE = 'mutation ($otp: String!, $secret: String!) { users_me_tfa_enable(otp: $otp, secret: $secret) }';
const DISABLE = 'mutation ($otp: String!) { users_me_tfa_disable(otp: $otp) }';
const CODES = 'mutation ($otp: String!) { users_me_tfa_recovery_codes(otp: $otp) }';
const RESET = 'mutation ($id: String!) { users_tfa_reset(id: $id) }';
const LOGIN =
  'mutation ($email: String!, $password: String!, $otp: String) { auth_login(email: $email, password: $password, otp: $otp) { access_token refresh_token } }';

describe('GraphQL two-factor mutations (/graphql/system)', () => {
  let t: TestApp;
  const { now, nextCode } = createTotpClock();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITER_LOGIN_POINTS: '10000', ACCESS_TOKEN_TTL: TOTP_CLOCK_TOKEN_TTL }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const run = async (query: string, variables: Record<string, unknown>, token?: string | null) => {
    const response = await gql(t, query, { variables, token });
    expect(response.statusCode).toBe(200);
    return response.json() as GraphqlBody;
  };
  const codeOf = (body: GraphqlBody) => body.errors?.[0]?.extensions?.code;

  it('generates, enables, logs in with otp, makes recovery codes and disables, through the same service as REST', async () => {
    const email = `gql-tfa-${Date.now()}@example.com`;
    const user = await t.userWith({ email });

    const wrongPassword = await run(GENERATE, { password: 'nope' }, user.token);
    expect(wrongPassword.data).toEqual({ users_me_tfa_generate: null });
    expect(codeOf(wrongPassword)).toBe('INVALID_CREDENTIALS');

    const generated = await run(GENERATE, { password: 'UserPass123!' }, user.token);
    const { secret, otpauth_url } = (generated.data as { users_me_tfa_generate: { secret: string; otpauth_url: string } })
      .users_me_tfa_generate;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);

    const wrongOtp = await run(ENABLE, { otp: '000000', secret }, user.token);
    expect(codeOf(wrongOtp)).toBe('INVALID_PAYLOAD');
    expect(await run(ENABLE, { otp: nextCode(secret), secret }, user.token)).toEqual({ data: { users_me_tfa_enable: true } });

    const noOtp = await run(LOGIN, { email, password: 'UserPass123!' });
    expect(noOtp.data).toEqual({ auth_login: null });
    expect(codeOf(noOtp)).toBe('INVALID_OTP');
    const withOtp = await run(LOGIN, { email, password: 'UserPass123!', otp: nextCode(secret) });
    expect(withOtp.errors).toBeUndefined();
    expect((withOtp.data as { auth_login: { access_token: string } }).auth_login.access_token).toEqual(expect.any(String));

    const codes = await run(CODES, { otp: nextCode(secret) }, user.token);
    const list = (codes.data as { users_me_tfa_recovery_codes: string[] }).users_me_tfa_recovery_codes;
    expect(list).toHaveLength(10);
    const withRecovery = await run(LOGIN, { email, password: 'UserPass123!', otp: list[0] });
    expect(withRecovery.errors).toBeUndefined();
    expect(codeOf(await run(LOGIN, { email, password: 'UserPass123!', otp: list[0] }))).toBe('INVALID_OTP');

    expect(codeOf(await run(DISABLE, { otp: '000000' }, user.token))).toBe('INVALID_PAYLOAD');
    expect(await run(DISABLE, { otp: nextCode(secret) }, user.token)).toEqual({ data: { users_me_tfa_disable: true } });
    expect((await run(LOGIN, { email, password: 'UserPass123!' })).errors).toBeUndefined();
  });

  it('refuses the public (INVALID_CREDENTIALS) and bad arguments (GraphQL validation)', async () => {
    expect(codeOf(await run(GENERATE, { password: 'x' }))).toBe('INVALID_CREDENTIALS');
    expect(codeOf(await run(DISABLE, { otp: '123456' }))).toBe('INVALID_CREDENTIALS');
    const missing = await gql(t, 'mutation { users_me_tfa_enable(otp: "123456") }', { token: t.adminToken });
    expect(missing.statusCode).toBe(400);
    const wrongType = await gql(t, 'mutation { users_me_tfa_disable(otp: 123456) }', { token: t.adminToken });
    expect(wrongType.statusCode).toBe(400);
  });

  it('lets an administrator reset a user (true) and refuses everybody else (FORBIDDEN)', async () => {
    const email = `gql-reset-${Date.now()}@example.com`;
    const user = await t.userWith({ email });
    const generated = await run(GENERATE, { password: 'UserPass123!' }, user.token);
    const { secret } = (generated.data as { users_me_tfa_generate: { secret: string } }).users_me_tfa_generate;
    await run(ENABLE, { otp: nextCode(secret), secret }, user.token);

    const other = await t.userWith({});
    expect(codeOf(await run(RESET, { id: user.userId }, other.token))).toBe('FORBIDDEN');
    expect(codeOf(await run(RESET, { id: user.userId }))).toBe('FORBIDDEN');
    expect(codeOf(await run(LOGIN, { email, password: 'UserPass123!' }))).toBe('INVALID_OTP');
    expect(await run(RESET, { id: user.userId }, t.adminToken)).toEqual({ data: { users_tfa_reset: true } });
    expect((await run(LOGIN, { email, password: 'UserPass123!' })).errors).toBeUndefined();
  });
});
