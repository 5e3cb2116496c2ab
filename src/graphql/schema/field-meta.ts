import type { GraphQLField } from 'graphql';

/**
 * What a GraphQL field of a collection type stands for, kept in the field's `extensions` so the resolvers can
 * turn a selection set into the query engine's `fields` list without looking at the SchemaOverview again.
 */
export type FieldMeta =
  | { kind: 'field'; field: string }
  /** `<field>_func { year month … }` or `<o2m>_func { count }`: reads `year(<field>)` and friends. */
  | { kind: 'func'; field: string }
  | { kind: 'relation'; field: string; related: string; primary: string; many: boolean }
  /** A many-to-any key (a union of the allowed collections' types): `... on <type>` reads `<field>:<collection>.…`. */
  | { kind: 'any'; field: string; collectionField: string; collections: Record<string, { collection: string; primary: string }> };

export function metaExtensions(meta: FieldMeta): { stratum: FieldMeta } {
  return { stratum: meta };
}

export function fieldMetaOf(field: GraphQLField<unknown, unknown>): FieldMeta | undefined {
  return (field.extensions as { stratum?: FieldMeta }).stratum;
}
