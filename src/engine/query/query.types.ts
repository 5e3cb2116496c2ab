import type { Filter } from '../schema-overview/schema-overview.types.js';

export type { Filter };

export const AGGREGATE_FUNCTIONS = [
  'count',
  'countDistinct',
  'countAll',
  'sum',
  'sumDistinct',
  'avg',
  'avgDistinct',
  'min',
  'max',
] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export type MetaKey = 'total_count' | 'filter_count';

/** A nested query for a relation (`deep[revisions][_limit]=5`), keys without the underscore. */
export type DeepQuery = {
  filter?: Filter;
  sort?: string[];
  limit?: number;
  offset?: number;
  page?: number;
  search?: string;
  deep?: Record<string, DeepQuery>;
};

/** One normalised query, whatever transport it came from (REST brackets, CSV, JSON strings, GraphQL args). */
export type Query = {
  fields?: string[];
  filter?: Filter;
  sort?: string[];
  /** -1 means all rows. */
  limit?: number;
  offset?: number;
  page?: number;
  search?: string;
  meta?: MetaKey[];
  deep?: Record<string, DeepQuery>;
  aggregate?: Partial<Record<AggregateFunction, string[]>>;
  group?: string[];
  alias?: Record<string, string>;
  /**
   * The limit of every nested one-to-many list without a `_limit` of its own (a client's read: QUERY_LIMIT_DEFAULT
   * under QUERY_LIMIT_MAX). Unset: such lists are read whole (the server's own reads).
   */
  nestedLimit?: number;
};

export type QueryResult = { data: Record<string, unknown>[]; meta?: Partial<Record<MetaKey, number>> };
