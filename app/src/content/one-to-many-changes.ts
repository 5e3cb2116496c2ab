import type { PrimaryKey, RelatedOption } from './display-value.js';

/**
 * Unsaved changes to a one-to-many list (pure): children added from elsewhere and linked children removed,
 * sent on save as the nested payload `{ create, update, delete }` that the items API takes for an o2m field.
 */
export type OneToManyChanges = { added: RelatedOption[]; removed: PrimaryKey[] };

export const NO_CHANGES: OneToManyChanges = { added: [], removed: [] };

const same = (a: PrimaryKey, b: PrimaryKey) => String(a) === String(b);

export function hasChanges(changes: OneToManyChanges | undefined): boolean {
  return changes !== undefined && (changes.added.length > 0 || changes.removed.length > 0);
}

/** Adds an existing item (a removed child comes back; a child already in the list stays once). */
export function addChild(changes: OneToManyChanges, option: RelatedOption, linked: RelatedOption[]): OneToManyChanges {
  if (changes.removed.some((key) => same(key, option.key)))
    return { ...changes, removed: changes.removed.filter((key) => !same(key, option.key)) };
  if (linked.some((child) => same(child.key, option.key)) || changes.added.some((child) => same(child.key, option.key))) return changes;
  return { ...changes, added: [...changes.added, option] };
}

/** Removes a child: an unsaved addition is simply dropped. */
export function removeChild(changes: OneToManyChanges, key: PrimaryKey): OneToManyChanges {
  if (changes.added.some((child) => same(child.key, key)))
    return { ...changes, added: changes.added.filter((child) => !same(child.key, key)) };
  if (changes.removed.some((removed) => same(removed, key))) return changes;
  return { ...changes, removed: [...changes.removed, key] };
}

/** The list as it will be after saving: linked children not removed, then the added ones (marked pending). */
export function visibleChildren(linked: RelatedOption[], changes: OneToManyChanges): { option: RelatedOption; pending: boolean }[] {
  return [
    ...linked.filter((child) => !changes.removed.some((key) => same(key, child.key))).map((option) => ({ option, pending: false })),
    ...changes.added.map((option) => ({ option, pending: true })),
  ];
}

export type OneToManyPayload = { create: Record<string, unknown>[]; update: Record<string, PrimaryKey>[]; delete: PrimaryKey[] };

/**
 * The nested payload: an `update` naming only a child's key links it to this item (the API sets the foreign
 * key), `delete` deselects a child (its foreign key set to null, or the child deleted, as the relation's
 * `one_deselect_action` says). Null when nothing changed.
 */
export function oneToManyPayload(changes: OneToManyChanges | undefined, childKey: string): OneToManyPayload | null {
  if (!changes || !hasChanges(changes)) return null;
  return { create: [], update: changes.added.map((child) => ({ [childKey]: child.key })), delete: [...changes.removed] };
}
