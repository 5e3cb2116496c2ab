import pino, { type Logger } from 'pino';

export type { Logger };

/** The process logger: JSON lines (`raw`) or short readable lines (`pretty`). */
export function createLogger(options: { level: string; style: 'pretty' | 'raw' }): Logger {
  if (options.style === 'raw') return pino({ level: options.level });
  return pino(
    { level: options.level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: false }),
  );
}
