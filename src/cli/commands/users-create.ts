import { createApp } from '../../app.js';
import { loadCliConfig } from '../load-cli-config.js';

/** `stratum users create --email --password [--role]`: through the items service, so it is validated and audited. */
export async function usersCreateCommand(options: { email: string; password: string; role?: string }): Promise<void> {
  const app = await createApp(loadCliConfig());
  try {
    const ctx = await app.systemContext();
    const id = await app.items.createOne(ctx, 'service_users', {
      email: options.email,
      password: options.password,
      role: options.role ?? null,
    });
    process.stdout.write(`User created: ${String(id)}\n`);
  } finally {
    await app.close();
  }
}
