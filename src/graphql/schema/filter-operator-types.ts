import { GraphQLBoolean, GraphQLInputObjectType, GraphQLList, GraphQLString, type GraphQLInputType } from 'graphql';
import { operatorsForType, type FilterOperator } from '../../engine/query/compile/filter-operators.js';
import { isConcealed } from '../../engine/schema-overview/is-concealed.js';
import type { FieldOverview } from '../../engine/schema-overview/schema-overview.types.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import { GraphQLStringOrFloat } from './scalars.js';

type OperatorKind = 'string' | 'number' | 'date' | 'boolean' | 'uuid' | 'hash' | 'json';

const KIND_OF: Partial<Record<FieldType, OperatorKind>> = {
  string: 'string',
  text: 'string',
  csv: 'string',
  binary: 'string',
  integer: 'number',
  bigInteger: 'number',
  float: 'number',
  decimal: 'number',
  date: 'date',
  dateTime: 'date',
  time: 'date',
  timestamp: 'date',
  boolean: 'boolean',
  uuid: 'uuid',
  hash: 'hash',
  json: 'json',
};

/** A representative field type per kind: the operators come from the query engine's per-type list. */
const REPRESENTATIVE: Record<OperatorKind, { type: FieldType; concealed: boolean }> = {
  string: { type: 'string', concealed: false },
  number: { type: 'integer', concealed: false },
  date: { type: 'timestamp', concealed: false },
  boolean: { type: 'boolean', concealed: false },
  uuid: { type: 'uuid', concealed: false },
  hash: { type: 'hash', concealed: true },
  json: { type: 'json', concealed: false },
};

const FLAG_OPERATORS = new Set<FilterOperator>(['_null', '_nnull', '_empty', '_nempty']);
const LIST_OPERATORS = new Set<FilterOperator>(['_in', '_nin', '_between', '_nbetween']);

function valueType(kind: OperatorKind): GraphQLInputType {
  switch (kind) {
    case 'number':
      return GraphQLStringOrFloat;
    case 'boolean':
      return GraphQLBoolean;
    default:
      return GraphQLString;
  }
}

function build(kind: OperatorKind): GraphQLInputObjectType {
  const { type, concealed } = REPRESENTATIVE[kind];
  return new GraphQLInputObjectType({
    name: `${kind}_filter_operators`,
    fields: () =>
      Object.fromEntries(
        operatorsForType(type, concealed).map((op) => {
          if (FLAG_OPERATORS.has(op)) return [op, { type: GraphQLBoolean }];
          if (LIST_OPERATORS.has(op)) return [op, { type: new GraphQLList(valueType(kind)) }];
          return [op, { type: valueType(kind) }];
        }),
      ),
  });
}

/** The operator input types (`string_filter_operators`, `number_filter_operators`, …), immutable and shared. */
const OPERATOR_TYPES: Record<OperatorKind, GraphQLInputObjectType> = {
  string: build('string'),
  number: build('number'),
  date: build('date'),
  boolean: build('boolean'),
  uuid: build('uuid'),
  hash: build('hash'),
  json: build('json'),
};

/** The operator input type of a field, following the query engine's operators for its type. */
export function filterOperatorsFor(field: FieldOverview): GraphQLInputObjectType {
  if (isConcealed(field)) return OPERATOR_TYPES.hash;
  return OPERATOR_TYPES[KIND_OF[field.type] ?? 'string'];
}
