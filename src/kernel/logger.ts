import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import { redactSecretKeys, redactSecretsInText, redactSecretsInUrl } from './redact-secrets.js';

export type { Logger };

/**
 * Request and response headers as Fastify and pino log them. Secret keys anywhere else in a logged object are
 * redacted by the `log` formatter (redactSecretKeys): pino's own wildcard paths (`*.password`) would also run on
 * the bindings of every request's child logger, a cost on every request even when nothing is logged.
 */
const REDACT_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["set-cookie"]', 'res.headers["set-cookie"]'];

type SerializedError = { message?: unknown; stack?: unknown } & Record<string, unknown>;

/**
 * Options every logger gets (decision 0044): tokens, cookies, passwords, one-time codes and secrets are redacted
 * from every line at every level (the `log` formatter and `redact`), a logged `url` or `req.url` loses its `access_token` query value, and
 * an error's message and stack lose any `access_token=` / `Bearer` value they quote.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    formatters: { log: (object) => redactSecretKeys(object) },
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

/** Fields a request line carries for JSON readers; its message already says them to people (pretty leaves them out). */
const REQUEST_FIELDS = ['method', 'url', 'statusCode', 'responseTime'];

/**
 * The process logger: JSON lines (`raw`), or short readable lines (`pretty`: pino-pretty in this thread, colours on
 * a terminal); `auto` is pretty when stdout is a terminal. `destination` is for tests (and gets `raw` lines, or
 * pretty ones without colours).
 */
export function createLogger(
  options: { level: string; style: 'auto' | 'pretty' | 'raw' },
  destination?: DestinationStream,
  isTerminal: boolean = process.stdout.isTTY === true,
): Logger {
  const base = loggerOptions(options.level);
  const pretty = options.style === 'pretty' || (options.style === 'auto' && isTerminal);
  if (!pretty) return destination ? pino(base, destination) : pino(base);
  // Loaded only for pretty lines: a server logging JSON (a container, a service) never reads it at start.
  const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  const stream = pinoPretty({
    destination: destination ?? 1,
    colorize: destination === undefined && isTerminal,
    translateTime: 'SYS:HH:MM:ss',
    ignore: ['pid', 'hostname', 'reqId', ...REQUEST_FIELDS].join(','),
    singleLine: true,
    sync: destination === undefined,
  });
  return pino(base, stream);
}
