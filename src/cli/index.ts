#!/usr/bin/env node
import { Command } from 'commander';
import { isAppError } from '../kernel/errors/index.js';
import { bootstrapCommand } from './commands/bootstrap.js';
import { migrateCommand } from './commands/migrate.js';
import { schemaApplyCommand } from './commands/schema-apply.js';
import { schemaSnapshotCommand } from './commands/schema-snapshot.js';
import { startCommand } from './commands/start.js';
import { usersCreateCommand } from './commands/users-create.js';

const program = new Command('stratum').description('Stratum: a Directus-compatible data platform server.');

program.command('start').description('Start the server (migrates, and bootstraps an empty database).').action(startCommand);
program.command('bootstrap').description('Migrate and create the first administrator.').action(bootstrapCommand);
program.command('migrate').description('Apply pending migrations.').action(migrateCommand);
const users = program.command('users').description('Manage users.');
users
  .command('create')
  .description('Create a user.')
  .requiredOption('--email <email>', 'e-mail address')
  .requiredOption('--password <password>', 'password')
  .option('--role <id>', 'role id')
  .action(usersCreateCommand);

const schema = program.command('schema').description('Schema as code: snapshot the schema to a file, apply a snapshot file.');
schema
  .command('snapshot')
  .description('Write the schema snapshot to a file (stdout without a path). Exit 0 written, 1 error, 2 refused.')
  .argument('[path]', 'file to write')
  .option('--format <format>', 'yaml or json', 'yaml')
  .option('-y, --yes', 'overwrite an existing file without asking')
  .action(async (path: string | undefined, options: { format?: string; yes?: boolean }) => {
    process.exitCode = await schemaSnapshotCommand(path, options);
  });
schema
  .command('apply')
  .description('Apply a snapshot file (YAML or JSON): print the plan, ask before destructive steps. Exit 0 applied or nothing to do, 1 error, 2 refused.')
  .argument('<path>', 'snapshot file (.yaml/.yml as YAML, anything else as JSON)')
  .option('-d, --dry-run', 'print the plan with its SQL statements and change nothing')
  .option('-y, --yes', 'apply destructive steps without asking')
  .action(async (path: string, options: { dryRun?: boolean; yes?: boolean }) => {
    process.exitCode = await schemaApplyCommand(path, options);
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  const message = isAppError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
  process.stderr.write(`Error: ${message}\n`);
  process.exit(1);
});
