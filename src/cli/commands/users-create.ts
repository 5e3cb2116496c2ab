import { findRole } from '../find-role.js';
import { EXIT_OK, processIo, withApp, type CommandIo } from './command-io.js';

/**
 * `stratum users create --email --password [--role <name or id>]`: through the items service, so it is validated and
 * audited like any other write.
 */
export function usersCreateCommand(
  options: { email: string; password: string; role?: string },
  io: CommandIo = processIo(),
): Promise<number> {
  return withApp(io, async (app) => {
    const ctx = await app.systemContext();
    const role = options.role === undefined ? null : await findRole(app, ctx, options.role);
    const id = await app.items.createOne(ctx, 'service_users', {
      email: options.email,
      password: options.password,
      role,
      status: 'active',
    });
    io.stdout.write(`User created: ${String(id)}\n`);
    return EXIT_OK;
  });
}
