import { createApp } from '../../app.js';
import { loadCliConfig } from '../load-cli-config.js';

/**
 * `stratum cache clear [--system]`: what `POST /utils/cache/clear` does, for an operator at the database:
 * every running instance drops its permission caches (with `--system`, its schema caches too) on its next
 * request. Run it after changing the database by hand.
 */
export async function cacheClearCommand(options: { system?: boolean }): Promise<void> {
  const app = await createApp(loadCliConfig());
  try {
    await app.cacheSync.clear({ system: options.system === true });
    process.stdout.write(
      options.system ? 'Schema and permission caches cleared on every instance.\n' : 'Permission caches cleared on every instance.\n',
    );
  } finally {
    await app.close();
  }
}
