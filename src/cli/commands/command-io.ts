import { createInterface } from 'node:readline/promises';
import type { App } from '../../app.js';
import { createApp } from '../../app.js';
import { isAppError } from '../../kernel/errors/index.js';
import type { SchemaModuleDeps } from '../../modules/schema/index.js';
import { loadCliConfig } from '../load-cli-config.js';

/** What a command talks to: injectable so tests can drive it without a terminal or a process. */
export type CommandIo = {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: NodeJS.ReadableStream;
  /** Whether a person can answer a question (stdin and stderr are a terminal). */
  interactive: boolean;
  openApp: () => Promise<App>;
};

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_REFUSED = 2;

export function processIo(): CommandIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    openApp: () => createApp(loadCliConfig()),
  };
}

/** Asks a yes/no question on stderr; only "y" or "yes" is a yes. */
export async function confirm(io: CommandIo, question: string): Promise<boolean> {
  const prompt = createInterface({ input: io.stdin, output: io.stderr as NodeJS.WritableStream, terminal: false });
  try {
    const answer = await prompt.question(`${question} (y/N) `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}

/** withApp for a schema command, with the schema module's dependencies. */
export function withSchemaApp(io: CommandIo, work: (app: App, deps: SchemaModuleDeps) => Promise<number>): Promise<number> {
  return withApp(io, (app) => work(app, { items: app.items, schemaStore: app.schema, version: app.version }));
}

/**
 * Opens the app, checks the database is installed, runs `work` and closes the app. Errors are printed and become
 * exit code 1.
 */
export async function withApp(io: CommandIo, work: (app: App) => Promise<number>): Promise<number> {
  let app: App | undefined;
  try {
    app = await io.openApp();
    if (!(await app.knex.schema.hasTable('service_collections'))) {
      io.stderr.write('Error: the database is not installed; run `stratum bootstrap` first.\n');
      return EXIT_ERROR;
    }
    return await work(app);
  } catch (error) {
    const message = isAppError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
    io.stderr.write(`Error: ${message}\n`);
    return EXIT_ERROR;
  } finally {
    await app?.close();
  }
}
