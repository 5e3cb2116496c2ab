/**
 * Everything the run started registers here, so that a failure, a signal or the watchdog stops it all.
 */

type Stopper = { name: string; stop: () => Promise<void>; stopSync: () => void };

const stoppers: Stopper[] = [];
let cleaning: Promise<void> | undefined;

/** Registers a server; returns a function that unregisters it (after a normal stop). */
export function onCleanup(name: string, stop: () => Promise<void>, stopSync: () => void): () => void {
  const entry: Stopper = { name, stop, stopSync };
  stoppers.push(entry);
  return () => {
    const index = stoppers.indexOf(entry);
    if (index >= 0) stoppers.splice(index, 1);
  };
}

/** Stops everything still registered, newest first; each stop is bounded in time. */
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    while (stoppers.length > 0) {
      const entry = stoppers.pop() as Stopper;
      try {
        await Promise.race([entry.stop(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
      } catch (error) {
        console.error(`[bench] stopping ${entry.name} failed: ${String(error)}`);
        entry.stopSync();
      }
    }
  })();
  return cleaning;
}

/** Last resort on process exit: synchronous kills only. */
function cleanupSync(): void {
  for (const entry of stoppers.splice(0).reverse()) {
    try {
      entry.stopSync();
    } catch {
      // nothing more we can do
    }
  }
}

/** Signals, uncaught errors and a hard deadline all end in cleanup. */
export function installCleanupHandlers(deadlineMs: number): void {
  process.on('exit', cleanupSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`[bench] ${signal}: stopping the servers`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
  process.on('uncaughtException', (error) => {
    console.error('[bench] uncaught exception:', error);
    void cleanupAll().finally(() => process.exit(1));
  });
  const watchdog = setTimeout(() => {
    console.error(`[bench] the run exceeded its time limit (${Math.round(deadlineMs / 1000)} s): stopping`);
    void cleanupAll().finally(() => process.exit(1));
  }, deadlineMs);
  watchdog.unref();
}
