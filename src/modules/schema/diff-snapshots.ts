import deepDiff from 'deep-diff';
import type {
  DiffChange,
  RelationDiff,
  SchemaDiff,
  Snapshot,
  SnapshotCollection,
  SnapshotField,
  SnapshotRelation,
} from './snapshot.types.js';

/** deep-diff's records as plain objects (its classes carry the same enumerable keys). */
function plain(changes: deepDiff.Diff<unknown, unknown>[] | undefined): DiffChange[] | undefined {
  if (!changes) return undefined;
  return JSON.parse(JSON.stringify(changes)) as DiffChange[];
}

/**
 * Directus's rule for an item on both sides: when its changes include a new key anywhere or a removed key
 * under `meta`, the `meta` changes become one `E` at `["meta"]` with the whole old and new meta (applying
 * then replaces the meta as a whole), followed by the other changes.
 */
function rewriteMeta(changes: DiffChange[], lhs: { meta: unknown }, rhs: { meta: unknown }): DiffChange[] {
  const nested = changes.some((c) => c.kind === 'N' || (c.kind === 'D' && c.path?.[0] === 'meta'));
  if (!nested) return changes;
  const others = changes.filter((c) => c.path?.[0] !== 'meta');
  const metaChanged = changes.some((c) => c.path?.[0] === 'meta');
  return metaChanged ? [{ kind: 'E', path: ['meta'], lhs: lhs.meta, rhs: rhs.meta }, ...others] : others;
}

/** Structural equality of JSON values (much cheaper than deep-diff, which most unchanged items only need). */
function isSame(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => isSame(item, b[i]));
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && isSame(left[key], right[key]));
}

function diffItems<T extends { meta: unknown }>(lhs: T | undefined, rhs: T | undefined): DiffChange[] | undefined {
  if (isSame(lhs, rhs)) return undefined;
  const changes = plain(deepDiff.diff(lhs, rhs));
  if (!changes || lhs === undefined || rhs === undefined) return changes;
  return rewriteMeta(changes, lhs, rhs);
}

function withoutSchema(field: SnapshotField): SnapshotField {
  const { schema: _schema, ...rest } = field;
  return rest;
}

const fieldKey = (f: { collection: string; field: string }) => `${f.collection}\u0000${f.field}`;

/**
 * The changes that turn `current` (this instance) into `after` (the uploaded snapshot), as Directus lists
 * them: per collection, field and relation, deep-diff's records (`N` new, `D` deleted, `E` edited, `A` array
 * change); unchanged items are left out; current items first in snapshot order, then the new ones. The column
 * of an auto-increment primary key is not compared; a change to or from `alias` is a `D` plus an `N`; fields
 * and relations of deleted collections are left out (dropping the collection covers them).
 */
export function diffSnapshots(current: Snapshot, after: Snapshot): SchemaDiff {
  const collections = diffList(
    current.collections,
    after.collections,
    (c) => c.collection,
    (lhs, rhs) => diffItems<SnapshotCollection>(lhs, rhs),
  ).map(({ item, diff }) => ({ collection: item.collection, diff }));

  const fields = diffList(current.fields, after.fields, fieldKey, (lhs, rhs) => {
    if (lhs && rhs && lhs.type !== rhs.type && (lhs.type === 'alias' || rhs.type === 'alias')) {
      return [
        { kind: 'D', lhs: structuredClone(lhs) },
        { kind: 'N', rhs: structuredClone(rhs) },
      ];
    }
    const autoIncrementKey = lhs?.schema?.is_primary_key === true && lhs.schema.has_auto_increment;
    return autoIncrementKey && rhs ? diffItems(withoutSchema(lhs), withoutSchema(rhs)) : diffItems(lhs, rhs);
  }).map(({ item, diff }) => ({ collection: item.collection, field: item.field, diff }));

  const relations = diffList(current.relations, after.relations, fieldKey, (lhs, rhs) => diffItems<SnapshotRelation>(lhs, rhs)).map(
    ({ item, diff }): RelationDiff => ({
      collection: item.collection,
      field: item.field,
      related_collection: item.related_collection,
      diff,
    }),
  );

  const deleted = new Set(collections.filter((c) => c.diff[0]?.kind === 'D' && c.diff[0].path === undefined).map((c) => c.collection));
  return {
    collections,
    fields: fields.filter((f) => !deleted.has(f.collection)),
    relations: relations.filter((r) => !deleted.has(r.collection)),
  };
}

function diffList<T>(
  current: T[],
  after: T[],
  key: (item: T) => string,
  diff: (lhs: T | undefined, rhs: T | undefined) => DiffChange[] | undefined,
): { item: T; diff: DiffChange[] }[] {
  const afterByKey = new Map(after.map((item) => [key(item), item]));
  const currentKeys = new Set(current.map(key));
  const result: { item: T; diff: DiffChange[] }[] = [];
  for (const item of current) {
    const changes = diff(item, afterByKey.get(key(item)));
    if (changes && changes.length > 0) result.push({ item, diff: changes });
  }
  for (const item of after) {
    if (currentKeys.has(key(item))) continue;
    const changes = diff(undefined, item);
    if (changes && changes.length > 0) result.push({ item, diff: changes });
  }
  return result;
}

/** Whether a diff has nothing in it. */
export function isEmptyDiff(diff: SchemaDiff): boolean {
  return diff.collections.length === 0 && diff.fields.length === 0 && diff.relations.length === 0;
}
