import { spawn, type ChildProcess } from 'node:child_process';
import { loadConfig, v8Flags, type Config } from '../../src/config/index.js';
import { cliEntry } from '../setup/run-cli.js';
import { databaseEnv, TEST_ENV } from '../setup/test-config.js';

/** Parsed JSON (loosely typed, as response.json() is). */
export type Json = ReturnType<typeof JSON.parse>;

/** How a process ended: its exit code, or the signal that ended it. */
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Instance = {
  name: string;
  url: string;
  /** The process id. */
  pid: number;
  /**
   * A request to this instance; the answer's status and parsed JSON body (null when empty). Throws an error
   * that says the process is gone (exit code or signal, and the tail of its output) when it is.
   */
  call(
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; json: Json }>;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  /** How the process ended; null while it runs. */
  exited(): Exit | null;
  /** Throws (saying how it ended, with the tail of its output) unless the process is still running. */
  assertRunning(): void;
  /** SIGTERM (a graceful shutdown); resolves with the exit code once the process has gone. */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash); resolves once the process has gone. */
  kill(): Promise<void>;
};

/** Lines of an instance's output a failure report shows. */
export const OUTPUT_TAIL_LINES = 200;

/** Every server this test process started: killed if the test process ends without stopping them. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Every instance this test process started (listening), for the failure report. */
const started: Instance[] = [];

/** The last `lines` lines of `text`. */
export function tail(text: string, lines = OUTPUT_TAIL_LINES): string {
  const all = text.split('\n');
  if (all.length > 0 && all[all.length - 1] === '') all.pop();
  return all.length <= lines ? all.join('\n') : [`… (${all.length - lines} earlier lines left out)`, ...all.slice(-lines)].join('\n');
}

/** `exit code 1` or `signal SIGKILL`. */
export function describeExit(exit: Exit): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${String(exit.code)}`;
}

/** The tail of `instance`'s output between two marker lines that say why it is shown. */
export function report(instance: Instance, heading: string): string {
  return `----- ${heading}: last ${OUTPUT_TAIL_LINES} lines of instance ${instance.name}'s output -----\n${tail(instance.output())}\n----- end of instance ${instance.name}'s output -----`;
}

/** Every instance this test process has started so far (running or not), oldest first. */
export function startedInstances(): readonly Instance[] {
  return started;
}

/**
 * Starts a real server process (`node <V8 flags> <the run's server bundle> start`, see cliEntry(), or `node <V8 flags> <entry> start` for a built
 * `entry` such as dist/stratum.js; an array is node's whole command line before `start`) on the test database, on a port of its own (PORT=0: the system picks a free
 * one; the URL is read from its start-up line). When the process ends without stop() or kill() having been asked
 * for, that is printed at once with the tail of its output, and every later call() says so.
 */
export function startInstance(
  name: string,
  db: Config['db'],
  env: Record<string, string> = {},
  entry?: string | readonly string[],
): Promise<Instance> {
  const childEnv = { ...process.env, ...TEST_ENV, ...databaseEnv(db), HOST: '127.0.0.1', PORT: '0', ...env };
  // V8's heap flags on the command line, as `npm start` passes them, so the server does not relaunch itself.
  const { HEAP_GROWING_PERCENT, HEAP_YOUNG_GENERATION_MB } = childEnv as NodeJS.ProcessEnv;
  const heap = { HEAP_GROWING_PERCENT, HEAP_YOUNG_GENERATION_MB };
  const flags = v8Flags(loadConfig(heap, { readDotEnv: false }).server);
  // An array is node's whole command line (its flags and the script), as an image's CMD gives it.
  const args = typeof entry === 'object' ? entry : [...flags, ...(entry === undefined ? cliEntry() : [entry])];
  const child = spawn(process.execPath, [...args, 'start'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`instance ${name} ended (${describeExit({ code, signal })}) before listening:\n${tail(out)}\n${tail(err)}`));
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
  let exit: Exit | null = null;
  /** Set by stop() and kill(): the process is meant to end. */
  let ending = false;
  const gone = (): Error =>
    ending
      ? new Error(`instance ${name} is not running: it was stopped (${describeExit(exit!)})`)
      : new Error(
          `instance ${name} is not running: it ended unexpectedly (${describeExit(exit!)})\n${report(self, 'the instance had ended')}`,
        );
  /** Resolves once the process has ended, or after `ms` if it has not. */
  const endedWithin = (ms: number): Promise<void> =>
    exit
      ? Promise.resolve()
      : new Promise((resolve) => {
          const done = () => {
            clearTimeout(timer);
            child.off('exit', done);
            resolve();
          };
          const timer = setTimeout(done, ms);
          child.once('exit', done);
        });
  const self: Instance = {
    name,
    url,
    pid: child.pid!,
    async call(method, path, options = {}) {
      if (exit) throw gone();
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(`${url}${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
      } catch (error) {
        // A refused or cut connection: say so plainly when it is because the process died meanwhile.
        await endedWithin(500);
        if (exit) throw gone();
        throw error;
      }
      const text = await response.text();
      return { status: response.status, json: parseBody(text) };
    },
    output: () => output.text,
    exited: () => exit,
    assertRunning() {
      if (exit) throw gone();
    },
    stop: () => {
      ending = true;
      return end(child, 'SIGTERM');
    },
    async kill() {
      ending = true;
      await end(child, 'SIGKILL');
    },
  };
  child.once('exit', (code, signal) => {
    exit = { code, signal };
    if (!ending) console.error(`instance ${name} ended unexpectedly (${describeExit(exit)})\n${report(self, 'unexpected end')}`);
  });
  started.push(self);
  return self;
}
