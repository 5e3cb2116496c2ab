import type { SchemaStore } from '../../engine/schema-overview/create-schema-store.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import type { ItemsService } from '../items/index.js';

/** What the collection, field and relation services need besides a Context. */
export type SchemaDeps = {
  /** Writes the meta rows (service_collections / service_fields / service_relations), with audit and permissions. */
  items: ItemsService;
  /** Invalidated after every schema change (and right after DDL, which MySQL commits at once). */
  schemaStore: SchemaStore;
};

type Meta = Record<string, unknown>;

/** `schema` of a field as clients send it (Directus names); unknown keys are ignored. */
export type FieldSchemaInput = {
  default_value?: unknown;
  max_length?: number | null;
  numeric_precision?: number | null;
  numeric_scale?: number | null;
  is_nullable?: boolean;
  is_unique?: boolean;
  is_indexed?: boolean;
  is_primary_key?: boolean;
  has_auto_increment?: boolean;
  [key: string]: unknown;
};

/** `POST /fields/:collection` and each entry of `fields` in `POST /collections`. */
export type FieldInput = { field: string; type: FieldType; meta?: Meta | null; schema?: FieldSchemaInput | null };

/** `PATCH /fields/:collection/:field`: every part optional. */
export type FieldUpdateInput = { type?: FieldType; meta?: Meta | null; schema?: FieldSchemaInput | null };

/** `POST /collections`: `schema: null` makes a folder (meta only); `meta: null` a table without a meta row. */
export type CollectionInput = { collection: string; meta?: Meta | null; schema?: { name?: string } | null; fields?: FieldInput[] };

/** `PATCH /collections/:collection`. */
export type CollectionUpdateInput = { meta?: Meta | null };

export type RelationMetaInput = {
  one_field?: string | null;
  junction_field?: string | null;
  sort_field?: string | null;
  one_deselect_action?: 'nullify' | 'delete';
  [key: string]: unknown;
};

export type RelationSchemaInput = { on_delete?: string | null; on_update?: string | null; [key: string]: unknown };

/** `POST /relations`: `schema: null` records the relation without a foreign key constraint. */
export type RelationInput = {
  collection: string;
  field: string;
  related_collection: string | null;
  meta?: RelationMetaInput | null;
  schema?: RelationSchemaInput | null;
};

/** `PATCH /relations/:collection/:field`. */
export type RelationUpdateInput = { meta?: RelationMetaInput | null; schema?: RelationSchemaInput | null };

/** A collection as `/collections` returns it. */
export type CollectionInfo = { collection: string; meta: Meta | null; schema: { name: string } | null };

/** The `schema` part of a field (its column). */
export type FieldSchemaInfo = {
  name: string;
  table: string;
  data_type: string;
  default_value: unknown;
  max_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: boolean;
  is_unique: boolean;
  is_indexed: boolean;
  is_primary_key: boolean;
  is_generated: boolean;
  generation_expression: string | null;
  has_auto_increment: boolean;
  foreign_key_table: string | null;
  foreign_key_column: string | null;
};

/** A field as `/fields` returns it (`schema` null for alias fields). */
export type FieldInfo = { collection: string; field: string; type: FieldType; meta: Meta | null; schema: FieldSchemaInfo | null };

export type RelationSchemaInfo = {
  table: string;
  column: string;
  foreign_key_table: string;
  foreign_key_column: string;
  constraint_name: string | null;
  on_update: string | null;
  on_delete: string | null;
};

/** A relation as `/relations` returns it. */
export type RelationInfo = {
  collection: string;
  field: string;
  related_collection: string | null;
  meta: Meta | null;
  schema: RelationSchemaInfo | null;
};
