import { fieldWidth, type FieldWidth, type FormField, type RawFormField } from './form-fields.js';

/**
 * The item form's layout tree (pure logic, no DOM): the form's fields, groups and dividers in `meta.sort` order,
 * each field inside the group its `meta.group` names, with the width it takes in the form's two columns.
 */

export type LayoutNode =
  | { kind: 'field'; field: FormField; width: FieldWidth }
  | { kind: 'divider'; name: string; title: string | null; width: FieldWidth }
  | {
      kind: 'group';
      name: string;
      /** `detail`: a collapsible group (`group-detail`); `raw`: its fields only (`group-raw`). */
      style: 'detail' | 'raw';
      note: string | null;
      /** Whether a collapsible group starts open. */
      open: boolean;
      width: FieldWidth;
      children: LayoutNode[];
    };

/** An alias field that groups others: `special` holds `group`. */
export function isGroup(field: RawFormField): boolean {
  const special = field.meta?.special;
  return field.type === 'alias' && (Array.isArray(special) ? special.includes('group') : special === 'group');
}

/** An alias field that draws a divider with a title. */
export function isDivider(field: RawFormField): boolean {
  return field.type === 'alias' && field.meta?.interface === 'presentation-divider';
}

type Placed = { raw: RawFormField; node: LayoutNode; index: number };

/** Fields by `meta.sort`, those without one after, each in the order the server gave. */
function bySort(a: Placed, b: Placed): number {
  const left = a.raw.meta?.sort ?? Number.POSITIVE_INFINITY;
  const right = b.raw.meta?.sort ?? Number.POSITIVE_INFINITY;
  return left === right ? a.index - b.index : left < right ? -1 : 1;
}

/**
 * The layout of `form` (the fields buildFormFields kept) with the groups and dividers of `raw` (the collection's
 * fields). Hidden groups hide what they hold; a field whose group is unknown, or a loop of groups, sits at the top.
 */
export function buildFormLayout(raw: RawFormField[], form: FormField[]): LayoutNode[] {
  const kept = new Map(form.map((f) => [f.field, f]));
  const placed = new Map<string, Placed>();
  raw.forEach((f, index) => {
    const field = kept.get(f.field);
    if (field) placed.set(f.field, { raw: f, index, node: { kind: 'field', field, width: field.width ?? fieldWidth(f.meta) } });
    else if (isGroup(f))
      placed.set(f.field, {
        raw: f,
        index,
        node: {
          kind: 'group',
          name: f.field,
          style: f.meta?.interface === 'group-raw' ? 'raw' : 'detail',
          note: f.meta?.note ?? null,
          open: f.meta?.options?.start !== 'closed',
          width: fieldWidth(f.meta),
          children: [],
        },
      });
    else if (isDivider(f) && !f.meta?.hidden)
      placed.set(f.field, {
        raw: f,
        index,
        node: { kind: 'divider', name: f.field, title: f.meta?.options?.title ?? null, width: 'full' },
      });
  });

  const hidden = new Set(raw.filter((f) => isGroup(f) && f.meta?.hidden).map((f) => f.field));
  // The chain of groups above a field: null when one of them is hidden (the field is hidden too).
  const parentOf = (entry: Placed): string | null => {
    const group = entry.raw.meta?.group ?? null;
    return group !== null && placed.get(group)?.node.kind === 'group' ? group : null;
  };
  const isHidden = (entry: Placed): boolean => {
    const seen = new Set<string>();
    for (let group = entry.raw.meta?.group ?? null; group !== null && !seen.has(group);) {
      if (hidden.has(group)) return true;
      seen.add(group);
      group = raw.find((f) => f.field === group)?.meta?.group ?? null;
    }
    return false;
  };
  // A group that (through its parents) holds itself goes to the top, breaking the loop.
  const loops = (entry: Placed): boolean => {
    const seen = new Set<string>([entry.raw.field]);
    for (let group = parentOf(entry); group !== null; group = parentOf(placed.get(group)!)) {
      if (seen.has(group)) return true;
      seen.add(group);
    }
    return false;
  };

  const roots: Placed[] = [];
  const children = new Map<string, Placed[]>();
  for (const entry of placed.values()) {
    if (isHidden(entry) || hidden.has(entry.raw.field)) continue;
    const parent = loops(entry) ? null : parentOf(entry);
    if (parent === null) roots.push(entry);
    else children.set(parent, [...(children.get(parent) ?? []), entry]);
  }
  const build = (entries: Placed[]): LayoutNode[] =>
    [...entries].sort(bySort).flatMap((entry): LayoutNode[] => {
      const node = entry.node;
      if (node.kind !== 'group') return [node];
      const inner = build(children.get(node.name) ?? []);
      // A group with nothing the user may see is left out.
      return inner.length > 0 ? [{ ...node, children: inner }] : [];
    });
  return build(roots);
}

/** The fields inside a layout node (itself when it is a field), to open a group that holds an error. */
export function fieldsIn(node: LayoutNode): string[] {
  if (node.kind === 'field') return [node.field.field];
  return node.kind === 'group' ? node.children.flatMap(fieldsIn) : [];
}
