import { t } from '../i18n/t.js';
/**
 * POST /schema/diff's answer as a tree people can read (pure): one node per collection, holding the changes of
 * the collection itself, of its fields and of its relations; each change either the whole item added or
 * removed, or its values old → new.
 */

/** One change record, as the deep-diff library writes it (what the API sends). */
export type DiffChange =
  | { kind: 'N'; path?: (string | number)[]; rhs: unknown }
  | { kind: 'D'; path?: (string | number)[]; lhs: unknown }
  | { kind: 'E'; path?: (string | number)[]; lhs: unknown; rhs: unknown }
  | { kind: 'A'; path?: (string | number)[]; index: number; item: DiffChange };

export type SchemaDiff = {
  collections: { collection: string; diff: DiffChange[] }[];
  fields: { collection: string; field: string; diff: DiffChange[] }[];
  relations: { collection: string; field: string; related_collection: string | null; diff: DiffChange[] }[];
};

export type ChangeKind = 'added' | 'removed' | 'changed';

/** One value that differs: `meta.note`, `"a"` → `"b"` (old is absent when added, new when removed). */
export type ValueChange = { path: string; kind: ChangeKind; old?: string; new?: string };

export type DiffNode = {
  /** `collection`, `field` or `relation`. */
  type: 'collection' | 'field' | 'relation';
  label: string;
  kind: ChangeKind;
  /** What the item is when added or removed (a field's type, a relation's target), else null. */
  summary: string | null;
  values: ValueChange[];
  children: DiffNode[];
};

/** A value as short readable text: JSON, strings quoted, long values cut. */
export function formatValue(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function pathText(path: (string | number)[] | undefined, index?: number): string {
  const parts = [...(path ?? []), ...(index === undefined ? [] : [index])];
  return parts
    .map((p) => (typeof p === 'number' ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** One change record → a value change (an array change names its index). */
export function valueChange(change: DiffChange): ValueChange {
  if (change.kind === 'A') {
    const inner = valueChange(change.item);
    return { ...inner, path: pathText(change.path, change.index) + (inner.path ? `.${inner.path}` : '') };
  }
  const path = pathText(change.path);
  if (change.kind === 'N') return { path, kind: 'added', new: formatValue(change.rhs) };
  if (change.kind === 'D') return { path, kind: 'removed', old: formatValue(change.lhs) };
  return { path, kind: 'changed', old: formatValue(change.lhs), new: formatValue(change.rhs) };
}

/** Whether an item's changes add or remove it whole (one record without a path), and what it was or becomes. */
function wholeItem(diff: DiffChange[]): { kind: ChangeKind; item: unknown } | null {
  const [first] = diff;
  if (diff.length !== 1 || !first || (first.path && first.path.length > 0)) return null;
  if (first.kind === 'N') return { kind: 'added', item: first.rhs };
  if (first.kind === 'D') return { kind: 'removed', item: first.lhs };
  return null;
}

function summaryOf(type: DiffNode['type'], item: unknown): string | null {
  const record = (item ?? {}) as { type?: unknown; related_collection?: unknown; schema?: unknown };
  if (type === 'field' && typeof record.type === 'string') return record.type;
  if (type === 'relation' && typeof record.related_collection === 'string') return `→ ${record.related_collection}`;
  if (type === 'collection' && record.schema === undefined) return t('folder');
  return null;
}

function nodeOf(type: DiffNode['type'], label: string, diff: DiffChange[]): DiffNode {
  const whole = wholeItem(diff);
  if (whole) return { type, label, kind: whole.kind, summary: summaryOf(type, whole.item), values: [], children: [] };
  return { type, label, kind: 'changed', summary: null, values: diff.map(valueChange), children: [] };
}

/** The tree: collections by name, each with its own node's values and its fields and relations as children. */
export function buildDiffTree(diff: SchemaDiff): DiffNode[] {
  const byCollection = new Map<string, DiffNode>();
  const collectionNode = (name: string): DiffNode => {
    let node = byCollection.get(name);
    if (!node) {
      // A collection that only holds changed fields or relations is itself unchanged: "changed" with no values.
      node = { type: 'collection', label: name, kind: 'changed', summary: null, values: [], children: [] };
      byCollection.set(name, node);
    }
    return node;
  };
  for (const entry of diff.collections) {
    const node = nodeOf('collection', entry.collection, entry.diff);
    const existing = collectionNode(entry.collection);
    Object.assign(existing, { kind: node.kind, summary: node.summary, values: node.values });
  }
  for (const entry of diff.fields) collectionNode(entry.collection).children.push(nodeOf('field', entry.field, entry.diff));
  for (const entry of diff.relations) {
    collectionNode(entry.collection).children.push(
      nodeOf('relation', `${entry.field} → ${entry.related_collection ?? t('(any)')}`, entry.diff),
    );
  }
  const order = (node: DiffNode) => (node.type === 'field' ? 0 : 1);
  for (const node of byCollection.values()) node.children.sort((a, b) => order(a) - order(b) || a.label.localeCompare(b.label));
  return [...byCollection.values()].sort((a, b) => a.label.localeCompare(b.label));
}

export type DiffCounts = Record<'collections' | 'fields' | 'relations', Record<ChangeKind, number>>;

/** How many collections, fields and relations are added, removed and changed (for the summary line). */
export function countDiff(tree: DiffNode[]): DiffCounts {
  const zero = () => ({ added: 0, removed: 0, changed: 0 });
  const counts: DiffCounts = { collections: zero(), fields: zero(), relations: zero() };
  const visit = (node: DiffNode) => {
    const own = node.type === 'collection' && node.kind === 'changed' && node.values.length === 0;
    if (!own) counts[`${node.type}s`][node.kind] += 1;
    node.children.forEach(visit);
  };
  tree.forEach(visit);
  return counts;
}

/** `2 collections added, 1 field changed` (nothing when empty). */
export function describeCounts(counts: DiffCounts): string {
  const parts: string[] = [];
  for (const type of ['collections', 'fields', 'relations'] as const) {
    for (const kind of ['added', 'removed', 'changed'] as const) {
      const n = counts[type][kind];
      if (n > 0) parts.push(`${n} ${n === 1 ? type.slice(0, -1) : type} ${kind}`);
    }
  }
  return parts.join(', ');
}
