import { authentication, createDirectus, passwordRequest, passwordReset, rest } from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { resetLinkOf } from '../setup/reset-mail.js';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.js';

type SdkError = { errors: { message: string; extensions: { code: string } }[] };

async function sdkError(work: Promise<unknown>): Promise<SdkError> {
  try {
    await work;
  } catch (error) {
    return error as SdkError;
  }
  throw new Error('expected the SDK call to fail');
}

/** `passwordRequest` / `passwordReset` of the official @directus/sdk against a listening server and a real SMTP server. */
describe('@directus/sdk password reset', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let url = '';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ ...smtp.env, PASSWORD_RESET_URL_ALLOW_LIST: 'https://app.example.com/reset' });
    const created = await t.request('POST', '/users', {
      token: t.adminToken,
      body: { email: 'sdk-reset@example.com', password: 'Sdk-Pass-1', status: 'active' },
    });
    expect(created.statusCode).toBe(200);
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const client = () =>
    createDirectus(url)
      .with(authentication('json', { autoRefresh: false }))
      .with(rest());

  it('requests a reset with a reset_url, resets with the mailed token, and logs in with the new password', async () => {
    // The SDK resolves without a body for the 204.
    await client().request(passwordRequest('sdk-reset@example.com', 'https://app.example.com/reset'));
    const { link, token } = resetLinkOf(await smtp.waitForMessage(1));
    expect(link.origin + link.pathname).toBe('https://app.example.com/reset');
    await client().request(passwordReset(token, 'Sdk-Pass-2'));

    const c = client();
    expect((await c.login({ email: 'sdk-reset@example.com', password: 'Sdk-Pass-2' })).access_token).toBeTruthy();
    expect((await sdkError(client().login({ email: 'sdk-reset@example.com', password: 'Sdk-Pass-1' }))).errors[0]!.extensions.code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await sdkError(client().request(passwordReset(token, 'Sdk-Pass-3')))).errors[0]!.extensions.code).toBe('FORBIDDEN');
  });

  it('gets INVALID_PAYLOAD for a reset_url outside the allow list', async () => {
    const error = await sdkError(client().request(passwordRequest('sdk-reset@example.com', 'https://evil.example.org/reset')));
    expect(error.errors[0]!.extensions.code).toBe('INVALID_PAYLOAD');
  });
});
