import { v8Flags } from '../../config/index.js';
import type { BootstrapResult } from '../../modules/bootstrap/bootstrap-database.js';
import { loadCliConfig } from '../load-cli-config.js';
import { execArgvWith, relaunch, stopWhenLauncherGoes } from '../relaunch-with-v8-flags.js';

/**
 * `stratum start`: migrate, bootstrap on an empty database, listen; SIGTERM/SIGINT shut down gracefully. When
 * node's command line lacks the configuration's V8 flags, it relaunches itself with them and waits as a launcher. An
 * unhandled rejection is logged and the server carries on; an uncaught exception is logged and ends it (exit 1).
 */
export async function startCommand(): Promise<void> {
  const config = loadCliConfig();
  // V8's heap flags go on node's command line (decisions 0031, 0034): without them, start again with them.
  const execArgv = execArgvWith(process.execArgv, v8Flags(config.server));
  if (execArgv) return relaunch(execArgv);
  // The server itself loads only here, so a launcher holds no more than the configuration.
  const [{ createApp }, { startServer }, { printLoginHint }] = await Promise.all([
    import('../../app.js'),
    import('../../main.js'),
    import('../print-login-hint.js'),
  ]);
  // Started by a launcher that has gone: shut down as on SIGTERM.
  stopWhenLauncherGoes(process, () => process.kill(process.pid, 'SIGTERM'));
  let hint: (url: string) => void = () => undefined;
  const first: { result: BootstrapResult } = { result: { created: false } };
  try {
    await startServer({
      config,
      createApp: async (cfg) => {
        const app = await createApp(cfg);
        const result = await app.bootstrap();
        first.result = result;
        if (cfg.secretGenerated)
          app.logger.warn('SECRET is not set: a random one is used, so tokens stop working when the server restarts.');
        hint = (url) => printLoginHint(url, cfg, result);
        const stopJobs = app.startBackgroundJobs();
        return {
          server: app.server,
          close: async () => {
            stopJobs();
            await app.close();
          },
        };
      },
      onListening: (url) => hint(url),
      process,
    });
  } catch (error) {
    // The first administrator was made before the start failed (a port in use, say): its generated password must
    // not be lost with it.
    const { result } = first;
    if (result.created && result.generatedPassword) printUnusedCredentials(result);
    throw error;
  }
}

function printUnusedCredentials(result: { email: string; password: string }): void {
  process.stderr.write(
    `The first administrator was created before the start failed:\n  email:    ${result.email}\n  password: ${result.password}   (generated; shown only this once)\n`,
  );
}
