import type { FieldRelation, SchemaOverview } from './schema-overview.types.js';

/** The relation behind a field: m2o when the field holds the foreign key, o2m when it is the alias side. */
export function getFieldRelation(schema: SchemaOverview, collection: string, field: string): FieldRelation | null {
  for (const relation of schema.relations) {
    if (relation.collection === collection && relation.field === field && relation.relatedCollection) {
      return { kind: 'm2o', relation, related: relation.relatedCollection };
    }
    if (relation.relatedCollection === collection && relation.oneField === field) {
      return { kind: 'o2m', relation, related: relation.collection };
    }
  }
  return null;
}
