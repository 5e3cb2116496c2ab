import type { FieldType } from '../../../kernel/system/field-types.js';
import type { Filter, RelationOverview } from '../../schema-overview/schema-overview.types.js';
import type { DeepQuery, Query } from '../query.types.js';

/** A column (or a function of one) of the collection being read. */
export type FieldNode = {
  kind: 'field';
  /** Key in the output object (the field name, its alias, or `year(date)`). */
  key: string;
  field: string;
  type: FieldType;
  /** Field function: a date part, or `count` of an o2m. */
  fn: string | null;
  /** Show the value only where this filter matches (field-level permissions); null = always. */
  caseFilter: Filter | null;
};

/** A relational field, read by a second batched query. */
export type RelationNode = {
  kind: 'm2o' | 'o2m';
  key: string;
  /** m2o: the foreign-key field on this collection; o2m: the alias field. */
  field: string;
  /** The related collection. */
  collection: string;
  relation: RelationOverview;
  children: AstNode[];
  query: DeepQuery;
  /** Rows of the related collection the reader may see; null = all. */
  rowFilter: Filter | null;
  caseFilter: Filter | null;
  /** A plain o2m field (`revisions`): the output is the list of related primary keys. */
  keysOnly: boolean;
  /** Dotted path from the root, for error messages (`user`, `revisions.activity`). */
  path: string;
};

/** One collection a many-to-any field is read into (`item:headings.title`). */
export type AnyBranch = {
  collection: string;
  children: AstNode[];
  rowFilter: Filter | null;
};

/** A many-to-any key field (a junction's `item`), read from each collection its rows point into. */
export type AnyNode = {
  kind: 'm2a';
  key: string;
  /** The key field (holds the related item's primary key as text). */
  field: string;
  /** The field beside it that names the collection. */
  collectionField: string;
  relation: RelationOverview;
  branches: AnyBranch[];
  caseFilter: Filter | null;
  path: string;
};

export type AstNode = FieldNode | RelationNode | AnyNode;

export type RootAst = {
  collection: string;
  children: AstNode[];
  query: Query;
  rowFilter: Filter | null;
};
