/**
 * The operators of Directus's filter language that the filter builder offers: their wording, the shape of value
 * each takes, and which apply to which field type (the same sets the API accepts, so a built filter is never
 * refused for its operator).
 */

export const FILTER_OPERATORS = [
  '_eq',
  '_neq',
  '_lt',
  '_lte',
  '_gt',
  '_gte',
  '_in',
  '_nin',
  '_null',
  '_nnull',
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
  '_between',
  '_nbetween',
  '_empty',
  '_nempty',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

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

const TEXT: FilterOperator[] = [
  '_eq',
  '_neq',
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
const ORDERED: FilterOperator[] = ['_eq', '_neq', '_lt', '_lte', '_gt', '_gte', '_between', '_nbetween', '_in', '_nin', '_null', '_nnull'];
const KEY: FilterOperator[] = ['_eq', '_neq', '_in', '_nin', '_null', '_nnull'];
const BOOLEAN: FilterOperator[] = ['_eq', '_neq', '_null', '_nnull'];
const PRESENCE: FilterOperator[] = ['_null', '_nnull'];
const CONCEALED: FilterOperator[] = ['_empty', '_nempty', '_null', '_nnull'];

const BY_TYPE: Record<string, FilterOperator[]> = {
  string: TEXT,
  text: TEXT,
  csv: TEXT,
  uuid: KEY,
  boolean: BOOLEAN,
  json: PRESENCE,
  hash: CONCEALED,
  integer: ORDERED,
  bigInteger: ORDERED,
  float: ORDERED,
  decimal: ORDERED,
  date: ORDERED,
  dateTime: ORDERED,
  time: ORDERED,
  timestamp: ORDERED,
};

/** The operators that apply to a field type, the most common first (the first is a new condition's default). */
export function operatorsForType(type: string): readonly FilterOperator[] {
  return BY_TYPE[type] ?? ORDERED;
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
