import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { installCleanupHandlers } from './cleanup.js';
import { portAnswers } from './process-metrics.js';

export type PreparedRun = {
  /** The report's lines so far. */
  lines: string[];
  /** Adds a line to the report and logs it. */
  out(line: string): void;
};

/**
 * What a single-server bench does first: cleanup handlers, a free port, Stratum bundled (dist/stratum.js) unless
 * `bundle` is false, and an empty work folder. Answers the report's lines and the function that adds one.
 */
export async function prepareRun(options: {
  repoRoot: string;
  workDir: string;
  port: number;
  bundle: boolean;
  log: (message: string) => void;
}): Promise<PreparedRun> {
  installCleanupHandlers(60 * 60_000);
  if (await portAnswers(options.port)) throw new Error(`something already answers on 127.0.0.1:${options.port}`);
  if (options.bundle) {
    options.log('bundling Stratum (scripts/bundle-server.mjs → dist/stratum.js) ...');
    const bundled = spawnSync(process.execPath, ['scripts/bundle-server.mjs'], { cwd: options.repoRoot, stdio: 'inherit' });
    if (bundled.status !== 0) throw new Error('bundling Stratum failed');
  }
  rmSync(options.workDir, { recursive: true, force: true });
  mkdirSync(options.workDir, { recursive: true });
  const lines: string[] = [];
  return {
    lines,
    out(line) {
      lines.push(line);
      options.log(line);
    },
  };
}
