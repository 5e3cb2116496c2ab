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
import { msg, t } from '../i18n/t.js';

/** The operators the builder offers: all of the language's but the geometry ones and `_regex`. */
export type FilterOperator = Exclude<
  LanguageOperator,
  '_intersects' | '_nintersects' | '_intersects_bbox' | '_nintersects_bbox' | '_regex'
>;

/** What an operator compares with: nothing (`_null: true`), one value, a list (`_in`) or two bounds (`_between`). */
export type ValueShape = 'none' | 'one' | 'list' | 'range';

const LABELS: Record<FilterOperator, string> = {
  _eq: msg('equals'),
  _neq: msg('does not equal'),
  _lt: msg('is less than'),
  _lte: msg('is less than or equal to'),
  _gt: msg('is greater than'),
  _gte: msg('is greater than or equal to'),
  _in: msg('is one of'),
  _nin: msg('is none of'),
  _null: msg('is null'),
  _nnull: msg('is not null'),
  _contains: msg('contains'),
  _ncontains: msg('does not contain'),
  _icontains: msg('contains, any case'),
  _nicontains: msg('does not contain, any case'),
  _starts_with: msg('starts with'),
  _nstarts_with: msg('does not start with'),
  _istarts_with: msg('starts with, any case'),
  _nistarts_with: msg('does not start with, any case'),
  _ends_with: msg('ends with'),
  _nends_with: msg('does not end with'),
  _iends_with: msg('ends with, any case'),
  _niends_with: msg('does not end with, any case'),
  _between: msg('is between'),
  _nbetween: msg('is not between'),
  _empty: msg('is empty'),
  _nempty: msg('is not empty'),
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

/** How an operator reads in the builder ("is between"), in the app's language. */
export function operatorLabel(operator: FilterOperator): string {
  return t(LABELS[operator]);
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
