import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { logProcessFaults } from './log-process-faults.js';
import { captureLogger } from '../tests/support/capture-logger.js';

describe('logProcessFaults', () => {
  it('logs an unhandled rejection as an error and carries on', () => {
    const target = new EventEmitter();
    const { logger, lines } = captureLogger();
    const exit = vi.fn();
    logProcessFaults(target, logger, exit);
    target.emit('unhandledRejection', new Error('select 1 - Connection terminated unexpectedly'));
    expect(exit).not.toHaveBeenCalled();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: expect.stringContaining('Unhandled promise rejection'),
      err: { message: 'select 1 - Connection terminated unexpectedly' },
    });
  });

  it('logs an uncaught exception as fatal and exits 1', () => {
    const target = new EventEmitter();
    const { logger, lines } = captureLogger();
    const exit = vi.fn();
    logProcessFaults(target, logger, exit);
    target.emit('uncaughtException', new TypeError('x is not a function'));
    expect(exit).toHaveBeenCalledWith(1);
    expect(lines[0]).toMatchObject({
      level: 60,
      msg: expect.stringContaining('Uncaught exception'),
      err: { message: 'x is not a function' },
    });
  });

  it('removes both listeners when asked', () => {
    const target = new EventEmitter();
    const off = logProcessFaults(target, captureLogger().logger, vi.fn());
    expect(target.listenerCount('unhandledRejection') + target.listenerCount('uncaughtException')).toBe(2);
    off();
    expect(target.listenerCount('unhandledRejection') + target.listenerCount('uncaughtException')).toBe(0);
  });

  it('keeps a real Node process alive after an unhandled rejection, which without it ends the process with exit code 1', async () => {
    const module = fileURLToPath(new URL('./log-process-faults.ts', import.meta.url));
    const run = async (watched: boolean) => {
      const script = [
        `const { logProcessFaults } = await import(${JSON.stringify(module)});`,
        `const { default: pino } = await import('pino');`,
        watched ? `logProcessFaults(process, pino(), (code) => process.exit(code));` : '',
        `Promise.reject(new Error('nobody waits for this'));`,
        `setTimeout(() => { console.log('still running'); process.exit(0); }, 100);`,
      ].join('\n');
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { code, out };
    };
    const [bare, watched] = await Promise.all([run(false), run(true)]);
    expect(bare.code).toBe(1);
    expect(bare.out).not.toContain('still running');
    expect(watched.out).toContain('nobody waits for this');
    expect(watched.out).toContain('still running');
    expect(watched.code).toBe(0);
  });
});
