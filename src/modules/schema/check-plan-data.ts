import type { Context } from '../../engine/context.js';
import { containsNullValues, invalidForeignKey, invalidPayload, recordNotUnique } from '../../kernel/errors/index.js';
import { itemKey, primaryKeyOf } from './check-references.js';
import type { ApplyPlan } from './plan-apply.js';
import type { Snapshot, SnapshotField, SnapshotRelation } from './snapshot.types.js';

async function count(ctx: Context, table: string, nullColumn?: string): Promise<number> {
  const query = ctx.db(table).count({ count: '*' });
  if (nullColumn) query.whereNull(nullColumn);
  const row = (await query.first()) as { count: number | string } | undefined;
  return Number(row?.count ?? 0);
}

/**
 * The checks of a plan that depend on what the database holds, made before the first statement (on MySQL a
 * failure halfway could not be rolled back): a new collection's table must not exist already (untracked); a NOT NULL field without a default can't be added to a table
 * with rows, a field holding nulls can't become NOT NULL, one holding duplicates can't become unique, and a
 * foreign key can't be added over values that name no item.
 */
export async function checkPlanData(ctx: Context, plan: ApplyPlan, current: Snapshot): Promise<void> {
  const existing = new Set(current.collections.filter((c) => c.schema).map((c) => c.collection));
  const tables = new Map((await ctx.dialect.listTables(ctx.db)).map((name) => [name.toLowerCase(), name]));
  for (const step of plan.steps) {
    const clash = tables.get(step.collection.toLowerCase());
    if (step.kind === 'collection' && step.action === 'create' && clash !== undefined) {
      throw invalidPayload(
        `Collection "${step.collection}" can't be created: the database already has a table "${clash}" (not tracked as a collection)`,
      );
    }
  }
  for (const step of plan.steps) {
    if (!existing.has(step.collection) || step.action === 'delete') continue;
    if (step.kind === 'field') await checkField(ctx, step.before as SnapshotField | null, step.after as SnapshotField);
    if (step.kind === 'relation')
      await checkRelation(ctx, plan, step.before as SnapshotRelation | null, step.after as SnapshotRelation, existing);
  }
}

async function checkField(ctx: Context, before: SnapshotField | null, after: SnapshotField): Promise<void> {
  const schema = after.schema;
  if (!schema || schema.is_primary_key) return;
  const { collection, field } = after;
  if (!before?.schema) {
    if (!schema.is_nullable && schema.default_value === null && (await count(ctx, collection)) > 0)
      throw containsNullValues(collection, field);
    return;
  }
  if (!schema.is_nullable && before.schema.is_nullable && (await count(ctx, collection, field)) > 0)
    throw containsNullValues(collection, field);
  if (schema.is_unique && !before.schema.is_unique) {
    const duplicate = (await ctx.db(collection).select(field).whereNotNull(field).groupBy(field).havingRaw('count(*) > 1').first()) as
      Record<string, unknown> | undefined;
    if (duplicate) throw recordNotUnique(collection, field, duplicate[field]);
  }
}

async function checkRelation(
  ctx: Context,
  plan: ApplyPlan,
  before: SnapshotRelation | null,
  after: SnapshotRelation,
  existing: Set<string>,
): Promise<void> {
  const related = after.related_collection;
  if (!after.schema || before?.schema || !related) return;
  const key = primaryKeyOf(plan.target, related);
  const field = plan.target.fields.get(itemKey(after.collection, after.field));
  if (!key || !field?.schema) return;
  const relatedExists = existing.has(related) || !plan.target.collections.has(related);
  if (!relatedExists) {
    const orphan = (await ctx.db(after.collection).whereNotNull(after.field).count({ count: '*' }).first()) as
      { count: number | string } | undefined;
    if (Number(orphan?.count ?? 0) > 0) throw invalidForeignKey(after.collection, after.field, null);
    return;
  }
  const orphan = (await ctx
    .db(after.collection)
    .select(after.field)
    .whereNotNull(after.field)
    .whereNotIn(after.field, ctx.db(related).select(key.field))
    .first()) as Record<string, unknown> | undefined;
  if (orphan) throw invalidForeignKey(after.collection, after.field, orphan[after.field]);
}
