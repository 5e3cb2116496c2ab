import { isSystemCollection } from '../content/content-api.js';

/** A collection as `GET /collections` gives it (the parts the navigation uses). */
export type NavCollection = {
  collection: string;
  schema?: unknown;
  meta?: {
    hidden?: boolean | null;
    group?: string | null;
    sort?: number | null;
    icon?: string | null;
    color?: string | null;
    collapse?: string | null;
  } | null;
};

/** One entry of the navigation: a collection with a table (a link) or a folder (no table), and what sits under it. */
export type NavNode = {
  collection: string;
  /** Has a table (a link to its items); a folder otherwise. */
  table: boolean;
  icon: string | null;
  color: string | null;
  /** Starts collapsed (Directus's `meta.collapse: 'closed'`). */
  collapsed: boolean;
  children: NavNode[];
};

type ReadAccess = Record<string, { read?: { access?: string } } | undefined>;

/**
 * The collections of the navigation, as Directus's collection folders: a collection whose `meta.group` names another
 * sits under it. Left out: system and hidden collections, tables the user may not read, and folders with nothing
 * shown in them. A collection whose group is left out sits under the nearest group shown above it (or at the top).
 * Each level is sorted by `meta.sort` (unsorted last), then by name.
 */
export function navTree(collections: NavCollection[], access: ReadAccess): NavNode[] {
  const all = new Map(collections.map((c) => [c.collection, c]));
  const shown = new Map<string, NavCollection>();
  for (const c of collections) {
    if (isSystemCollection(c.collection) || c.meta?.hidden) continue;
    const table = c.schema !== null && c.schema !== undefined;
    if (table && (access[c.collection]?.read?.access ?? 'none') === 'none') continue;
    shown.set(c.collection, c);
  }
  const parentOf = (c: NavCollection): string | null => {
    const seen = new Set([c.collection]);
    let group = c.meta?.group ?? null;
    while (group !== null && !shown.has(group)) {
      if (seen.has(group)) return null;
      seen.add(group);
      group = all.get(group)?.meta?.group ?? null;
    }
    return group !== null && !seen.has(group) ? group : null;
  };
  const nodes = new Map<string, NavNode>();
  for (const c of shown.values()) {
    nodes.set(c.collection, {
      collection: c.collection,
      table: c.schema !== null && c.schema !== undefined,
      icon: c.meta?.icon ?? null,
      color: c.meta?.color ?? null,
      collapsed: c.meta?.collapse === 'closed',
      children: [],
    });
  }
  const parents = new Map([...shown.values()].map((c) => [c.collection, parentOf(c)]));
  // Groups that name each other in a ring: the first of the ring met goes to the top.
  for (const name of parents.keys()) {
    const seen = new Set<string>();
    for (let up = parents.get(name); up != null && !seen.has(up); up = parents.get(up)) {
      if (up === name) parents.set(name, null);
      seen.add(up);
    }
  }
  const roots: NavNode[] = [];
  for (const [name, parent] of parents)
    (parent !== null && parent !== undefined ? nodes.get(parent)!.children : roots).push(nodes.get(name)!);
  return prune(roots, (name) => shown.get(name)?.meta?.sort ?? null);
}

function prune(level: NavNode[], sortOf: (collection: string) => number | null): NavNode[] {
  return level
    .map((node) => ({ ...node, children: prune(node.children, sortOf) }))
    .filter((node) => node.table || node.children.length > 0)
    .sort((a, b) => {
      const sa = sortOf(a.collection);
      const sb = sortOf(b.collection);
      if (sa !== sb) return sa === null ? 1 : sb === null ? -1 : sa - sb;
      return a.collection.localeCompare(b.collection);
    });
}

/** Black or white, whichever reads better on `color` (a #rgb or #rrggbb colour); null for anything else. */
export function textOn(color: string | null): '#000000' | '#ffffff' | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color?.trim() ?? '')?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): black wins above L ≈ 0.179.
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}
