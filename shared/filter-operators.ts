// The filter language's operators and which field types accept which: the server validates filters with them and
// the admin app's filter builder offers them (decision 0051).
import type { FieldType } from './field-types.js';

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
  '_intersects',
  '_nintersects',
  '_intersects_bbox',
  '_nintersects_bbox',
  '_regex',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const STRING_OPS: FilterOperator[] = [
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
  '_eq',
  '_neq',
  '_empty',
  '_nempty',
  '_null',
  '_nnull',
  '_in',
  '_nin',
];
const ORDERED_OPS: FilterOperator[] = [
  '_eq',
  '_neq',
  '_lt',
  '_lte',
  '_gt',
  '_gte',
  '_between',
  '_nbetween',
  '_null',
  '_nnull',
  '_in',
  '_nin',
];
const NULL_OPS: FilterOperator[] = ['_null', '_nnull'];

/** Which operators a field type accepts (directus-behaviour.md §4.3). */
export function operatorsForType(type: FieldType, concealed: boolean): readonly FilterOperator[] {
  if (concealed || type === 'hash') return ['_empty', '_nempty', '_null', '_nnull'];
  switch (type) {
    case 'string':
    case 'text':
    case 'csv':
    case 'binary':
      return STRING_OPS;
    case 'uuid':
      return ['_eq', '_neq', '_null', '_nnull', '_in', '_nin'];
    case 'boolean':
      return ['_eq', '_neq', '_null', '_nnull'];
    case 'json':
      return NULL_OPS;
    case 'integer':
    case 'bigInteger':
    case 'float':
    case 'decimal':
    case 'date':
    case 'dateTime':
    case 'time':
    case 'timestamp':
      return ORDERED_OPS;
    case 'alias':
      return NULL_OPS;
    default:
      return [...ORDERED_OPS, '_contains', '_ncontains', '_empty', '_nempty'];
  }
}

export function isFilterOperator(key: string): key is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(key);
}
