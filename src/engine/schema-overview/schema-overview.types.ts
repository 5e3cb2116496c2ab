import type { FieldType } from '../../kernel/system/field-types.js';

/** A filter in Directus syntax (`{field: {_op: value}}`, `_and`, `_or`, relational nesting). */
export type Filter = { [key: string]: unknown };

export type FieldOverview = {
  field: string;
  type: FieldType;
  /** Vendor column type (null for alias fields). */
  dbType: string | null;
  nullable: boolean;
  defaultValue: unknown;
  maxLength: number | null;
  precision: number | null;
  scale: number | null;
  primaryKey: boolean;
  autoIncrement: boolean;
  generated: boolean;
  unique: boolean;
  /** Special flags: `uuid`, `hash`, `conceal`, `cast-json`, `cast-csv`, `o2m`, `m2o`, `date-created`, `user-created`, … */
  special: string[];
  /** True for fields without a column (o2m aliases). */
  alias: boolean;
  searchable: boolean;
  required: boolean;
  validation: Filter | null;
  /** Whether the field has a service_fields meta row (or is declared by the system). */
  hasMeta: boolean;
};

export type CollectionOverview = {
  collection: string;
  primary: string;
  singleton: boolean;
  sortField: string | null;
  accountability: 'all' | 'activity' | null;
  system: boolean;
  /** Whether the collection has a service_collections meta row (or is a system collection). */
  hasMeta: boolean;
  /** Fields in their display order (sort, then column order). */
  fields: Record<string, FieldOverview>;
};

export type RelationOverview = {
  /** The "many" side: the collection that holds the foreign key. */
  collection: string;
  field: string;
  /** The "one" side (null for many-to-any: see anyCollectionField). */
  relatedCollection: string | null;
  /**
   * Many-to-any: the field of `collection` that names which collection `field` points into, and the
   * collections it may point into (`meta.one_collection_field`, `meta.one_allowed_collections`). Absent or null
   * for every other relation.
   */
  anyCollectionField?: string | null;
  anyAllowedCollections?: string[] | null;
  /** The o2m alias field on the related collection, if any. */
  oneField: string | null;
  junctionField: string | null;
  sortField: string | null;
  oneDeselectAction: 'nullify' | 'delete';
  /** Physical foreign key, when one exists. */
  schema: { constraintName: string | null; onUpdate: string | null; onDelete: string | null } | null;
  /** Whether the relation has a service_relations meta row (or is a system relation). */
  hasMeta: boolean;
  system: boolean;
};

export type SchemaOverview = {
  collections: Record<string, CollectionOverview>;
  relations: RelationOverview[];
};

/** How a field connects to another collection. */
export type FieldRelation =
  { kind: 'm2o'; relation: RelationOverview; related: string } | { kind: 'o2m'; relation: RelationOverview; related: string };
