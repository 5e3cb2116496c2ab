import { spawn, type ChildProcess } from 'node:child_process';
import type { Config } from '../../src/config/index.js';
import { databaseEnv, TEST_ENV } from '../setup/test-config.js';

/** Parsed JSON (loosely typed, as response.json() is). */
export type Json = ReturnType<typeof JSON.parse>;

export type Instance = {
  name: string;
  url: string;
  /** A request to this instance; the answer's status and parsed JSON body (null when empty). */
  call(method: string, path: string, options?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; json: Json }>;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  /** SIGTERM (a graceful shutdown); resolves with the exit code once the process has gone. */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash); resolves once the process has gone. */
  kill(): Promise<void>;
};

/** Every server this test process started: killed if the test process ends without stopping them. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts a real server process (`node --import tsx src/cli/index.ts start`, as `npm start` does) on the test
 * database, on a port of its own (PORT=0: the system picks a free one; the URL is read from its start-up line).
 */
export function startInstance(name: string, db: Config['db'], env: Record<string, string> = {}): Promise<Instance> {
  const childEnv = { ...process.env, ...TEST_ENV, ...databaseEnv(db), HOST: '127.0.0.1', PORT: '0', ...env };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'start'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const onExit = (code: number | null) => reject(new Error(`instance ${name} exited (${code}) before listening:\n${out}\n${err}`));
    child.once('exit', onExit);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /Stratum is running at (http:\/\/\S+)/.exec(out);
      if (!found) return;
      child.off('exit', onExit);
      child.stdout!.removeAllListeners('data');
      child.stderr!.removeAllListeners('data');
      const output = { text: out + err };
      child.stdout!.on('data', (more: Buffer) => (output.text += more.toString()));
      child.stderr!.on('data', (more: Buffer) => (output.text += more.toString()));
      resolve(instance(name, found[1]!.replace('localhost', '127.0.0.1'), child, output));
    });
  });
}

/** The parsed JSON body; null when empty; the text itself when it is not JSON (`pong`). */
function parseBody(text: string): Json {
  if (text === '') return null;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

/** Sends `signal` and resolves with the exit code once the process has gone (at once if it already has). */
function end(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

function instance(name: string, url: string, child: ChildProcess, output: { text: string }): Instance {
  return {
    name,
    url,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await response.text();
      return { status: response.status, json: parseBody(text) };
    },
    output: () => output.text,
    stop: () => end(child, 'SIGTERM'),
    async kill() {
      await end(child, 'SIGKILL');
    },
  };
}
