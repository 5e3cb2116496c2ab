import deepDiff from 'deep-diff';
import { invalidPayload } from '../../kernel/errors/index.js';
import { indexSchema, itemKey } from './check-references.js';
import { parseCollection, parseField, parseRelation } from './parse-snapshot.js';
import type { DiffChange, SchemaDiff, Snapshot, SnapshotCollection, SnapshotField, SnapshotRelation } from './snapshot.types.js';

export type EntryKind = 'collection' | 'field' | 'relation';
export type EntryOperation = 'create' | 'delete' | 'update' | 'recreate';

/** One diff entry understood against the current schema: what it does, to what, from what. */
export type ResolvedEntry<T> = {
  kind: EntryKind;
  key: string;
  label: string;
  operation: EntryOperation;
  before: T | null;
  after: T | null;
  changes: DiffChange[];
};

export type ResolvedDiff = {
  collections: ResolvedEntry<SnapshotCollection>[];
  fields: ResolvedEntry<SnapshotField>[];
  relations: ResolvedEntry<SnapshotRelation>[];
};

const AGAIN = 'Please generate a new diff and try again';

/** The conflict of a diff with the current schema, worded as Directus words it (a 400 INVALID_PAYLOAD). */
export class DiffConflict extends Error {}

function conflict(message: string): never {
  throw new DiffConflict(`${message}. ${AGAIN}`);
}

function valueAt(item: unknown, path: (string | number)[]): unknown {
  let node = item;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

const same = (a: unknown, b: unknown) => deepDiff.diff(a, b) === undefined;

function describePath(path: (string | number)[]): string {
  return path.map(String).join('.');
}

/** Checks that an update's records start from the current values, then applies them to a copy. */
function applyChanges<T extends object>(label: string, current: T, changes: DiffChange[]): T {
  const target = structuredClone(current);
  for (const change of changes) {
    const path = change.path ?? [];
    const now = valueAt(current, path);
    const stale =
      (change.kind === 'E' && !same(now, change.lhs)) ||
      (change.kind === 'D' && !same(now, change.lhs)) ||
      (change.kind === 'N' && now !== undefined) ||
      (change.kind === 'A' && !Array.isArray(now));
    if (stale) conflict(`Provided diff is trying to update ${label} but its "${describePath(path)}" is not what the diff expects any more`);
    deepDiff.applyChange(target, true, change as deepDiff.Diff<T, T>);
  }
  return target;
}

function resolve<T extends object>(
  kind: EntryKind,
  key: string,
  label: string,
  changes: DiffChange[],
  current: T | undefined,
  parse: (value: unknown) => T,
): ResolvedEntry<T> {
  const [first, second] = changes;
  const whole = (c: DiffChange | undefined) => c !== undefined && c.path === undefined;
  const base = { kind, key, label, changes };
  const parsed = (value: unknown): T => parse(value);
  if (changes.length === 1 && whole(first) && first!.kind === 'N') {
    if (current) conflict(`Provided diff is trying to create ${label} but it already exists`);
    return { ...base, operation: 'create', before: null, after: parsed(first!.rhs) };
  }
  if (changes.length === 1 && whole(first) && first!.kind === 'D') {
    if (!current) conflict(`Provided diff is trying to delete ${label} but it does not exist`);
    return { ...base, operation: 'delete', before: current, after: null };
  }
  if (changes.length === 2 && whole(first) && whole(second) && first!.kind === 'D' && second!.kind === 'N') {
    if (!current) conflict(`Provided diff is trying to replace ${label} but it does not exist`);
    return { ...base, operation: 'recreate', before: current, after: parsed(second!.rhs) };
  }
  if (changes.some((c) => c.path === undefined))
    throw invalidPayload(`${label[0]!.toUpperCase()}${label.slice(1)}: a whole-item change must be a single "N" or "D" record`);
  if (!current) conflict(`Provided diff is trying to update ${label} but it does not exist`);
  return { ...base, operation: 'update', before: current, after: parsed(applyChanges(label, current, changes)) };
}

function sameName(label: string, entry: { collection: string; field?: string }, item: { collection: string; field?: string }): void {
  if (entry.collection !== item.collection || entry.field !== item.field)
    throw invalidPayload(`The definition in the diff entry of ${label} names another item`);
}

/**
 * Understands every entry of a diff against the current schema: creates of missing items, deletes and
 * updates of existing ones whose records start from the current values. A mismatch is a DiffConflict naming
 * the collection, field or relation; a definition that is not valid is a 400 naming it.
 */
export function resolveEntries(current: Snapshot, diff: SchemaDiff): ResolvedDiff {
  const schema = indexSchema(current);
  const collections = diff.collections.map((entry) => {
    const label = `collection "${entry.collection}"`;
    const resolved = resolve('collection', entry.collection, label, entry.diff, schema.collections.get(entry.collection), (v) =>
      parseCollection(v, label),
    );
    if (resolved.after) sameName(label, { collection: entry.collection }, resolved.after);
    return resolved;
  });
  const fields = diff.fields.map((entry) => {
    const key = itemKey(entry.collection, entry.field);
    const label = `field "${key}"`;
    const resolved = resolve('field', key, label, entry.diff, schema.fields.get(key), (v) => parseField(v, label));
    if (resolved.after) sameName(label, entry, resolved.after);
    return resolved;
  });
  const relations = diff.relations.map((entry) => {
    const key = itemKey(entry.collection, entry.field);
    const label = `relation "${key}-> ${entry.related_collection ?? ''}"`;
    const resolved = resolve('relation', key, label, entry.diff, schema.relations.get(key), (v) => parseRelation(v, label));
    if (resolved.after) sameName(label, entry, resolved.after);
    return resolved;
  });
  return { collections, fields, relations };
}
