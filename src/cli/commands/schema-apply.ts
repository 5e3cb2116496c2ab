import { readFile } from 'node:fs/promises';
import { applyDiff, diffSchema, parseDocument, stepLabel, type StepReport } from '../../modules/schema/index.js';
import { EXIT_ERROR, EXIT_OK, EXIT_REFUSED, confirm, processIo, withSchemaApp, type CommandIo } from './command-io.js';

export type ApplyCommandOptions = { dryRun?: boolean; yes?: boolean; flows?: boolean };

const SECTIONS = [
  ['collection', 'Collections'],
  ['field', 'Fields'],
  ['relation', 'Relations'],
] as const;

function show(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** The plan as the CLI prints it: per kind, one line per step, the changed properties, the statements. */
export function formatPlan(steps: StepReport[]): string {
  const lines: string[] = [];
  for (const [kind, title] of SECTIONS) {
    const ofKind = steps.filter((s) => s.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push(`${title}:`);
    for (const step of ofKind) {
      const name = kind === 'collection' ? step.collection : `${step.collection}.${step.field ?? ''}`;
      const verb = step.action[0]!.toUpperCase() + step.action.slice(1);
      lines.push(
        `  ${verb} ${name}${step.destructive ? '  (destructive)' : ''}${step.fields?.length ? ` with fields ${step.fields.join(', ')}` : ''}`,
      );
      for (const change of step.changes ?? []) lines.push(`    Set ${change.path} to ${show(change.to)} (was ${show(change.from)})`);
      for (const statement of step.sql ?? [])
        lines.push(`    > ${statement.sql}${statement.bindings.length > 0 ? `  -- ${JSON.stringify(statement.bindings)}` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `stratum schema apply <path> [--dry-run] [--yes] [--flows]`: diffs the snapshot file (YAML for .yaml/.yml, else JSON;
 * like Directus's CLI without the version and vendor checks) against the instance, prints the plan, and
 * applies it. --dry-run prints the plan with its SQL and changes nothing. Destructive steps need a yes, or
 * --yes; without a terminal to ask on the command refuses. Exit codes: 0 applied or nothing to do, 1 error,
 * 2 refused.
 */
export async function schemaApplyCommand(path: string, options: ApplyCommandOptions, io: CommandIo = processIo()): Promise<number> {
  let document: unknown;
  try {
    document = parseDocument(await readFile(path, 'utf8'), !/\.ya?ml$/i.test(path), path);
  } catch (error) {
    io.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_ERROR;
  }
  return withSchemaApp(io, async (app, deps) => {
    const ctx = await app.systemContext();
    const diff = await diffSchema(ctx, deps, document, { force: true, flows: options.flows === true });
    if (diff === null) {
      io.stdout.write('No changes to apply.\n');
      return EXIT_OK;
    }
    const plan = await applyDiff(ctx, deps, diff, options.dryRun ? { dryRun: true } : { planOnly: true });
    io.stdout.write(formatPlan(plan.steps));
    for (const change of plan.flows ?? []) io.stdout.write(`  ${change.action} ${change.kind} ${change.id}\n`);
    if (plan.note) io.stdout.write(`Note: ${plan.note}\n`);
    if (options.dryRun) {
      io.stdout.write(`Dry run: ${plan.steps.length} step(s), nothing was changed.\n`);
      return EXIT_OK;
    }
    // Deleting a flow or an operation is destructive too.
    const destructive = plan.steps.filter((s) => s.destructive).length + (plan.flows ?? []).filter((c) => c.action === 'delete').length;
    if (destructive > 0 && !options.yes) {
      if (!io.interactive) {
        io.stderr.write(`Refusing to apply ${destructive} destructive step(s) without --yes (no terminal to ask on).\n`);
        return EXIT_REFUSED;
      }
      if (!(await confirm(io, `Apply ${plan.steps.length} step(s), ${destructive} of them destructive?`))) {
        io.stderr.write('Nothing was changed.\n');
        return EXIT_REFUSED;
      }
    }
    await applyDiff(ctx, deps, diff, {
      onStep: (index, total, step) => io.stderr.write(`[${index + 1}/${total}] ${stepLabel(step)}\n`),
    });
    io.stdout.write(`Applied ${plan.steps.length} step(s)${plan.flows ? ` and ${plan.flows.length} flow change(s)` : ''}.\n`);
    return EXIT_OK;
  });
}
