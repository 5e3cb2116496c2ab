/**
 * Starts bench/floor.ts as a child process on its own data: for SQLite a consistent copy (online backup) of
 * Stratum's database file, made after the seeding, so the floor reads the very rows Stratum's API wrote.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Database } from './better-sqlite3.js';
import { onCleanup } from './cleanup.js';
import { isAlive, stopPid, waitForPong } from './process-metrics.js';

export async function copySqlite(source: string, target: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(target + suffix, { force: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
}

export class FloorServer {
  private child: ChildProcess | undefined;
  private unregister: (() => void) | undefined;

  constructor(
    private readonly options: {
      repoRoot: string;
      workDir: string;
      port: number;
      source: { sqlite: string } | { pg: string };
      /** The floor's script (default bench/floor.ts; bench:relations runs bench/relations-floor.ts). */
      script?: string;
    },
  ) {}

  get pid(): number {
    if (!this.child?.pid) throw new Error('the floor is not running');
    return this.child.pid;
  }

  async start(): Promise<void> {
    const { repoRoot, workDir, port, source, script = 'bench/floor.ts' } = this.options;
    const log = openSync(path.join(workDir, `${path.basename(script, '.ts')}.log`), 'w');
    const sourceArgs = 'sqlite' in source ? ['--sqlite', source.sqlite] : ['--pg', source.pg];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script), '--port', String(port), ...sourceArgs], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    const pid = child.pid;
    if (!pid) throw new Error('could not start the floor');
    this.unregister = onCleanup(
      'floor',
      () => this.stop(),
      () => {
        if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      },
    );
    let exited = false;
    child.once('exit', () => (exited = true));
    await waitForPong(port, 30_000, () => !exited);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child?.pid) await stopPid(child.pid, 5000);
    this.unregister?.();
    this.unregister = undefined;
  }
}
