import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
};

export type TestSmtpServer = {
  port: number;
  /** Every message received so far, in arrival order. */
  messages: ReceivedMail[];
  /** Resolves with the `count`-th message (1-based) once it has arrived; rejects after `timeoutMs`. */
  waitForMessage(count: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** The variables that point an app at this server. */
  env: Record<string, string>;
  /** A server started with `hold`: takes the messages it holds, and every later one at once. */
  release(): void;
  stop(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (a free port), no TLS, no authentication, that keeps every message it
 * receives (parsed with mailparser) for the test to read. With `hold`, it is a mail server that does not answer:
 * each message is received but neither taken (no reply to the client) nor listed until `release()`, so a test
 * can show that something did not wait for the mail, without a wall-clock delay.
 */
export async function startSmtpServer(options: { hold?: boolean } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let holding = options.hold ?? false;
  const held: (() => void)[] = [];
  const release = () => {
    holding = false;
    for (const take of held.splice(0)) take();
  };
  const waiters: { count: number; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        // A server that holds its messages takes each only once released.
        .then(async (parsed) => (holding ? new Promise<typeof parsed>((resolve) => held.push(() => resolve(parsed))) : parsed))
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const waiter of waiters.filter((w) => messages.length >= w.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(messages[waiter.count - 1]!);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    messages,
    env: {
      EMAIL_TRANSPORT: 'smtp',
      EMAIL_SMTP_HOST: '127.0.0.1',
      EMAIL_SMTP_PORT: String(port),
      EMAIL_SMTP_IGNORE_TLS: 'true',
      EMAIL_FROM: 'stratum@example.com',
    },
    waitForMessage(count, timeoutMs = 5_000) {
      const ready = messages[count - 1];
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no message #${count} within ${timeoutMs} ms (have ${messages.length})`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      });
    },
    release,
    stop: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
