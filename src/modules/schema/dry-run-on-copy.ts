import { randomBytes } from 'node:crypto';
import { isShownStatement } from './shown-statement.js';
import type { Knex } from 'knex';
import { closeDatabase, createDatabase } from '../../database/connection.js';
import { runMigrations } from '../../database/migrations/run-migrations.js';
import { ADMIN_PERMISSIONS, type Context } from '../../engine/context.js';
import { createSchemaStore } from '../../engine/schema-overview/create-schema-store.js';
import { systemAccountability } from '../../kernel/context/index.js';
import { createEventBus } from '../../kernel/events/index.js';
import { isSystemCollection } from '../../kernel/system/system-collections.js';
import type { SchemaModuleDeps } from './diff-schema.js';
import { diffSnapshots } from './diff-snapshots.js';
import type { ApplyPlan } from './plan-apply.js';
import { planApply } from './plan-apply.js';
import { resolveEntries } from './resolve-entries.js';
import { runStep } from './run-step.js';
import type { Snapshot } from './snapshot.types.js';

export type Statement = { sql: string; bindings: unknown[] };

/** The connection settings of another database on the same server. */
function otherDatabase(db: Context['config']['db'], name: string): Context['config']['db'] {
  if (!db.connectionString) return { ...db, database: name };
  const url = new URL(db.connectionString);
  url.pathname = `/${name}`;
  return { ...db, database: name, connectionString: url.toString() };
}

/**
 * The part of the schema a plan's steps can touch: the collections they name, and the collections related to
 * those (either side of a relation: keys to drop or to point at), with the relations among them.
 */
function neighbourhood(current: Snapshot, plan: ApplyPlan): Snapshot {
  const seed = new Set<string>();
  for (const step of plan.steps) {
    seed.add(step.collection);
    for (const item of [step.before, step.after])
      if (item && 'related_collection' in item && item.related_collection) seed.add(item.related_collection);
  }
  const kept = new Set(seed);
  for (const relation of current.relations) {
    if (!relation.related_collection) continue;
    if (seed.has(relation.collection)) kept.add(relation.related_collection);
    if (seed.has(relation.related_collection)) kept.add(relation.collection);
  }
  return {
    ...current,
    collections: current.collections.filter((c) => kept.has(c.collection)),
    fields: current.fields.filter((f) => kept.has(f.collection)),
    relations: current.relations.filter(
      (r) =>
        kept.has(r.collection) &&
        (r.related_collection === null || kept.has(r.related_collection) || isSystemCollection(r.related_collection)),
    ),
  };
}

/**
 * The statements of a plan on a vendor whose DDL can't be rolled back (MySQL/MariaDB): the plan runs against
 * a scratch database on the same server (system tables migrated, the part of the current schema the plan
 * touches rebuilt from the snapshot by the same steps an apply uses, no rows), with a query listener; then the scratch database is
 * dropped. The instance itself is not touched. Checks that depend on stored rows were made beforehand.
 */
export async function statementsOnCopy(ctx: Context, deps: SchemaModuleDeps, current: Snapshot, plan: ApplyPlan): Promise<Statement[][]> {
  const name = `${ctx.config.db.database}_dry_${randomBytes(4).toString('hex')}`.slice(0, 64);
  const charset = (await ctx.db.raw(
    'SELECT DEFAULT_CHARACTER_SET_NAME AS c, DEFAULT_COLLATION_NAME AS o FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = DATABASE()',
  )) as [{ c: string; o: string }[]];
  const defaults = charset[0][0];
  await ctx.db.raw(`CREATE DATABASE ??${defaults ? ` CHARACTER SET ${defaults.c} COLLATE ${defaults.o}` : ''}`, [name]);
  let scratch: Knex | undefined;
  try {
    const database = await createDatabase(otherDatabase(ctx.config.db, name));
    scratch = database.knex;
    await runMigrations(scratch, database.dialect);
    const store = createSchemaStore(scratch, database.dialect);
    const copy: Context = {
      ...ctx,
      db: scratch,
      dialect: database.dialect,
      schema: await store.get(),
      accountability: systemAccountability(),
      permissions: ADMIN_PERMISSIONS,
      // The rehearsal's writes are no one's business: a bus of its own, without handlers.
      events: createEventBus<Context>(ctx.logger),
      inTransaction: false,
    };
    const copyDeps = { ...deps, schemaStore: store };
    const empty: Snapshot = { ...current, collections: [], fields: [], relations: [] };
    const needed = neighbourhood(current, plan);
    const rebuild = planApply(empty, resolveEntries(empty, diffSnapshots(empty, needed)));
    for (const step of rebuild.steps) await runStep(copy, copyDeps, rebuild, step);

    const statements: Statement[][] = plan.steps.map(() => []);
    let index = -1;
    scratch.on('query', (query: { sql: string; bindings?: unknown[] }) => {
      if (index >= 0 && isShownStatement(query.sql)) statements[index]!.push({ sql: query.sql, bindings: query.bindings ?? [] });
    });
    for (const [i, step] of plan.steps.entries()) {
      index = i;
      await runStep(copy, copyDeps, plan, step);
    }
    return statements;
  } finally {
    if (scratch) await closeDatabase(scratch);
    await ctx.db.raw('DROP DATABASE IF EXISTS ??', [name]);
  }
}
