import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { takeSnapshot } from '../../modules/schema/index.js';
import { EXIT_ERROR, EXIT_OK, EXIT_REFUSED, confirm, processIo, withSchemaApp, type CommandIo } from './command-io.js';

export type SnapshotOptions = { format?: string; yes?: boolean; flows?: boolean };

/**
 * `stratum schema snapshot [path] [--format yaml|json] [--yes] [--flows]`: the instance's schema (with --flows its
 * flows and operations too) as YAML (default) or JSON (indented), to stdout without a path. An existing file is replaced only after a yes (or with --yes);
 * without a terminal to ask on, the command refuses (exit 2).
 */
export async function schemaSnapshotCommand(
  path: string | undefined,
  options: SnapshotOptions,
  io: CommandIo = processIo(),
): Promise<number> {
  const format = options.format ?? 'yaml';
  if (format !== 'yaml' && format !== 'json') {
    io.stderr.write(`Error: --format must be yaml or json, not "${format}".\n`);
    return EXIT_ERROR;
  }
  return withSchemaApp(io, async (app, deps) => {
    const snapshot = await takeSnapshot(await app.systemContext(), deps, { flows: options.flows === true });
    const text = format === 'json' ? `${JSON.stringify(snapshot, null, 2)}\n` : stringify(snapshot, { aliasDuplicateObjects: false });
    if (path === undefined) {
      io.stdout.write(text);
      return EXIT_OK;
    }
    if (existsSync(path) && !options.yes) {
      if (!io.interactive) {
        io.stderr.write(`Refusing to overwrite ${path} without --yes (no terminal to ask on).\n`);
        return EXIT_REFUSED;
      }
      if (!(await confirm(io, `${path} exists. Overwrite it?`))) {
        io.stderr.write('Nothing written.\n');
        return EXIT_REFUSED;
      }
    }
    await writeFile(path, text);
    io.stderr.write(
      `Snapshot written to ${path} (${snapshot.collections.length} collections, ${snapshot.fields.length} fields, ${snapshot.relations.length} relations${snapshot.flows ? `, ${snapshot.flows.length} flows` : ''}).\n`,
    );
    return EXIT_OK;
  });
}
