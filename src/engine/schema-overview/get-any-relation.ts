import type { RelationOverview, SchemaOverview } from './schema-overview.types.js';

export type AnyRelation = { relation: RelationOverview; collectionField: string; allowed: string[] };

/**
 * The many-to-any relation whose key field is `collection.field` (a junction's `item`): the field beside it
 * that names the collection, and the collections it may point into. Null for any other field.
 */
export function getAnyRelation(schema: SchemaOverview, collection: string, field: string): AnyRelation | null {
  for (const relation of schema.relations) {
    if (
      relation.collection === collection &&
      relation.field === field &&
      relation.relatedCollection === null &&
      relation.anyCollectionField
    ) {
      return { relation, collectionField: relation.anyCollectionField, allowed: relation.anyAllowedCollections ?? [] };
    }
  }
  return null;
}
