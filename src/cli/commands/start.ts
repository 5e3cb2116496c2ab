import { createApp } from '../../app.js';
import { startServer } from '../../main.js';
import { loadCliConfig } from '../load-cli-config.js';
import { printLoginHint } from '../print-login-hint.js';

/**
 * `stratum start`: migrate, bootstrap on an empty database, listen; SIGTERM/SIGINT shut down gracefully. An
 * unhandled rejection is logged and the server carries on; an uncaught exception is logged and ends it (exit 1).
 */
export async function startCommand(): Promise<void> {
  const config = loadCliConfig();
  let hint: (url: string) => void = () => undefined;
  await startServer({
    config,
    createApp: async (cfg) => {
      const app = await createApp(cfg);
      const result = await app.bootstrap();
      if (cfg.secretGenerated) app.logger.warn('SECRET is not set: a random one is used, so tokens stop working when the server restarts.');
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
}
