#!/usr/bin/env node
import { isAppError } from '../kernel/errors/index.js';

/**
 * The `stratum` command. A bare `stratum start` (what `npm start` runs) goes straight to the server, without
 * loading the argument parser and the other commands; everything else goes through the full program.
 */
function fail(error: unknown): never {
  const message = isAppError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
  process.stderr.write(`Error: ${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
const run =
  args.length === 1 && args[0] === 'start'
    ? import('./commands/start.js').then((module) => module.startCommand())
    : import('./program.js').then((module) => module.runProgram(process.argv));
run.catch(fail);
