import type { Transporter } from 'nodemailer';
import type { Config } from '../../config/index.js';
import type { Logger } from '../../kernel/logger.js';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
};

export type Mailer = {
  /**
   * Hands a message over for sending in the background and returns at once. It never throws: a failure
   * (server down, refused recipient) is logged and changes nothing for the caller.
   */
  send(message: MailMessage): void;
  /** Resolves once every message handed over so far has been sent or has failed (tests, shutdown). */
  settled(): Promise<void>;
  /** Waits for messages in flight, then closes the transport. */
  close(): Promise<void>;
};

/**
 * The e-mail sender of the app, made once from `EMAIL_*`: SMTP (`EMAIL_SMTP_*`) or a local sendmail binary.
 * nodemailer and the transport are loaded with the first message, so a server that never sends mail never
 * loads them.
 */
export function createMailer(config: Config['email'], logger: Logger): Mailer {
  let transport: Promise<Transporter> | null = null;
  const inFlight = new Set<Promise<void>>();

  const transportOf = (): Promise<Transporter> => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(transportOptions(config)));
    return transport;
  };

  const deliver = async (message: MailMessage): Promise<void> => {
    try {
      const info = (await (await transportOf()).sendMail({ from: config.from, ...message })) as { messageId?: string };
      logger.debug({ subject: message.subject, messageId: info.messageId }, 'mail sent');
    } catch (error) {
      logger.error({ err: error, to: message.to, subject: message.subject }, 'mail could not be sent');
    }
  };

  const settled = async (): Promise<void> => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };

  return {
    send(message) {
      const sending = deliver(message).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    settled,
    async close() {
      await settled();
      if (transport) (await transport.catch(() => null))?.close();
      transport = null;
    },
  };
}

/** nodemailer's options for the configured transport. */
export function transportOptions(config: Config['email']): Record<string, unknown> {
  if (config.transport === 'sendmail') return { sendmail: true, path: config.sendmailPath, newline: 'unix' };
  const { smtp } = config;
  return {
    host: smtp.host ?? undefined,
    port: smtp.port,
    secure: smtp.secure,
    ignoreTLS: smtp.ignoreTls,
    ...(smtp.user !== null ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}
