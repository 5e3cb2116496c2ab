/**
 * The filter builder's tree: groups (AND or OR) of conditions and nested groups. A condition holds the texts of
 * its inputs as typed, so that a half-typed value survives; `buildFilter` turns the tree into a Directus filter.
 * Nodes are addressed by their path of indexes from the root group (`[1, 0]`: the first node of the root's
 * second node); every edit returns a new tree.
 */
import { operatorsForType, valueShape, type FilterOperator } from './filter-operators.js';

/** A condition: a field path (`title`, or `author.name` through a many-to-one), an operator and its input texts. */
export type FilterRule = { kind: 'rule'; field: string; operator: FilterOperator; values: string[] };
export type FilterGroup = { kind: 'group'; logic: '_and' | '_or'; children: FilterNode[] };
export type FilterNode = FilterRule | FilterGroup;
export type NodePath = readonly number[];

export function emptyGroup(logic: FilterGroup['logic'] = '_and'): FilterGroup {
  return { kind: 'group', logic, children: [] };
}

/** How many input texts an operator's condition holds. */
function valueCount(operator: FilterOperator): number {
  const shape = valueShape(operator);
  return shape === 'none' ? 0 : shape === 'range' ? 2 : 1;
}

/** A new condition on a field of this type: its first operator, empty values. */
export function newRule(field: string, type: string): FilterRule {
  const operator = operatorsForType(type)[0] ?? '_eq';
  return { kind: 'rule', field, operator, values: Array<string>(valueCount(operator)).fill('') };
}

/** Another field: the operator stays when it applies to the new type; the values start empty (another type, other values). */
export function withField(rule: FilterRule, field: string, type: string): FilterRule {
  if (!operatorsForType(type).includes(rule.operator)) return newRule(field, type);
  return { ...rule, field, values: rule.values.map(() => '') };
}

/** Another operator: the values are kept as far as the new operator takes values. */
export function withOperator(rule: FilterRule, operator: FilterOperator): FilterRule {
  const count = valueCount(operator);
  const values = Array.from({ length: count }, (_, i) => rule.values[i] ?? '');
  return { ...rule, operator, values };
}

/** The node at a path, or undefined. */
export function nodeAt(root: FilterGroup, path: NodePath): FilterNode | undefined {
  let node: FilterNode | undefined = root;
  for (const index of path) node = node?.kind === 'group' ? node.children[index] : undefined;
  return node;
}

/** The tree with the node at `path` replaced by `change(node)` (the root when the path is empty). */
export function updateAt(root: FilterGroup, path: NodePath, change: (node: FilterNode) => FilterNode): FilterGroup {
  const replace = (node: FilterNode, rest: NodePath): FilterNode => {
    if (rest.length === 0) return change(node);
    if (node.kind !== 'group') return node;
    const [index, ...deeper] = rest;
    return { ...node, children: node.children.map((child, i) => (i === index ? replace(child, deeper) : child)) };
  };
  const result = replace(root, path);
  return result.kind === 'group' ? result : root;
}

/** The tree with `node` added at the end of the group at `path`. */
export function appendAt(root: FilterGroup, path: NodePath, node: FilterNode): FilterGroup {
  return updateAt(root, path, (group) => (group.kind === 'group' ? { ...group, children: [...group.children, node] } : group));
}

/** The tree without the node at `path` (the root itself cannot be removed). */
export function removeAt(root: FilterGroup, path: NodePath): FilterGroup {
  if (path.length === 0) return root;
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return updateAt(root, parent, (group) =>
    group.kind === 'group' ? { ...group, children: group.children.filter((_, i) => i !== index) } : group,
  );
}

/** How many conditions the tree holds, at any depth. */
export function countRules(node: FilterNode): number {
  return node.kind === 'rule' ? 1 : node.children.reduce((sum, child) => sum + countRules(child), 0);
}
