import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/kernel/logger.js';

/** A logger with the process logger's options (redaction included) at `level` (default info) whose JSON lines the test can read. */
export function captureLogger(level = 'info'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ level, style: 'raw' }, stream), lines };
}
