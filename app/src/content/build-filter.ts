import { valueShape } from './filter-operators.js';
import type { FilterGroup, FilterNode, FilterRule } from './filter-tree.js';
import { parseFilterList, parseFilterValue, type ValueField } from './filter-value.js';
import { t } from '../i18n/t.js';

/** A Directus filter object (`{ _and: [{ title: { _eq: 'x' } }] }`). */
export type DirectusFilter = Record<string, unknown>;

/** What `buildFilter` makes of a tree: the filter (null when nothing filters) and the problems by node path. */
export type BuiltFilter = { filter: DirectusFilter | null; errors: Record<string, string> };

/** The key of a node path in `errors`: its indexes joined by dots (`"1.0"`). */
export function pathKey(path: readonly number[]): string {
  return path.join('.');
}

/**
 * Turns the builder's tree into a Directus filter: each group becomes `{ _and: [...] }` or `{ _or: [...] }`, each
 * condition `{ field: { _op: value } }`, nested through many-to-one fields (`author.name` becomes
 * `{ author: { name: { _eq: value } } }`). Groups without conditions are left out. A condition whose field is
 * unknown or whose value does not parse is reported in `errors` and left out.
 */
export function buildFilter(root: FilterGroup, fieldOf: (path: string) => ValueField | undefined): BuiltFilter {
  const errors: Record<string, string> = {};

  const ruleFilter = (rule: FilterRule, path: number[]): DirectusFilter | null => {
    const field = fieldOf(rule.field);
    if (!field) {
      errors[pathKey(path)] = t('Choose a field.');
      return null;
    }
    let value: unknown;
    try {
      value = ruleValue(rule, field);
    } catch (problem) {
      errors[pathKey(path)] = (problem as Error).message;
      return null;
    }
    return nest(rule.field.split('.'), { [rule.operator]: value });
  };

  const nodeFilter = (node: FilterNode, path: number[]): DirectusFilter | null => {
    if (node.kind === 'rule') return ruleFilter(node, path);
    const parts = node.children.map((child, i) => nodeFilter(child, [...path, i])).filter((part): part is DirectusFilter => part !== null);
    return parts.length === 0 ? null : { [node.logic]: parts };
  };

  return { filter: nodeFilter(root, []), errors };
}

function ruleValue(rule: FilterRule, field: ValueField): unknown {
  switch (valueShape(rule.operator)) {
    case 'none':
      return true;
    case 'list':
      return parseFilterList(field, rule.values[0] ?? '');
    case 'range':
      return [parseFilterValue(field, rule.values[0] ?? ''), parseFilterValue(field, rule.values[1] ?? '')];
    case 'one':
      return parseFilterValue(field, rule.values[0] ?? '');
  }
}

function nest(segments: string[], leaf: DirectusFilter): DirectusFilter {
  return segments.reduceRight<DirectusFilter>((inner, segment) => ({ [segment]: inner }), leaf);
}
