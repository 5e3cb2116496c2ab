import { GraphQLFloat, GraphQLInt, GraphQLObjectType, type GraphQLFieldConfigMap } from 'graphql';
import type { FieldOverview } from '../../engine/schema-overview/schema-overview.types.js';
import { NUMERIC_TYPES } from '../../kernel/system/field-types.js';
import { GraphQLJSON } from './scalars.js';

/** Aggregate functions whose result per field is a number of the field's kind (`avg { price }`). */
export const NUMERIC_AGGREGATES = ['avg', 'sum', 'avgDistinct', 'sumDistinct', 'min', 'max'] as const;
/** Aggregate functions that count per field (`count { id }`). */
export const COUNT_AGGREGATES = ['count', 'countDistinct'] as const;

/**
 * `<type>_aggregated { group: JSON, countAll: Int, count: <type>_aggregated_count, countDistinct, avg, sum,
 * avgDistinct, sumDistinct, min, max: <type>_aggregated_fields }` (Directus's shape), over readable columns.
 */
export function buildAggregatedType(typeName: string, columns: FieldOverview[]): GraphQLObjectType {
  const fields: GraphQLFieldConfigMap<unknown, unknown> = {
    group: { type: GraphQLJSON },
    countAll: { type: GraphQLInt },
  };
  if (columns.length > 0) {
    const countType = new GraphQLObjectType({
      name: `${typeName}_aggregated_count`,
      fields: Object.fromEntries(columns.map((f) => [f.field, { type: GraphQLInt }])),
    });
    for (const fn of COUNT_AGGREGATES) fields[fn] = { type: countType };
  }
  const numeric = columns.filter((f) => NUMERIC_TYPES.includes(f.type));
  if (numeric.length > 0) {
    const numberType = new GraphQLObjectType({
      name: `${typeName}_aggregated_fields`,
      fields: Object.fromEntries(numeric.map((f) => [f.field, { type: GraphQLFloat }])),
    });
    for (const fn of NUMERIC_AGGREGATES) fields[fn] = { type: numberType };
  }
  return new GraphQLObjectType({ name: `${typeName}_aggregated`, fields });
}
