import { SYSTEM_COLLECTIONS, type SystemCollectionSpec } from '../../kernel/system/system-collections.js';
import { systemCollectionMeta, systemFieldMeta, systemRelationMeta } from '../collections/system-meta.js';
import type { DiffChange, SchemaDiff, SnapshotMeta } from './snapshot.types.js';

export type MetaKind = 'collection' | 'field' | 'relation';

const TABLE: Record<MetaKind, 'service_collections' | 'service_fields' | 'service_relations'> = {
  collection: 'service_collections',
  field: 'service_fields',
  relation: 'service_relations',
};

const KEYS = new Map<MetaKind, Set<string>>();

/** The meta keys this server stores for a kind of entry (its system collection's columns, without `id`). */
export function knownMetaKeys(kind: MetaKind): Set<string> {
  let keys = KEYS.get(kind);
  if (!keys) {
    const spec = SYSTEM_COLLECTIONS.find((s) => s.collection === TABLE[kind]);
    keys = new Set(Object.keys(spec?.fields ?? {}).filter((key) => key !== 'id'));
    KEYS.set(kind, keys);
  }
  return keys;
}

const NOT_DEFAULTED = new Set(['id', 'system', 'collection', 'field', 'many_collection', 'many_field', 'one_collection', 'one_field']);

/**
 * The value a stored meta row has for each key when it is created without it (a user collection's, field's or
 * relation's, not a system one's): what a snapshot of an older version (Directus 10 has no `versioning` and no
 * `searchable`) means by leaving the key out.
 */
function metaDefaults(kind: MetaKind): Record<string, unknown> {
  const row =
    kind === 'collection'
      ? systemCollectionMeta({ collection: '', accountability: 'all' } as unknown as SystemCollectionSpec)
      : kind === 'field'
        ? { ...systemFieldMeta('', '', {} as never, false), special: null }
        : systemRelationMeta({ collection: '', field: '', related: '', oneField: null });
  return Object.fromEntries(Object.entries(row).filter(([key]) => !NOT_DEFAULTED.has(key)));
}

const DEFAULTS = new Map<MetaKind, Record<string, unknown>>();

/** The meta with each key this server stores and the upload left out set to the default it would get. */
export function withMetaDefaults(meta: SnapshotMeta, kind: MetaKind): SnapshotMeta {
  let defaults = DEFAULTS.get(kind);
  if (!defaults) {
    defaults = metaDefaults(kind);
    DEFAULTS.set(kind, defaults);
  }
  const filled: SnapshotMeta = { ...meta };
  for (const [key, value] of Object.entries(defaults)) if (!(key in filled)) filled[key] = value;
  return filled;
}

/**
 * Collects the meta keys dropped from an upload (decision 0022: keys this server does not store, such as
 * Directus 12's `status` or `autosave_revision_interval`, are dropped on both sides, diff and apply, and
 * named in one warning per key).
 */
export class DroppedMetaKeys {
  private readonly keys = new Map<string, Set<string>>();

  note(kind: MetaKind, key: string, label: string): void {
    const name = `${kind} meta "${key}"`;
    const where = this.keys.get(name) ?? new Set<string>();
    where.add(label);
    this.keys.set(name, where);
  }

  /** One message per dropped key, naming where it was (at most three places, then a count). */
  warnings(): string[] {
    return [...this.keys].map(([name, where]) => {
      const places = [...where];
      const shown = places.slice(0, 3).join(', ') + (places.length > 3 ? ` and ${places.length - 3} more` : '');
      return `Dropped ${name}: this server does not store it (${shown})`;
    });
  }
}

/** The meta without the keys this server does not store; each dropped key is noted. */
export function keepKnownMeta(meta: SnapshotMeta, kind: MetaKind, label: string, dropped: DroppedMetaKeys): SnapshotMeta {
  const known = knownMetaKeys(kind);
  const kept: SnapshotMeta = {};
  for (const [key, value] of Object.entries(meta)) {
    if (known.has(key)) kept[key] = value;
    else dropped.note(kind, key, label);
  }
  return kept;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A whole entry (`rhs`/`lhs` of a change without a path) with its unknown meta keys dropped. */
function entryWithoutUnknown(value: unknown, kind: MetaKind, label: string, dropped: DroppedMetaKeys): unknown {
  if (!isObject(value) || !isObject(value.meta)) return value;
  return { ...value, meta: keepKnownMeta(value.meta, kind, label, dropped) };
}

function cleanChange(change: DiffChange, kind: MetaKind, label: string, dropped: DroppedMetaKeys): DiffChange | null {
  const path = change.path;
  if (path && path[0] === 'meta') {
    if (path.length === 1) {
      if (change.kind === 'N')
        return { ...change, rhs: isObject(change.rhs) ? keepKnownMeta(change.rhs, kind, label, dropped) : change.rhs };
      if (change.kind === 'E')
        return { ...change, rhs: isObject(change.rhs) ? keepKnownMeta(change.rhs, kind, label, dropped) : change.rhs };
      return change;
    }
    const key = String(path[1]);
    if (knownMetaKeys(kind).has(key)) return change;
    dropped.note(kind, key, label);
    return null;
  }
  if (path === undefined) {
    if (change.kind === 'N') return { ...change, rhs: entryWithoutUnknown(change.rhs, kind, label, dropped) };
    if (change.kind === 'E') return { ...change, rhs: entryWithoutUnknown(change.rhs, kind, label, dropped) };
  }
  return change;
}

/**
 * A diff given to POST /schema/apply with the same rule the diff follows: changes of meta keys this server
 * does not store are dropped (and noted); an entry left without changes is dropped too.
 */
export function dropUnknownMetaFromDiff(diff: SchemaDiff, dropped: DroppedMetaKeys): SchemaDiff {
  const clean = <T extends { collection: string; field?: string; diff: DiffChange[] }>(entries: T[], kind: MetaKind): T[] =>
    entries
      .map((entry) => {
        const label = entry.field === undefined ? entry.collection : `${entry.collection}.${entry.field}`;
        return { ...entry, diff: entry.diff.map((c) => cleanChange(c, kind, label, dropped)).filter((c): c is DiffChange => c !== null) };
      })
      .filter((entry) => entry.diff.length > 0);
  return {
    collections: clean(diff.collections, 'collection'),
    fields: clean(diff.fields, 'field'),
    relations: clean(diff.relations, 'relation'),
  };
}
