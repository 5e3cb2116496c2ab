import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import type { FieldOverview } from '../../engine/schema-overview/schema-overview.types.js';
import { GraphQLBigInt, GraphQLDate, GraphQLJSON, GraphQLStringOrFloat } from './scalars.js';

/** The output type of a field with a column (primary keys are `ID!`, serialized as strings as Directus does). */
export function outputScalarOf(field: FieldOverview, primary: boolean): GraphQLOutputType {
  if (primary) return new GraphQLNonNull(GraphQLID);
  switch (field.type) {
    case 'integer':
      return GraphQLInt;
    case 'bigInteger':
      return GraphQLBigInt;
    case 'float':
      return GraphQLFloat;
    case 'boolean':
      return GraphQLBoolean;
    case 'json':
      return GraphQLJSON;
    case 'csv':
      return new GraphQLList(GraphQLString);
    case 'uuid':
      return GraphQLID;
    case 'date':
    case 'dateTime':
    case 'time':
    case 'timestamp':
      return GraphQLDate;
    default:
      return GraphQLString;
  }
}

/** The input type of a field in create/update data (relations take JSON: a key or a nested item). */
export function inputScalarOf(field: FieldOverview): GraphQLInputType {
  switch (field.type) {
    case 'integer':
      return GraphQLInt;
    case 'bigInteger':
      return GraphQLBigInt;
    case 'float':
      return GraphQLFloat;
    case 'decimal':
      return GraphQLStringOrFloat;
    case 'boolean':
      return GraphQLBoolean;
    case 'json':
    case 'alias':
      return GraphQLJSON;
    case 'csv':
      return new GraphQLList(GraphQLString);
    case 'uuid':
      return GraphQLID;
    case 'date':
    case 'dateTime':
    case 'time':
    case 'timestamp':
      return GraphQLDate;
    default:
      return GraphQLString;
  }
}

const intFields = (names: string[]) => Object.fromEntries(names.map((name) => [name, { type: GraphQLInt }]));

/** `<field>_func` types: the parts of dates and times, and `count` for one-to-many and json fields. */
export const FUNCTION_TYPES = {
  datetime: new GraphQLObjectType({
    name: 'datetime_functions',
    fields: intFields(['year', 'month', 'week', 'day', 'weekday', 'hour', 'minute', 'second']),
  }),
  date: new GraphQLObjectType({ name: 'date_functions', fields: intFields(['year', 'month', 'week', 'day', 'weekday']) }),
  time: new GraphQLObjectType({ name: 'time_functions', fields: intFields(['hour', 'minute', 'second']) }),
  count: new GraphQLObjectType({ name: 'count_functions', fields: intFields(['count']) }),
} as const;

/** The function type of a field, if it has one. */
export function functionTypeOf(field: FieldOverview, o2m: boolean): GraphQLObjectType | null {
  if (o2m || field.type === 'json') return FUNCTION_TYPES.count;
  switch (field.type) {
    case 'dateTime':
    case 'timestamp':
      return FUNCTION_TYPES.datetime;
    case 'date':
      return FUNCTION_TYPES.date;
    case 'time':
      return FUNCTION_TYPES.time;
    default:
      return null;
  }
}

/**
 * The values of a row's function keys as the function type's object. The query engine names the output of
 * `year(date)` `date_year` (Directus); the `year(date)` spelling is accepted too.
 */
export function functionValues(row: unknown, field: string): Record<string, unknown> | null {
  if (row === null || typeof row !== 'object') return null;
  const source = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let found = false;
  for (const fn of ['year', 'month', 'week', 'day', 'weekday', 'hour', 'minute', 'second', 'count']) {
    for (const key of [`${field}_${fn}`, `${fn}(${field})`]) {
      if (!Object.hasOwn(source, key)) continue;
      out[fn] = source[key];
      found = true;
      break;
    }
  }
  return found ? out : null;
}
