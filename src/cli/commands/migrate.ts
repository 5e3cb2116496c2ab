import { createApp } from '../../app.js';
import { loadCliConfig } from '../load-cli-config.js';

/** `stratum migrate`: apply pending migrations. */
export async function migrateCommand(): Promise<void> {
  const app = await createApp(loadCliConfig());
  try {
    const applied = await app.migrate();
    process.stdout.write(applied.length === 0 ? 'No pending migrations.\n' : `Applied: ${applied.join(', ')}\n`);
  } finally {
    await app.close();
  }
}
