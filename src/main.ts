import type { FastifyInstance } from 'fastify';
import type { Config } from './config/index.js';
import { logProcessFaults, type ProcessEvents } from './log-process-faults.js';

export type StartableApp = { server: FastifyInstance; close(): Promise<void> };

export type StartServerOptions = {
  config: Config;
  createApp: (config: Config) => Promise<StartableApp>;
  onListening?: (url: string) => void;
  /** How the process ends after a signal; `process.exit` unless a test passes its own. */
  exit?: (code: number) => void;
  /** Signals that start a graceful shutdown. */
  signals?: readonly NodeJS.Signals[];
  /**
   * The process whose unhandled rejections (logged; the server carries on) and uncaught exceptions (logged;
   * exit 1) the server watches while it runs (logProcessFaults); none when absent. The `start` command passes
   * `process`.
   */
  process?: ProcessEvents;
  /** How GRACEFUL_SHUTDOWN_DELAY passes: a timer, unless a test passes its own (and ends it when it chooses). */
  wait?: (ms: number) => Promise<void>;
};

export type RunningServer = {
  url: string;
  server: FastifyInstance;
  /** Stops accepting requests, lets in-flight ones finish (up to GRACEFUL_SHUTDOWN_TIMEOUT), then closes the app. */
  shutdown(reason?: string): Promise<void>;
};

/**
 * Process entry used by the CLI's `start` command: builds the app, listens on HOST:PORT and, on SIGTERM/SIGINT,
 * shuts down gracefully and exits 0 (1 when closing fails).
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const app = await options.createApp(config);
  const { server } = app;

  let url: string;
  try {
    url = await server.listen({ host: config.server.host, port: config.server.port });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  server.log.info(`Server started at ${url}`);
  const unwatchFaults = options.process ? logProcessFaults(options.process, server.log, exit) : () => undefined;
  const unwatch = unwatchFaults;
  options.onListening?.(url);

  let stopping: Promise<void> | null = null;
  const shutdown = (reason = 'shutdown'): Promise<void> => {
    stopping ??= closeGracefully(app, config.server, reason, options.wait ?? sleep).finally(unwatch);
    return stopping;
  };

  const onSignal = (signal: NodeJS.Signals): void => {
    for (const s of signals) process.off(s, onSignal);
    shutdown(signal).then(
      () => exit(0),
      (error: unknown) => {
        server.log.error({ err: error }, 'Shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);

  return {
    url,
    server,
    shutdown: async (reason) => {
      for (const s of signals) process.off(s, onSignal);
      await shutdown(reason);
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function closeGracefully(
  app: StartableApp,
  options: { gracefulShutdownDelay: number; gracefulShutdownTimeout: number },
  reason: string,
  wait: (ms: number) => Promise<void>,
): Promise<void> {
  const { server } = app;
  const { gracefulShutdownDelay: delayMs, gracefulShutdownTimeout: timeoutMs } = options;
  if (delayMs > 0) {
    // Still serving, but every response closes its connection and health says 503: the balancer moves away.
    server.log.info(`Draining (${reason}): serving ${delayMs} ms more while load balancers move away`);
    server.startDraining();
    await wait(delayMs);
  }
  server.log.info(`Shutting down (${reason}); waiting up to ${timeoutMs} ms for requests in flight`);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
    timer.unref();
  });
  // fastify.close() stops listening, answers 503 to new requests on open connections and waits for in-flight ones.
  // A keep-alive connection whose request finishes during the wait would stay open until its keep-alive timeout:
  // reap idle connections as they appear.
  const reaper = setInterval(() => server.server.closeIdleConnections(), 50);
  reaper.unref();
  const closed = server.close().then(() => 'closed' as const);
  const outcome = await Promise.race([closed, timedOut]);
  clearTimeout(timer);
  clearInterval(reaper);
  if (outcome === 'timeout') {
    server.log.warn('Requests still in flight after GRACEFUL_SHUTDOWN_TIMEOUT; closing their connections');
    server.server.closeAllConnections();
    await closed;
  }
  await app.close();
  server.log.info('Server stopped');
}
