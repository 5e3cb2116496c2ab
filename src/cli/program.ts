import { Command } from 'commander';
import { startCommand } from './commands/start.js';
import { packageVersion } from '../package-version.js';

const program = new Command('stratum')
  .description('Stratum: a Directus-compatible data platform server.')
  .version(packageVersion(), '-V, --version', 'print the version');

program.command('start').description('Start the server (migrates, and bootstraps an empty database).').action(startCommand);
program
  .command('bootstrap')
  .description('Migrate and create the first administrator.')
  .action(async () => (await import('./commands/bootstrap.js')).bootstrapCommand());
program
  .command('migrate')
  .description('Apply pending migrations.')
  .action(async () => (await import('./commands/migrate.js')).migrateCommand());
const users = program.command('users').description('Manage users.');
users
  .command('create')
  .description('Create a user.')
  .requiredOption('--email <email>', 'e-mail address')
  .requiredOption('--password <password>', 'password')
  .option('--role <role>', 'role name or id')
  .action(async (options: { email: string; password: string; role?: string }) => {
    process.exitCode = await (await import('./commands/users-create.js')).usersCreateCommand(options);
  });
users
  .command('passwd')
  .description("Set a user's password (ends their sign-ins).")
  .requiredOption('--email <email>', 'e-mail address')
  .requiredOption('--password <password>', 'new password')
  .action(async (options: { email: string; password: string }) => {
    process.exitCode = await (await import('./commands/users-passwd.js')).usersPasswdCommand(options);
  });

program
  .command('roles')
  .description('Manage roles.')
  .command('create')
  .description('Create a role with a policy of the same name; prints its id.')
  .requiredOption('--role <name>', 'role name')
  .option('--admin', 'the policy gives administrator access')
  .action(async (options: { role: string; admin?: boolean }) => {
    process.exitCode = await (await import('./commands/roles-create.js')).rolesCreateCommand(options);
  });

program
  .command('cache')
  .description('Caches of every running instance.')
  .command('clear')
  .description(
    'Make every instance drop its permission caches on its next request (with --system, its schema caches too); use after changing the database by hand.',
  )
  .option('--system', 'also the schema caches (schema overview, snapshot, GraphQL schemas)')
  .action(async (options: { system?: boolean }) => (await import('./commands/cache-clear.js')).cacheClearCommand(options));

const schema = program.command('schema').description('Schema as code: snapshot the schema to a file, apply a snapshot file.');
schema
  .command('snapshot')
  .description('Write the schema snapshot to a file (stdout without a path). Exit 0 written, 1 error, 2 refused.')
  .argument('[path]', 'file to write')
  .option('--format <format>', 'yaml or json', 'yaml')
  .option('-y, --yes', 'overwrite an existing file without asking')
  .option('--flows', 'include flows and their operations')
  .action(async (path: string | undefined, options: { format?: string; yes?: boolean; flows?: boolean }) => {
    process.exitCode = await (await import('./commands/schema-snapshot.js')).schemaSnapshotCommand(path, options);
  });
schema
  .command('apply')
  .description(
    'Apply a snapshot file (YAML or JSON): print the plan, ask before destructive steps. Exit 0 applied or nothing to do, 1 error, 2 refused.',
  )
  .argument('<path>', 'snapshot file (.yaml/.yml as YAML, anything else as JSON)')
  .option('-d, --dry-run', 'print the plan with its SQL statements and change nothing')
  .option('-y, --yes', 'apply destructive steps without asking')
  .option('--flows', "also make the instance's flows and operations those of the file (created, changed and deleted)")
  .action(async (path: string, options: { dryRun?: boolean; yes?: boolean; flows?: boolean }) => {
    process.exitCode = await (await import('./commands/schema-apply.js')).schemaApplyCommand(path, options);
  });

/** Parses argv and runs the command it names. */
export function runProgram(argv: string[]): Promise<unknown> {
  return program.parseAsync(argv);
}
