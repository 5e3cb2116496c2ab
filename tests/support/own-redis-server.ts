import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port the system has just handed out and released (free at the time of asking). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type OwnRedisServer = {
  url: string;
  port: number;
  /** Starts (or restarts) the server on the same port; resolves once it answers. */
  start(): Promise<void>;
  /** Stops the server (SIGKILL: an outage, not a shutdown); resolves once the process has gone. */
  stop(): Promise<void>;
};

/**
 * A Redis server of a test's own (`redis-server` from the machine), on a free port, keeping nothing on disk:
 * fault tests stop and restart it without touching the Redis that other tests and local servers share.
 */
export async function ownRedisServer(): Promise<OwnRedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const server: OwnRedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (child) return;
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      await new Promise<void>((resolve, reject) => {
        let out = '';
        const onExit = (code: number | null) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${out}`));
        started.once('exit', onExit);
        started.once('error', reject);
        started.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (!out.includes('Ready to accept connections')) return;
          started.off('exit', onExit);
          started.stdout!.removeAllListeners('data');
          started.stdout!.resume();
          resolve();
        });
      });
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      if (running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
  await server.start();
  return server;
}
