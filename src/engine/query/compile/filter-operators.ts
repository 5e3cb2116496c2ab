// The operators live in shared/ (the admin app's filter builder offers the same sets); the engine imports them here.
export { FILTER_OPERATORS, isFilterOperator, operatorsForType, type FilterOperator } from '../../../../shared/filter-operators.js';
