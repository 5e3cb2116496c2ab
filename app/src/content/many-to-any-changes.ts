import type { PrimaryKey } from './display-value.js';
import type { ManyToAny } from './relations.js';

/**
 * The list of a many-to-any field and its unsaved changes (pure): the entries in their order (saved links carry
 * their junction row's key; added ones none yet), and the junction rows removed. Saved as the junction's nested
 * payload, as Directus's app sends it: `{ create: [{ collection: 'texts', item: 3, sort: 2 }], update: [{ id: 7,
 * sort: 1 }], delete: [8] }`.
 */
export type AnyEntry = { junctionKey: PrimaryKey | null; collection: string; key: PrimaryKey; text: string };
export type AnyList = { entries: AnyEntry[]; removed: PrimaryKey[] };

const same = (a: PrimaryKey, b: PrimaryKey) => String(a) === String(b);

/** Adds an item at the end (once: an item already listed stays where it is). */
export function addAny(list: AnyList, entry: Omit<AnyEntry, 'junctionKey'>): AnyList {
  if (list.entries.some((e) => e.collection === entry.collection && same(e.key, entry.key))) return list;
  return { ...list, entries: [...list.entries, { ...entry, junctionKey: null }] };
}

/** Takes the entry at `index` out: a saved link's junction row is deleted on save. */
export function removeAny(list: AnyList, index: number): AnyList {
  const entry = list.entries[index];
  if (!entry) return list;
  return {
    entries: list.entries.filter((_, i) => i !== index),
    removed: entry.junctionKey === null ? list.removed : [...list.removed, entry.junctionKey],
  };
}

/** Moves the entry at `index` by `delta` places (-1 up, +1 down), within the list. */
export function moveAny(list: AnyList, index: number, delta: number): AnyList {
  const target = index + delta;
  if (index < 0 || index >= list.entries.length || target < 0 || target >= list.entries.length) return list;
  const entries = [...list.entries];
  const [entry] = entries.splice(index, 1);
  entries.splice(target, 0, entry!);
  return { ...list, entries };
}

export type AnyPayload = { create: Record<string, unknown>[]; update: Record<string, unknown>[]; delete: PrimaryKey[] };

/**
 * The junction's nested payload against the list as loaded (`saved`): a row per added item (its collection, key and,
 * with a sort field, its place), the saved rows whose place changed (by `junctionKeyField`), and the removed rows.
 * Null when nothing changed.
 */
export function anyPayload(saved: AnyEntry[], list: AnyList, relation: ManyToAny, junctionKeyField: string): AnyPayload | null {
  const sort = relation.sortField;
  const create = list.entries.flatMap((entry, index) =>
    entry.junctionKey === null
      ? [{ [relation.collectionField]: entry.collection, [relation.itemField]: entry.key, ...(sort ? { [sort]: index + 1 } : {}) }]
      : [],
  );
  // With a sort field, each saved row whose place changed gets its new place (1 first).
  const update =
    sort === null
      ? []
      : list.entries.flatMap((entry, index) => {
          const key = entry.junctionKey;
          if (key === null || saved.findIndex((e) => e.junctionKey !== null && same(e.junctionKey, key)) === index) return [];
          return [{ [junctionKeyField]: key, [sort]: index + 1 }];
        });
  if (create.length === 0 && update.length === 0 && list.removed.length === 0) return null;
  return { create, update, delete: [...list.removed] };
}
