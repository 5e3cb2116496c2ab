import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { afterAnswer, resetLinkOf } from '../setup/reset-mail.js';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.js';
import { gql, validationMessages, type GraphqlBody } from './graphql-request.js';

const REQUEST = 'mutation ($email: String!, $url: String) { auth_password_request(email: $email, reset_url: $url) }';
const RESET = 'mutation ($token: String!, $password: String!) { auth_password_reset(token: $token, password: $password) }';

describe('GraphQL password mutations (/graphql/system)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  const email = 'graphql-reset@example.com';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      ...smtp.env,
      PUBLIC_URL: 'https://stratum.example.com',
      PASSWORD_RESET_URL_ALLOW_LIST: 'https://app.example.com/reset',
      AUTH_PASSWORD_POLICY: '/^.{10,}$/',
    });
    const created = await t.request('POST', '/users', {
      token: t.adminToken,
      body: { email, password: 'Original-Pass-1', status: 'active' },
    });
    expect(created.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const body = async (query: string, variables: Record<string, unknown>) => {
    const response = await gql(t, query, { variables });
    expect(response.statusCode).toBe(200);
    return response.json() as GraphqlBody;
  };

  it('requests a reset (true) and resets with the mailed token (true); the token then fails with FORBIDDEN', async () => {
    expect(await body(REQUEST, { email, url: 'https://app.example.com/reset' })).toEqual({ data: { auth_password_request: true } });
    const mail = await smtp.waitForMessage(1);
    const { link, token } = resetLinkOf(mail);
    expect(link.origin + link.pathname).toBe('https://app.example.com/reset');

    expect(await body(RESET, { token, password: 'Changed-Pass-2' })).toEqual({ data: { auth_password_reset: true } });
    expect((await t.request('POST', '/auth/login', { body: { email, password: 'Changed-Pass-2' } })).statusCode).toBe(200);

    const again = await body(RESET, { token, password: 'Changed-Pass-3' });
    expect(again.data).toEqual({ auth_password_reset: null });
    expect(again.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, path: ['auth_password_reset'] });
  });

  it('answers true for an unknown address and sends nothing', async () => {
    const before = smtp.messages.length;
    expect(await body(REQUEST, { email: 'nobody-graphql@example.com' })).toEqual({ data: { auth_password_request: true } });
    await afterAnswer();
    await t.app.mailer.settled();
    expect(smtp.messages.length).toBe(before);
  });

  it("surfaces a refused reset_url as INVALID_PAYLOAD, in Directus's GraphQL error shape", async () => {
    const result = await body(REQUEST, { email, url: 'https://app.example.com.evil.example.org/reset' });
    expect(result.data).toEqual({ auth_password_request: null });
    expect(result.errors).toHaveLength(1);
    expect(Object.keys(result.errors![0]!.extensions!)[0]).toBe('code');
    expect(result.errors![0]).toMatchObject({
      message: 'Invalid payload. URL "https://app.example.com.evil.example.org/reset" can\'t be used to reset passwords.',
      extensions: { code: 'INVALID_PAYLOAD' },
      path: ['auth_password_request'],
    });
  });

  it('reports a bad token (INVALID_TOKEN) and a password that misses the policy (FAILED_VALIDATION)', async () => {
    const garbage = await body(RESET, { token: 'garbage', password: 'Whatever-Pass-4' });
    expect(garbage.errors?.[0]?.extensions?.code).toBe('INVALID_TOKEN');

    const expected = smtp.messages.length + 1;
    await body(REQUEST, { email });
    const { token } = resetLinkOf(await smtp.waitForMessage(expected));
    const short = await body(RESET, { token, password: 'short' });
    expect(short.errors?.[0]?.extensions).toMatchObject({ code: 'FAILED_VALIDATION', field: 'password' });
  });

  it('allows each password mutation once per document', async () => {
    const response = await gql(
      t,
      'mutation { a: auth_password_request(email: "a@example.com") b: auth_password_request(email: "b@example.com") }',
    );
    expect(response.statusCode).toBe(400);
    expect(validationMessages(response)).toContain('"auth_password_request" can only be used once per request');
  });

  it('refuses missing arguments at validation (400 GRAPHQL_VALIDATION)', async () => {
    const response = await gql(t, 'mutation { auth_password_reset(token: "x") }');
    expect(response.statusCode).toBe(400);
    expect((response.json() as GraphqlBody).errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION');
  });
});
