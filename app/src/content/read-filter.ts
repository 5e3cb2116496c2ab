import { isFilterOperator, valueShape } from './filter-operators.js';
import { emptyGroup, type FilterGroup, type FilterNode } from './filter-tree.js';
import { formatFilterList, formatFilterValue } from './filter-value.js';
import { t } from '../i18n/t.js';

/** Thrown for a filter the builder cannot show (an operator it does not offer, a malformed filter). */
export class UnsupportedFilterError extends Error {}

/**
 * Turns a Directus filter back into the builder's tree (the inverse of `buildFilter`). Besides what the builder
 * writes, it reads the shorthand forms people write by hand: several fields in one object (all must hold),
 * several operators on one field, and `_in` or `_between` values given as comma-separated text.
 */
export function readFilter(filter: unknown): FilterGroup {
  if (filter === null || filter === undefined) return emptyGroup();
  const object = asObject(filter);
  const keys = Object.keys(object);
  if (keys.length === 1 && (keys[0] === '_and' || keys[0] === '_or')) return readGroup(keys[0], object[keys[0]]);
  return { kind: 'group', logic: '_and', children: readEntries(object, []) };
}

function readGroup(logic: '_and' | '_or', entries: unknown): FilterGroup {
  if (!Array.isArray(entries)) throw new UnsupportedFilterError(t('"{operator}" must hold a list of filters.', { operator: logic }));
  return {
    kind: 'group',
    logic,
    children: entries.map((entry) => {
      const nodes = readEntries(asObject(entry), []);
      if (nodes.length === 1 && nodes[0]) return nodes[0];
      return { kind: 'group', logic: '_and', children: nodes };
    }),
  };
}

function readEntries(object: Record<string, unknown>, prefix: string[]): FilterNode[] {
  const nodes: FilterNode[] = [];
  for (const [key, value] of Object.entries(object)) {
    if ((key === '_and' || key === '_or') && prefix.length === 0) nodes.push(readGroup(key, value));
    else if (key.startsWith('_')) {
      if (prefix.length === 0 || !isFilterOperator(key))
        throw new UnsupportedFilterError(t('The filter builder does not offer "{operator}".', { operator: key }));
      nodes.push({ kind: 'rule', field: prefix.join('.'), operator: key, values: ruleTexts(key, value) });
    } else nodes.push(...readEntries(asObject(value), [...prefix, key]));
  }
  if (nodes.length === 0)
    throw new UnsupportedFilterError(
      prefix.length > 0 ? t('No condition on "{field}".', { field: prefix.join('.') }) : t('An empty filter.'),
    );
  return nodes;
}

function ruleTexts(operator: Parameters<typeof valueShape>[0], value: unknown): string[] {
  switch (valueShape(operator)) {
    case 'none':
      if (value === false || value === 'false')
        throw new UnsupportedFilterError(t('"{operator}: false" is not offered; use the opposite operator.', { operator }));
      return [];
    case 'list':
      return [formatFilterList(value)];
    case 'range': {
      const bounds = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
      if (bounds.length !== 2) throw new UnsupportedFilterError(t('"{operator}" takes two values.', { operator }));
      return bounds.map((bound) => formatFilterValue(typeof bound === 'string' ? bound.trim() : bound));
    }
    case 'one':
      return [formatFilterValue(value)];
  }
}

function asObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UnsupportedFilterError(t('A filter must be an object.'));
  return value as Record<string, unknown>;
}
