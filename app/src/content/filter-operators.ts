/**
 * The operators of Directus's filter language that the filter builder offers: their wording, the shape of value
 * each takes, and which apply to which field type (the same sets the API accepts, so a built filter is never
 * refused for its operator).
 */

import type { FieldType } from '../../../shared/field-types.js';
import {
  FILTER_OPERATORS as LANGUAGE_OPERATORS,
  operatorsForType as acceptedForType,
  type FilterOperator as LanguageOperator,
} from '../../../shared/filter-operators.js';

/** The operators the builder offers: all of the language's but the geometry ones and `_regex`. */
export type FilterOperator = Exclude<
  LanguageOperator,
  '_intersects' | '_nintersects' | '_intersects_bbox' | '_nintersects_bbox' | '_regex'
>;

/** What an operator compares with: nothing (`_null: true`), one value, a list (`_in`) or two bounds (`_between`). */
export type ValueShape = 'none' | 'one' | 'list' | 'range';

const LABELS: Record<FilterOperator, string> = {
  _eq: 'equals',
  _neq: 'does not equal',
  _lt: 'is less than',
  _lte: 'is less than or equal to',
  _gt: 'is greater than',
  _gte: 'is greater than or equal to',
  _in: 'is one of',
  _nin: 'is none of',
  _null: 'is null',
  _nnull: 'is not null',
  _contains: 'contains',
  _ncontains: 'does not contain',
  _icontains: 'contains, any case',
  _nicontains: 'does not contain, any case',
  _starts_with: 'starts with',
  _nstarts_with: 'does not start with',
  _istarts_with: 'starts with, any case',
  _nistarts_with: 'does not start with, any case',
  _ends_with: 'ends with',
  _nends_with: 'does not end with',
  _iends_with: 'ends with, any case',
  _niends_with: 'does not end with, any case',
  _between: 'is between',
  _nbetween: 'is not between',
  _empty: 'is empty',
  _nempty: 'is not empty',
};

function isOffered(operator: LanguageOperator): operator is FilterOperator {
  return Object.hasOwn(LABELS, operator);
}

/** The operators the builder offers, in the language's order. */
export const FILTER_OPERATORS: readonly FilterOperator[] = LANGUAGE_OPERATORS.filter(isOffered);

/** The order a field's operators are listed in: the most common first (the first is a new condition's default). */
const ORDER: FilterOperator[] = [
  '_eq',
  '_neq',
  '_lt',
  '_lte',
  '_gt',
  '_gte',
  '_between',
  '_nbetween',
  '_contains',
  '_ncontains',
  '_icontains',
  '_nicontains',
  '_starts_with',
  '_nstarts_with',
  '_istarts_with',
  '_nistarts_with',
  '_ends_with',
  '_nends_with',
  '_iends_with',
  '_niends_with',
  '_in',
  '_nin',
  '_empty',
  '_nempty',
  '_null',
  '_nnull',
];

/**
 * The operators that apply to a field type, the most common first (the first is a new condition's default): the
 * sets the API accepts (shared/filter-operators.ts), so a built filter is never refused for its operator.
 */
export function operatorsForType(type: string): readonly FilterOperator[] {
  const accepted = acceptedForType(type as FieldType, false).filter(isOffered);
  return ORDER.filter((operator) => accepted.includes(operator));
}

export function isFilterOperator(key: string): key is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(key);
}

/** How an operator reads in the builder ("is between"). */
export function operatorLabel(operator: FilterOperator): string {
  return LABELS[operator];
}

export function valueShape(operator: FilterOperator): ValueShape {
  switch (operator) {
    case '_null':
    case '_nnull':
    case '_empty':
    case '_nempty':
      return 'none';
    case '_in':
    case '_nin':
      return 'list';
    case '_between':
    case '_nbetween':
      return 'range';
    default:
      return 'one';
  }
}
