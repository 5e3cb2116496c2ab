import { spawn } from 'node:child_process';
import { inject } from 'vitest';
import type { Config } from '../../src/config/index.js';
import { databaseEnv, TEST_ENV } from './test-config.js';

/** The CLI run from source through tsx. */
export const CLI_FROM_SOURCE: readonly string[] = ['--import', 'tsx', 'src/cli/index.ts'];

/**
 * node's arguments that run the CLI: the run's server bundle, built from src/ by the global set-up (as `npm start`
 * and the image run it; tests/setup/server-bundle.ts), else the source through tsx.
 */
export function cliEntry(): readonly string[] {
  const entry = inject('stratumServerEntry');
  return entry ? [entry] : CLI_FROM_SOURCE;
}

export type CliResult = { code: number | null; out: string; err: string };

/**
 * Runs the real CLI (`node <cliEntry()> <args>`) as a process against a test database, with the
 * tests' settings plus `env`; resolves with its exit code and output. No terminal: stdin is closed.
 */
export function runCli(db: Config['db'], args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const childEnv = { ...process.env, ...TEST_ENV, ...databaseEnv(db), ...env };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliEntry(), ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
