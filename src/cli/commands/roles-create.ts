import { withTransaction } from '../../engine/context.js';
import { EXIT_ERROR, EXIT_OK, processIo, withApp, type CommandIo } from './command-io.js';

/**
 * `stratum roles create --role NAME [--admin]`: a role with a policy of the same name attached (administrator access
 * with `--admin`, app access either way), in one transaction, through the items service. Prints the role's id.
 */
export function rolesCreateCommand(options: { role: string; admin?: boolean }, io: CommandIo = processIo()): Promise<number> {
  const name = options.role.trim();
  if (name === '') {
    io.stderr.write('Error: --role needs a name.\n');
    return Promise.resolve(EXIT_ERROR);
  }
  return withApp(io, async (app) => {
    const role = await withTransaction(await app.systemContext(), async (ctx) => {
      const id = await app.items.createOne(ctx, 'service_roles', { name });
      const policy = await app.items.createOne(ctx, 'service_policies', { name, admin_access: options.admin === true, app_access: true });
      await app.items.createOne(ctx, 'service_access', { role: id, policy });
      return id;
    });
    io.stdout.write(`${String(role)}\n`);
    return EXIT_OK;
  });
}
