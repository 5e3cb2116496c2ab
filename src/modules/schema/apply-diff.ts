import type { Knex } from 'knex';
import { isShownStatement } from './shown-statement.js';
import type { Context } from '../../engine/context.js';
import { AppError, invalidPayload, isAppError } from '../../kernel/errors/index.js';
import { checkPlanData } from './check-plan-data.js';
import { applyFlowsDiff, flowChanges, flowsHash, readFlowsSnapshot, type FlowChange } from './flows-snapshot.js';
import { assertAdmin, currentSnapshot, type SchemaModuleDeps } from './diff-schema.js';
import { isEmptyDiff } from './diff-snapshots.js';
import { parseDiff } from './parse-diff.js';
import { planApply, type ApplyPlan, type PlanStep } from './plan-apply.js';
import { DiffConflict, resolveEntries } from './resolve-entries.js';
import { runStep } from './run-step.js';
import type { Snapshot } from './snapshot.types.js';
import { DroppedMetaKeys, dropUnknownMetaFromDiff } from './unknown-meta-keys.js';

import { statementsOnCopy, type Statement } from './dry-run-on-copy.js';

export type { Statement };

/** A step as the dry run and the CLI show it. */
export type StepReport = Omit<PlanStep, 'before' | 'after'> & { sql?: Statement[] };

export type ApplyReport = {
  hash: string;
  /** True when nothing was changed (a dry run). */
  dry_run: boolean;
  steps: StepReport[];
  /** How the statements were collected, where it matters (MySQL/MariaDB: on a scratch copy). */
  note?: string;
  /** Meta keys of the diff this server does not store, dropped (decision 0022). */
  warnings?: string[];
  /** With a diff taken with the flows option: the flows and operations created, updated and deleted (decision 0077). */
  flows?: FlowChange[];
};

export type ApplyOptions = {
  /** Skip the hash check (the CLI, which diffs and applies at once). */
  force?: boolean;
  dryRun?: boolean;
  /** Check everything and answer the ordered steps without running them (the CLI's plan before it asks). */
  planOnly?: boolean;
  /** Called before each step runs (the CLI's progress). */
  onStep?: (index: number, total: number, step: StepReport) => void;
};

const STALE_HASH =
  "Provided hash does not match the current instance's schema hash, indicating the schema has changed after this diff was generated. Please generate a new diff and try again";

export function reportStep(step: PlanStep): StepReport {
  const { before: _before, after: _after, ...rest } = step;
  return rest;
}

export function stepLabel(step: PlanStep | StepReport): string {
  const name = step.kind === 'collection' ? step.collection : `${step.collection}.${step.field ?? ''}`;
  return `${step.action} ${step.kind} "${name}"`;
}

class DryRunDone extends Error {}

/**
 * `POST /schema/apply`: checks `{hash, diff}` (structure; the hash against the instance's schema, with a
 * precise message naming the conflicting item; every entry against the current schema; the schema it would
 * leave; the stored rows), then runs the steps through the collections module. On SQLite and PostgreSQL all
 * steps are one transaction: a failing step leaves nothing behind. MySQL/MariaDB commit DDL at once: there
 * each step is its own change (undone by itself when it fails) after the whole plan was checked, and a
 * failure names the steps that stay applied. A dry run runs the steps in a transaction that is rolled back
 * and answers them with the statements a query listener saw (on MySQL/MariaDB: on a scratch copy of the
 * schema, see statementsOnCopy).
 */
export async function applyDiff(ctx: Context, deps: SchemaModuleDeps, input: unknown, options: ApplyOptions = {}): Promise<ApplyReport> {
  assertAdmin(ctx);
  const parsed = parseDiff(input);
  const dropped = new DroppedMetaKeys();
  const hash = parsed.hash;
  // A diff taken with the flows option carries them (decision 0077); one without never touches flows.
  const flowsDiff =
    parsed.diff.flows !== undefined || parsed.diff.operations !== undefined
      ? { flows: parsed.diff.flows ?? [], operations: parsed.diff.operations ?? [] }
      : null;
  const diff = dropUnknownMetaFromDiff(parsed.diff, dropped);
  const warnings = dropped.warnings();
  const { snapshot: current, hash: schemaHash } = await currentSnapshot(ctx, deps);
  const currentFlows = flowsDiff ? await readFlowsSnapshot(ctx) : null;
  const currentHash = currentFlows ? flowsHash(schemaHash, currentFlows) : schemaHash;
  const noFlows = !flowsDiff || (flowsDiff.flows.length === 0 && flowsDiff.operations.length === 0);
  if (isEmptyDiff(diff) && noFlows)
    return { hash: currentHash, dry_run: options.dryRun === true, steps: [], ...(warnings.length > 0 ? { warnings } : {}) };
  let resolved;
  try {
    resolved = resolveEntries(current, diff);
  } catch (error) {
    if (error instanceof DiffConflict) throw invalidPayload(error.message);
    throw error;
  }
  if (!options.force && hash !== currentHash) throw invalidPayload(STALE_HASH);
  const plan = planApply(current, resolved);
  await checkPlanData(ctx, plan, current);
  const flowSteps = flowsDiff && currentFlows ? flowChanges(currentFlows, flowsDiff) : null;

  const warned = { ...(warnings.length > 0 ? { warnings } : {}), ...(flowSteps ? { flows: flowSteps } : {}) };
  if (options.planOnly) return { hash: currentHash, dry_run: true, steps: plan.steps.map(reportStep), ...warned };
  if (options.dryRun) return { ...(await dryRun(ctx, deps, plan, currentHash, current)), ...warned };
  const applyFlows = async (trxCtx: Context) => {
    if (flowsDiff && currentFlows) await applyFlowsDiff(trxCtx, deps.items, currentFlows, flowsDiff);
  };
  if (ctx.dialect.transactionalDdl) {
    await inSchemaTransaction(ctx, deps, async (trx) => {
      await runSteps(trx.ctx, deps, plan, options);
      await applyFlows(trx.ctx);
    });
  } else {
    await runSteps(ctx, deps, plan, options, true);
    // Flows are rows: one transaction of their own after the schema's steps (MySQL/MariaDB commit DDL at once).
    if (flowSteps && flowSteps.length > 0) await inSchemaTransaction(ctx, deps, async (trx) => applyFlows(trx.ctx));
  }
  return { hash: currentHash, dry_run: false, steps: plan.steps.map(reportStep), ...warned };
}

async function runSteps(
  ctx: Context,
  deps: SchemaModuleDeps,
  plan: ApplyPlan,
  options: ApplyOptions,
  stepwise = false,
  onEach?: (index: number) => void,
): Promise<void> {
  const total = plan.steps.length;
  for (const [index, step] of plan.steps.entries()) {
    options.onStep?.(index, total, reportStep(step));
    onEach?.(index);
    try {
      await runStep(ctx, deps, plan, step);
    } catch (error) {
      throw stepFailure(error, index, total, step, stepwise);
    }
  }
}

function stepFailure(error: unknown, index: number, total: number, step: PlanStep, stepwise: boolean): AppError {
  const cause = isAppError(error) ? error : invalidPayload(error instanceof Error ? error.message : String(error), error);
  const kept =
    stepwise && index > 0
      ? ` Steps 1 to ${index} were applied and stay applied: MySQL/MariaDB commit DDL at once.`
      : stepwise
        ? ''
        : ' Nothing was changed.';
  return new AppError(
    cause.code,
    cause.status,
    `Step ${index + 1} of ${total} (${stepLabel(step)}) failed: ${cause.message}${kept}`,
    { ...cause.extensions, step: index + 1 },
    { cause },
  );
}

type SchemaTransaction = { ctx: Context; trx: Knex.Transaction };

/**
 * One transaction for a whole apply, opened by the dialect (SQLite suspends key checks around table rebuilds).
 * It raises the stored schema version first, as every schema change does (runSchemaChange).
 */
async function inSchemaTransaction<T>(ctx: Context, deps: SchemaModuleDeps, work: (trx: SchemaTransaction) => Promise<T>): Promise<T> {
  const afterCommit: (() => void | Promise<void>)[] = [];
  const body = async (trx: Knex.Transaction) => {
    await deps.schemaStore.recordChange(trx);
    return work({ trx, ctx: { ...ctx, db: trx, outerDb: ctx.db, inTransaction: true, afterCommit } });
  };
  try {
    const result = await ctx.dialect.schemaTransaction(ctx.db, body);
    for (const callback of afterCommit) await callback();
    return result;
  } finally {
    deps.schemaStore.invalidate();
  }
}

async function dryRun(ctx: Context, deps: SchemaModuleDeps, plan: ApplyPlan, hash: string, current: Snapshot): Promise<ApplyReport> {
  const steps = plan.steps.map((step): StepReport => ({ ...reportStep(step), sql: [] }));
  if (!ctx.dialect.transactionalDdl) {
    const statements = await statementsOnCopy(ctx, deps, current, plan);
    return {
      hash,
      dry_run: true,
      steps: steps.map((step, i) => ({ ...step, sql: statements[i] ?? [] })),
      note: 'MySQL/MariaDB commit DDL at once: the statements were collected on a scratch copy of the schema (no rows), which was dropped afterwards.',
    };
  }
  let stepIndex = -1;
  try {
    await inSchemaTransaction(ctx, deps, async ({ ctx: trxCtx, trx }) => {
      trx.on('query', (query: { sql: string; bindings?: unknown[] }) => {
        if (stepIndex >= 0 && isShownStatement(query.sql)) steps[stepIndex]!.sql!.push({ sql: query.sql, bindings: query.bindings ?? [] });
      });
      await runSteps(trxCtx, deps, plan, {}, false, (index) => {
        stepIndex = index;
      });
      throw new DryRunDone();
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
  return { hash, dry_run: true, steps };
}
