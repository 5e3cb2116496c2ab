import { cleanupAll } from './cleanup.js';

/**
 * Runs a benchmark's `main` and ends the process: exit 0 when it finished (after stopping what it started, when
 * `cleanUpAfterSuccess`), else its error on stderr under the benchmark's `name`, everything it started stopped, exit 1.
 */
export function runMain(name: string, main: () => Promise<void>, options: { cleanUpAfterSuccess?: boolean } = {}): void {
  main().then(
    async () => {
      if (options.cleanUpAfterSuccess) await cleanupAll();
      process.exit(0);
    },
    async (error: unknown) => {
      console.error(`[${name}] failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
      await cleanupAll();
      process.exit(1);
    },
  );
}
