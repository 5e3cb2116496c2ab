import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** The V8 flags `stratum start` manages (src/config/v8-flags.ts), by name (a `--no-` flag's name is its own). */
const MANAGED = new Set(['--heap-growing-percent', '--max-semi-space-size', '--allocation-site-pretenuring']);
/** The signals a launcher passes on to the server it started. */
const FORWARDED: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** A flag as V8 reads it: `--max_semi_space_size=8` and `--max-semi-space-size=8` are the same flag. */
function normalise(arg: string): string {
  return arg.replace(/^--[^=]*/, (name) => name.replace(/_/g, '-'));
}

/** A flag's name: `--no-allocation-site-pretenuring` and `--allocation-site-pretenuring` set the same flag. */
const nameOf = (arg: string): string =>
  normalise(arg)
    .split('=')[0]!
    .replace(/^--no-/, '--');

/**
 * Node's own arguments (`process.execArgv`) with the managed V8 flags replaced by `flags`, or null when they carry
 * exactly `flags` already (what `npm start` and the image pass). Flags are written `--name=value`.
 */
export function execArgvWith(execArgv: readonly string[], flags: readonly string[]): string[] | null {
  // Node lets the last of a repeated flag win.
  const current = new Map(execArgv.filter((arg) => MANAGED.has(nameOf(arg))).map((arg) => [nameOf(arg), normalise(arg)]));
  if (current.size === flags.length && flags.every((flag) => current.get(nameOf(flag)) === flag)) return null;
  return [...execArgv.filter((arg) => !MANAGED.has(nameOf(arg))), ...flags];
}

/**
 * Runs this same command again in a child node with `execArgv`, and stays beside it as its launcher: passes
 * SIGTERM, SIGINT and SIGHUP on, and ends with the child's exit code (128 + the signal's number when a signal
 * ended it). The child has a process group of its own, so a terminal's Ctrl-C reaches it once (through the
 * launcher), and an IPC channel, whose closing tells it that the launcher has gone (stopWhenLauncherGoes).
 */
export function relaunch(execArgv: readonly string[]): void {
  const child = spawn(process.execPath, [...execArgv, ...process.argv.slice(1)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
  for (const signal of FORWARDED) process.on(signal, forward);
  child.once('error', (error) => {
    process.stderr.write(`Error: could not start the server with its V8 flags: ${error.message}\n`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
}

/**
 * In a server started by `relaunch`: when the launcher's IPC channel closes (the launcher ended, even by SIGKILL),
 * `onGone` runs; the channel itself does not keep the process alive. Nothing happens without a channel.
 */
export function stopWhenLauncherGoes(proc: NodeJS.Process, onGone: () => void): void {
  if (!proc.channel) return;
  proc.channel.unref();
  proc.once('disconnect', onGone);
}
