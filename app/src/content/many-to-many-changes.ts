import type { PrimaryKey, RelatedOption } from './display-value.js';
import type { ManyToMany } from './relations.js';

/**
 * Unsaved changes to a many-to-many list (pure): existing related items added, new related items to create
 * (their values), and links removed (junction rows, by their key). Sent on save as the nested payload of the
 * junction that the items API takes for an m2m field, as Directus's app sends it:
 * `{ create: [{ tags_id: 3 }, { tags_id: { name: 'New' } }], update: [], delete: [<junction keys>] }`.
 */
export type ManyToManyChanges = {
  added: RelatedOption[];
  created: { values: Record<string, unknown>; text: string }[];
  removed: PrimaryKey[];
};

/** A linked related item: the junction row's key and the related item as an option. */
export type Link = { junctionKey: PrimaryKey; option: RelatedOption };

export const NO_LINK_CHANGES: ManyToManyChanges = { added: [], created: [], removed: [] };

const same = (a: PrimaryKey, b: PrimaryKey) => String(a) === String(b);

export function hasLinkChanges(changes: ManyToManyChanges | undefined): boolean {
  return changes !== undefined && (changes.added.length > 0 || changes.created.length > 0 || changes.removed.length > 0);
}

/** Adds an existing related item: a removed link to it comes back; one already linked or added stays once. */
export function addRelated(changes: ManyToManyChanges, option: RelatedOption, linked: Link[]): ManyToManyChanges {
  const removedLink = linked.find(
    (link) => same(link.option.key, option.key) && changes.removed.some((key) => same(key, link.junctionKey)),
  );
  if (removedLink) return { ...changes, removed: changes.removed.filter((key) => !same(key, removedLink.junctionKey)) };
  if (linked.some((link) => same(link.option.key, option.key)) || changes.added.some((added) => same(added.key, option.key)))
    return changes;
  return { ...changes, added: [...changes.added, option] };
}

/** A new related item to create and link on save. */
export function createRelated(changes: ManyToManyChanges, values: Record<string, unknown>, text: string): ManyToManyChanges {
  return { ...changes, created: [...changes.created, { values, text }] };
}

export type ListedLink =
  { state: 'linked'; link: Link } | { state: 'added'; option: RelatedOption } | { state: 'created'; index: number; text: string };

/** The list as it will be after saving: the links not removed, then the added and the new items. */
export function listedLinks(linked: Link[], changes: ManyToManyChanges): ListedLink[] {
  return [
    ...linked
      .filter((link) => !changes.removed.some((key) => same(key, link.junctionKey)))
      .map((link) => ({ state: 'linked' as const, link })),
    ...changes.added.map((option) => ({ state: 'added' as const, option })),
    ...changes.created.map((created, index) => ({ state: 'created' as const, index, text: created.text })),
  ];
}

/** Takes one entry out of the list: an unsaved addition is dropped, a saved link is removed on save. */
export function removeListed(changes: ManyToManyChanges, entry: ListedLink): ManyToManyChanges {
  if (entry.state === 'added') return { ...changes, added: changes.added.filter((option) => !same(option.key, entry.option.key)) };
  if (entry.state === 'created') return { ...changes, created: changes.created.filter((_, index) => index !== entry.index) };
  return { ...changes, removed: [...changes.removed, entry.link.junctionKey] };
}

export type ManyToManyPayload = { create: Record<string, unknown>[]; update: Record<string, unknown>[]; delete: PrimaryKey[] };

/**
 * The nested payload of the junction: a junction row per added item (its key in the related field) and per new
 * item (its values there, so the API creates it), and the removed junction rows' keys. Null when nothing changed.
 */
export function manyToManyPayload(changes: ManyToManyChanges | undefined, relation: ManyToMany): ManyToManyPayload | null {
  if (!changes || !hasLinkChanges(changes)) return null;
  return {
    create: [
      ...changes.added.map((option) => ({ [relation.relatedField]: option.key })),
      ...changes.created.map((created) => ({ [relation.relatedField]: created.values })),
    ],
    update: [],
    delete: [...changes.removed],
  };
}
