import { createApp } from '../../app.js';
import { loadCliConfig } from '../load-cli-config.js';

/** `stratum bootstrap`: migrate and create the first administrator if the database has no user. */
export async function bootstrapCommand(): Promise<void> {
  const app = await createApp(loadCliConfig());
  try {
    const result = await app.bootstrap();
    if (!result.created) process.stdout.write('Database is ready; it already has users, nothing to bootstrap.\n');
    else {
      process.stdout.write(`Administrator created: ${result.email}\n`);
      if (result.generatedPassword) process.stdout.write(`Password (generated, shown once): ${result.password}\n`);
    }
  } finally {
    await app.close();
  }
}
