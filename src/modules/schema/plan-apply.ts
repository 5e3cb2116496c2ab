import deepDiff from 'deep-diff';
import { invalidPayload } from '../../kernel/errors/index.js';
import { checkCollection, checkField, checkRelation, indexSchema, itemKey, type SchemaIndex } from './check-references.js';
import type { ResolvedDiff, ResolvedEntry } from './resolve-entries.js';
import type { DiffChange, Snapshot, SnapshotCollection, SnapshotField, SnapshotRelation } from './snapshot.types.js';
import { validateMetaShape } from './validate-meta-shape.js';

export type StepAction = 'create' | 'update' | 'delete';
export type StepKind = 'collection' | 'field' | 'relation';

/** One change of an apply, in the order it runs; `before`/`after` are the snapshot definitions. */
export type PlanStep = {
  action: StepAction;
  kind: StepKind;
  collection: string;
  field?: string;
  related_collection?: string | null;
  /** Deletes, and updates that change a column's type or shorten it: they can lose data. */
  destructive: boolean;
  /** For updates: each changed property, old and new value. */
  changes?: { path: string; from: unknown; to: unknown }[];
  /** Fields created together with a new collection. */
  fields?: string[];
  before: SnapshotCollection | SnapshotField | SnapshotRelation | null;
  after: SnapshotCollection | SnapshotField | SnapshotRelation | null;
};

export type ApplyPlan = { steps: PlanStep[]; target: SchemaIndex };

function describeChanges(before: object, after: object): { path: string; from: unknown; to: unknown }[] {
  const changes = (deepDiff.diff(before, after) ?? []) as DiffChange[];
  const seen = new Set<string>();
  const result: { path: string; from: unknown; to: unknown }[] = [];
  for (const change of changes) {
    const path = (change.path ?? []).slice(0, 2).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const read = (item: object) =>
      (change.path ?? []).slice(0, 2).reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], item);
    result.push({ path, from: read(before) ?? null, to: read(after) ?? null });
  }
  return result;
}

function isFieldDestructive(before: SnapshotField, after: SnapshotField): boolean {
  if (before.type !== after.type) return true;
  const b = before.schema;
  const a = after.schema;
  if (!b || !a) return false;
  return (
    (a.max_length ?? Infinity) < (b.max_length ?? Infinity) ||
    (a.numeric_precision ?? Infinity) < (b.numeric_precision ?? Infinity) ||
    (a.numeric_scale ?? Infinity) < (b.numeric_scale ?? Infinity)
  );
}

function step(
  entry: ResolvedEntry<SnapshotCollection | SnapshotField | SnapshotRelation>,
  action: StepAction,
  destructive: boolean,
): PlanStep {
  const item = (entry.after ?? entry.before)!;
  const base: PlanStep = {
    action,
    kind: entry.kind,
    collection: item.collection,
    destructive,
    before: entry.before,
    after: action === 'delete' ? null : entry.after,
  };
  if ('field' in item) base.field = item.field;
  if ('related_collection' in item) base.related_collection = item.related_collection;
  if (action === 'update' && entry.before && entry.after) base.changes = describeChanges(entry.before, entry.after);
  return base;
}

/**
 * Orders a resolved diff into the steps of an apply (drops first, in reverse dependency order: relations,
 * fields, collections; then creates and updates: collections (parents of groups first, each with its new
 * fields), fields, relations) and checks the schema it would leave before anything runs: every changed item
 * must fit (names, a folder or table, one primary key per new table, relations to existing collections with
 * matching key types, known meta properties). Problems are a 400 naming the item.
 */
export function planApply(current: Snapshot, resolved: ResolvedDiff): ApplyPlan {
  const target = indexSchema(current);
  const steps: PlanStep[] = [];
  const deletedCollections = new Set(resolved.collections.filter((e) => e.operation === 'delete').map((e) => e.key));

  // What a relation's deletion takes with it: the o2m alias field it gave the related collection.
  const removedAliases = new Set<string>();
  const relationDrops = resolved.relations.filter((e) => e.operation === 'delete' || e.operation === 'recreate' || movesRelated(e));
  for (const entry of relationDrops) {
    const before = entry.before!;
    steps.push(step(entry, 'delete', true));
    target.relations.delete(entry.key);
    const oneField = before.meta.one_field;
    if (typeof oneField === 'string' && before.related_collection) {
      const alias = itemKey(before.related_collection, oneField);
      if (target.fields.get(alias)?.type === 'alias') removedAliases.add(alias);
    }
  }
  for (const entry of resolved.fields.filter((e) => e.operation === 'delete' || e.operation === 'recreate')) {
    if (entry.before!.schema?.is_primary_key && entry.operation === 'delete')
      throw invalidPayload(`The primary key "${entry.key}" can't be deleted`);
    if (!removedAliases.has(entry.key)) steps.push(step(entry, 'delete', true));
    target.fields.delete(entry.key);
    for (const [key, relation] of target.relations)
      if (itemKey(relation.collection, relation.field) === entry.key) target.relations.delete(key);
  }
  for (const entry of resolved.collections.filter((e) => e.operation === 'delete')) {
    steps.push(step(entry, 'delete', true));
    target.collections.delete(entry.key);
    for (const [key, field] of target.fields) if (field.collection === entry.key) target.fields.delete(key);
    for (const [key, relation] of target.relations)
      if (relation.collection === entry.key || relation.related_collection === entry.key) target.relations.delete(key);
  }
  for (const alias of removedAliases) target.fields.delete(alias);

  const createdCollections = orderByGroup(resolved.collections.filter((e) => e.operation === 'create'));
  const created = new Set(createdCollections.map((e) => e.key));
  for (const entry of resolved.collections) if (entry.after) target.collections.set(entry.key, entry.after);
  for (const entry of resolved.fields)
    if (entry.after && !deletedCollections.has(entry.after.collection)) target.fields.set(entry.key, entry.after);
  for (const entry of resolved.relations) if (entry.after) target.relations.set(entry.key, entry.after);
  const checked = indexSchema({
    collections: [...target.collections.values()],
    fields: [...target.fields.values()],
    relations: [...target.relations.values()],
  });

  for (const entry of createdCollections) {
    checkCollection(checked, entry.after!);
    validateMetaShape('service_collections', entry.after!.meta, entry.label);
    const own = resolved.fields.filter((f) => f.operation === 'create' && f.after!.collection === entry.key);
    steps.push({ ...step(entry, 'create', false), fields: own.map((f) => f.after!.field) });
  }
  for (const entry of resolved.collections.filter((e) => e.operation === 'update')) {
    if (Boolean(entry.before!.schema) !== Boolean(entry.after!.schema))
      throw invalidPayload(`Collection "${entry.key}" can't change between a folder and a table`);
    validateMetaShape('service_collections', entry.after!.meta, entry.label);
    steps.push(step(entry, 'update', false));
  }
  for (const entry of resolved.fields.filter((e) => e.after)) {
    const after = entry.after!;
    checkField(checked, after);
    checkDefault(entry.label, after);
    validateMetaShape('service_fields', after.meta, entry.label);
    if (entry.operation === 'update') {
      const before = entry.before!;
      if ((before.type === 'alias') !== (after.type === 'alias'))
        throw invalidPayload(`Field "${entry.key}" can't change between an alias field and a column in an update`);
      if (Boolean(before.schema?.is_primary_key) !== Boolean(after.schema?.is_primary_key))
        throw invalidPayload(`The primary key of collection "${after.collection}" can't change`);
      if (before.schema?.is_primary_key && (before.type !== after.type || changedColumn(before, after)))
        throw invalidPayload(`The column of primary key "${entry.key}" can't be changed`);
      steps.push(step(entry, 'update', isFieldDestructive(before, after)));
      continue;
    }
    if (created.has(after.collection)) continue;
    if (after.schema?.is_primary_key)
      throw invalidPayload(`Field "${entry.key}": a primary key can only be given when its collection is created`);
    steps.push(step(entry, 'create', false));
  }
  for (const entry of resolved.relations.filter((e) => e.after)) {
    checkRelation(checked, entry.after!);
    validateMetaShape('service_relations', entry.after!.meta, entry.label);
    const recreated = entry.operation === 'recreate' || movesRelated(entry);
    steps.push(step(entry, entry.operation === 'update' && !recreated ? 'update' : 'create', false));
  }
  return { steps, target: checked };
}

/** A string default must fit the column (the database would refuse it halfway through an apply). */
function checkDefault(label: string, field: SnapshotField): void {
  const schema = field.schema;
  if (!schema || typeof schema.default_value !== 'string' || !(field.type === 'string' || field.type === 'hash')) return;
  if (schema.max_length !== null && [...schema.default_value].length > schema.max_length)
    throw invalidPayload(`The default value of ${label} is longer than its maximum length (${schema.max_length})`);
}

/** A relation whose related collection changes is dropped and made again. */
function movesRelated(entry: ResolvedEntry<SnapshotRelation>): boolean {
  return entry.operation === 'update' && entry.before!.related_collection !== entry.after!.related_collection;
}

/** Whether anything of a column but its vendor spelling changed. */
function changedColumn(before: SnapshotField, after: SnapshotField): boolean {
  const { data_type: _a, ...b } = before.schema ?? ({} as NonNullable<SnapshotField['schema']>);
  const { data_type: _b, ...a } = after.schema ?? ({} as NonNullable<SnapshotField['schema']>);
  return deepDiff.diff(b, a) !== undefined;
}

/** New collections, each after the new collection it is grouped in. */
function orderByGroup(entries: ResolvedEntry<SnapshotCollection>[]): ResolvedEntry<SnapshotCollection>[] {
  const byName = new Map(entries.map((e) => [e.key, e]));
  const ordered: ResolvedEntry<SnapshotCollection>[] = [];
  const visiting = new Set<string>();
  const visit = (entry: ResolvedEntry<SnapshotCollection>) => {
    if (ordered.includes(entry) || visiting.has(entry.key)) return;
    visiting.add(entry.key);
    const group = entry.after!.meta.group;
    const parent = typeof group === 'string' ? byName.get(group) : undefined;
    if (parent) visit(parent);
    ordered.push(entry);
  };
  for (const entry of entries) visit(entry);
  return ordered;
}
