import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { redactSecretsInText, redactSecretsInUrl } from './redact-secrets.js';

export type { Logger };

/** Keys whose values are secrets wherever they appear in a logged object (top level and two levels down). */
const SECRET_KEYS = ['password', 'new_password', 'token', 'access_token', 'refresh_token', 'otp', 'secret', 'tfa_secret', 'client_secret', 'authorization', 'cookie', 'set-cookie'];
const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((key) => (key.includes('-') ? [`*["${key}"]`, `*.*["${key}"]`] : [key, `*.${key}`, `*.*.${key}`])),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
];

type SerializedError = { message?: unknown; stack?: unknown } & Record<string, unknown>;

/**
 * Options every logger gets (decision 0044): tokens, cookies, passwords, one-time codes and secrets are redacted
 * from every line at every level (`redact`), a logged `url` or `req.url` loses its `access_token` query value, and
 * an error's message and stack lose any `access_token=` / `Bearer` value they quote.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      url: (url: unknown) => (typeof url === 'string' ? redactSecretsInUrl(url) : url),
      req: (req: unknown) => {
        if (req === null || typeof req !== 'object') return req;
        const { method, url, id } = req as { method?: string; url?: string; id?: string };
        return { id, method, url: typeof url === 'string' ? redactSecretsInUrl(url) : url };
      },
      err: (error: unknown) => {
        const serialized = pino.stdSerializers.err(error as Error) as SerializedError;
        if (serialized === null || typeof serialized !== 'object') return serialized;
        if (typeof serialized.message === 'string') serialized.message = redactSecretsInText(serialized.message);
        if (typeof serialized.stack === 'string') serialized.stack = redactSecretsInText(serialized.stack);
        return serialized;
      },
    },
    hooks: {
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) if (typeof args[i] === 'string') args[i] = redactSecretsInText(args[i] as string);
        method.apply(this, args);
      },
    },
  };
}

/** The process logger: JSON lines (`raw`) or short readable lines (`pretty`); `destination` is for tests. */
export function createLogger(options: { level: string; style: 'pretty' | 'raw' }, destination?: DestinationStream): Logger {
  const base = loggerOptions(options.level);
  if (options.style === 'raw') return destination ? pino(base, destination) : pino(base);
  return pino(
    { ...base, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
