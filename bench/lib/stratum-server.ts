/**
 * Builds and runs Stratum (`node dist/stratum.js start`, the bundle of `npm run build`) as a child process on 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, v8Flags } from '../../src/config/index.js';
import { onCleanup } from './cleanup.js';
import { isAlive, processAgeSeconds, stopPid, waitForPong } from './process-metrics.js';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'AdminPass123!';

export type StratumConfig = {
  repoRoot: string;
  workDir: string;
  port: number;
  /** sqlite: the database file; postgres: the connection string. */
  db: { client: 'sqlite'; filename: string } | { client: 'postgres'; connectionString: string };
  /** Directory for --cpu-prof output, when profiling. */
  cpuProfDir?: string;
  /** Names the log file (`<logName>.log` in workDir). */
  logName: string;
  /** Extra node options (before the script), e.g. `--trace-gc`. */
  nodeArgs?: string[];
  /** Settings for Stratum's environment on top of the bench's own (e.g. HEAP_GROWING_PERCENT=0, to measure one). */
  env?: Record<string, string>;
  /** A command (and its arguments) that runs node, e.g. valgrind's; its pid is node's when it runs node in-process. */
  wrapper?: string[];
  /** How long to wait for the first pong (ms; default 60,000). */
  startTimeoutMs?: number;
};

export type StartTiming = {
  /** From spawn() to the first pong, measured by the runner. */
  spawnToPongMs: number;
  /** The process's own age (kernel clock) when the first pong arrived. */
  processAgeMs: number;
};

export function buildStratum(repoRoot: string): void {
  console.error('[bench] building Stratum (tsc -p tsconfig.build.json, then the bundle dist/stratum.js) ...');
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: repoRoot,
    stdio: 'inherit',
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`the Stratum build failed (exit ${String(result.status)})`);
  const bundle = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/bundle-server.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
    timeout: 120_000,
  });
  if (bundle.status !== 0) throw new Error(`bundling Stratum failed (exit ${String(bundle.status)})`);
}

export class StratumServer {
  private child: ChildProcess | undefined;
  private unregister: (() => void) | undefined;

  constructor(private readonly config: StratumConfig) {}

  get pid(): number {
    if (!this.child?.pid) throw new Error('Stratum is not running');
    return this.child.pid;
  }

  async start(): Promise<StartTiming> {
    if (this.child) throw new Error('Stratum is already running');
    const { config } = this;
    mkdirSync(config.workDir, { recursive: true });
    const log = openSync(path.join(config.workDir, `${config.logName}.log`), 'w');
    // A clean environment (no DB_* or PORT from the caller), and a working directory without a .env file.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(config.port),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
      LOG_LEVEL: 'warn',
      ...(config.db.client === 'sqlite'
        ? { DB_CLIENT: 'sqlite3', DB_FILENAME: config.db.filename }
        : { DB_CLIENT: 'pg', DB_CONNECTION_STRING: config.db.connectionString }),
      ...config.env,
    };
    // V8's heap flags of Stratum's configuration on the command line, as `npm start` passes them: without them the
    // server would relaunch itself and the pid measured would be its launcher's (decision 0053).
    const heap = v8Flags(
      loadConfig(
        { HEAP_GROWING_PERCENT: env.HEAP_GROWING_PERCENT, HEAP_YOUNG_GENERATION_MB: env.HEAP_YOUNG_GENERATION_MB },
        { readDotEnv: false },
      ).server,
    );
    const nodeArgs = [
      ...heap,
      ...(config.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${config.cpuProfDir}`] : []),
      ...(config.nodeArgs ?? []),
    ];
    const started = performance.now();
    const [command, ...args] = [
      ...(config.wrapper ?? []),
      process.execPath,
      ...nodeArgs,
      path.join(config.repoRoot, 'dist/stratum.js'),
      'start',
    ];
    const child = spawn(command as string, args, {
      cwd: config.workDir,
      env,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    const pid = child.pid;
    if (!pid) throw new Error('could not start Stratum');
    this.unregister = onCleanup(
      'Stratum',
      () => this.stop(),
      () => {
        if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      },
    );
    let exited = false;
    child.once('exit', () => (exited = true));
    await waitForPong(config.port, config.startTimeoutMs ?? 60_000, () => !exited);
    const processAgeMs = processAgeSeconds(pid) * 1000;
    return { spawnToPongMs: performance.now() - started, processAgeMs };
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child?.pid) await stopPid(child.pid, 10_000);
    this.unregister?.();
    this.unregister = undefined;
  }
}
