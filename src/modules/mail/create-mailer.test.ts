import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.js';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/setup/smtp-server.js';
import { createMailer, transportOptions } from './create-mailer.js';

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const emailConfig = (env: Record<string, string>) => loadConfig(env, { readDotEnv: false }).email;

describe('createMailer', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it('sends a message with a text and an HTML part through SMTP, from EMAIL_FROM', async () => {
    const { logger } = capturingLogger();
    const mailer = createMailer(emailConfig(smtp.env), logger);
    mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Plain words', html: '<p>Rich words</p>' });
    await mailer.settled();
    const mail = await smtp.waitForMessage(1);
    expect(mail).toMatchObject({ to: ['someone@example.com'], from: 'stratum@example.com', subject: 'Hello' });
    expect(mail.text.trim()).toBe('Plain words');
    expect(mail.html).toContain('<p>Rich words</p>');
    await mailer.close();
  });

  it('logs a failure instead of throwing when the server cannot be reached', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer(emailConfig({ ...smtp.env, EMAIL_SMTP_PORT: '1' }), logger);
    expect(() => mailer.send({ to: 'someone@example.com', subject: 'Lost', text: 'x', html: '<p>x</p>' })).not.toThrow();
    await mailer.settled();
    const failure = lines.find((l) => l.msg === 'mail could not be sent');
    expect(failure).toMatchObject({ level: 50, to: 'someone@example.com', subject: 'Lost' });
    await mailer.close();
  });

  it('builds sendmail and SMTP transport options from the config', () => {
    expect(transportOptions(emailConfig({}))).toEqual({ sendmail: true, path: '/usr/sbin/sendmail', newline: 'unix' });
    const smtpOptions = transportOptions(
      emailConfig({
        EMAIL_TRANSPORT: 'smtp',
        EMAIL_SMTP_HOST: 'mail.example.com',
        EMAIL_SMTP_PORT: '465',
        EMAIL_SMTP_SECURE: 'true',
        EMAIL_SMTP_USER: 'u',
        EMAIL_SMTP_PASSWORD: 'p',
      }),
    );
    expect(smtpOptions).toMatchObject({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      ignoreTLS: false,
      auth: { user: 'u', pass: 'p' },
    });
    expect(transportOptions(emailConfig({ EMAIL_TRANSPORT: 'smtp', EMAIL_SMTP_HOST: 'h' }))).not.toHaveProperty('auth');
  });

  it('refuses EMAIL_TRANSPORT=smtp without a host', () => {
    expect(() => emailConfig({ EMAIL_TRANSPORT: 'smtp' })).toThrow(/EMAIL_TRANSPORT=smtp needs EMAIL_SMTP_HOST/);
  });
});
