import { EXIT_ERROR, EXIT_OK, processIo, withApp, type CommandIo } from './command-io.js';

/**
 * `stratum users passwd --email --password`: sets a user's password (the way back in for a lost one). Through the
 * items service: the password policy applies, the activity log records it, and the user's sign-ins end.
 */
export function usersPasswdCommand(options: { email: string; password: string }, io: CommandIo = processIo()): Promise<number> {
  return withApp(io, async (app) => {
    const ctx = await app.systemContext();
    const email = options.email.trim().toLowerCase();
    const { data } = await app.items.readByQuery(ctx, 'service_users', { fields: ['id'], filter: { email: { _eq: email } }, limit: 1 });
    const user = data[0] as { id: string } | undefined;
    if (!user) {
      io.stderr.write(`Error: no user with the e-mail ${email}.\n`);
      return EXIT_ERROR;
    }
    await app.items.updateOne(ctx, 'service_users', user.id, { password: options.password });
    io.stdout.write(`Password changed for ${email}\n`);
    return EXIT_OK;
  });
}
