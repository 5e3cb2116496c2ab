import type { Vendor } from '../../database/dialects/dialect.js';

/** A `meta` object of a snapshot entry: keys sorted alphabetically (deeply), no `id`. */
export type SnapshotMeta = Record<string, unknown>;

/** A collection of a snapshot; folders have no `schema` key. */
export type SnapshotCollection = { collection: string; meta: SnapshotMeta; schema?: { name: string } };

/** The `schema` of a field (its column), Directus's keys in Directus's order. */
export type SnapshotFieldSchema = {
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

/** A field of a snapshot; alias fields have no `schema` key. */
export type SnapshotField = { collection: string; field: string; type: string; meta: SnapshotMeta; schema?: SnapshotFieldSchema };

export type SnapshotRelationSchema = {
  table: string;
  column: string;
  foreign_key_table: string;
  foreign_key_column: string;
  constraint_name: string | null;
  on_update: string | null;
  on_delete: string | null;
};

/** A relation of a snapshot; `schema` is null when the relation has no foreign key constraint. */
export type SnapshotRelation = {
  collection: string;
  field: string;
  related_collection: string | null;
  meta: SnapshotMeta;
  schema: SnapshotRelationSchema | null;
};

/** The document of GET /schema/snapshot (inside its `data`; docs/schema.md). */
export type Snapshot = {
  version: 1;
  /** The server's version string (`directus` in Directus's snapshots; accepted on input). */
  service: string;
  vendor: Vendor;
  collections: SnapshotCollection[];
  fields: SnapshotField[];
  relations: SnapshotRelation[];
  /** With the flows option only (decision 0077): the flows and operations, by id. */
  flows?: SnapshotFlowRow[];
  operations?: SnapshotFlowRow[];
};

/** A flow or an operation in a snapshot taken with the flows option: its stored values but who made it when. */
export type SnapshotFlowRow = { id: string } & Record<string, unknown>;

/** The flows part of a snapshot. */
export type FlowsSnapshot = { flows: SnapshotFlowRow[]; operations: SnapshotFlowRow[] };

/** A flow's or an operation's changes in a diff, by id. */
export type EntryDiff = { id: string; diff: DiffChange[] };

/** The flows part of a diff taken with the flows option. */
export type FlowsDiff = { flows: EntryDiff[]; operations: EntryDiff[] };

/** A snapshot as received: where it came from, for the version and vendor checks and the type mapping. */
export type IncomingSnapshot = {
  snapshot: Omit<Snapshot, 'vendor'> & { vendor: string | null };
  /** `directus` when the document carried Directus's version key instead of `service`. */
  origin: 'service' | 'directus';
};

/** One change record, as the `deep-diff` library writes it. */
export type DiffChange =
  | { kind: 'N'; path?: (string | number)[]; rhs: unknown }
  | { kind: 'D'; path?: (string | number)[]; lhs: unknown }
  | { kind: 'E'; path?: (string | number)[]; lhs: unknown; rhs: unknown }
  | { kind: 'A'; path?: (string | number)[]; index: number; item: DiffChange };

export type CollectionDiff = { collection: string; diff: DiffChange[] };
export type FieldDiff = { collection: string; field: string; diff: DiffChange[] };
export type RelationDiff = { collection: string; field: string; related_collection: string | null; diff: DiffChange[] };

/** What POST /schema/diff answers (and POST /schema/apply takes back). */
export type SchemaDiff = {
  collections: CollectionDiff[];
  fields: FieldDiff[];
  relations: RelationDiff[];
  /** With the flows option only (decision 0077). */
  flows?: EntryDiff[];
  operations?: EntryDiff[];
};

/** `{hash, diff}`: the hash identifies the instance's schema the diff was computed against. */
export type DiffResult = { hash: string; diff: SchemaDiff };
