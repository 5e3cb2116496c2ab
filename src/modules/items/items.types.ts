import type { AuditRecorder } from '../../engine/audit-recorder.js';
import type { Context } from '../../engine/context.js';
import type { Query, QueryResult } from '../../engine/query/query.types.js';
import type { ReadOptions } from '../../engine/query/read-by-query.js';

export type Item = Record<string, unknown>;
export type PrimaryKey = string | number;

/** A per-collection invariant that holds on every write path (REST, GraphQL, CLI, schema apply). */
export type CollectionBehaviour = {
  /** Adjusts or checks a payload before it is written (inside the transaction). */
  beforeWrite?: (ctx: Context, input: { action: 'create' | 'update'; payload: Item; keys: PrimaryKey[] }) => Promise<Item> | Item;
  /**
   * Runs after the rows are written or deleted, still inside the transaction (invariants that must hold
   * afterwards, such as "an administrator remains"; throwing rolls the whole write back). `payload` holds the
   * written values (null for a delete).
   */
  afterWrite?: (
    ctx: Context,
    input: { action: 'create' | 'update' | 'delete'; payload: Item | null; keys: PrimaryKey[] },
  ) => Promise<void> | void;
  /** Checks before rows are deleted (inside the transaction). */
  beforeDelete?: (ctx: Context, keys: PrimaryKey[]) => Promise<void> | void;
  /** Runs after the write commits (cache invalidation). */
  afterCommit?: () => void;
};

export type ItemsDeps = {
  audit: AuditRecorder;
  behaviours: Map<string, CollectionBehaviour[]>;
};

/** Generic CRUD over any collection, user or system. Every method enforces the context's permissions. */
export type ItemsService = {
  readByQuery(ctx: Context, collection: string, query: Query, options?: ReadOptions): Promise<QueryResult>;
  readOne(ctx: Context, collection: string, key: PrimaryKey, query?: Query): Promise<Item>;
  readMany(ctx: Context, collection: string, keys: PrimaryKey[], query?: Query): Promise<Item[]>;
  readSingleton(ctx: Context, collection: string, query?: Query): Promise<Item>;
  createOne(ctx: Context, collection: string, payload: unknown): Promise<PrimaryKey>;
  createMany(ctx: Context, collection: string, payloads: unknown[]): Promise<PrimaryKey[]>;
  updateOne(ctx: Context, collection: string, key: PrimaryKey, data: unknown): Promise<PrimaryKey>;
  updateMany(ctx: Context, collection: string, keys: PrimaryKey[], data: unknown): Promise<PrimaryKey[]>;
  updateBatch(ctx: Context, collection: string, items: unknown[]): Promise<PrimaryKey[]>;
  updateByQuery(ctx: Context, collection: string, query: Query, data: unknown): Promise<PrimaryKey[]>;
  upsertSingleton(ctx: Context, collection: string, data: unknown): Promise<PrimaryKey>;
  deleteOne(ctx: Context, collection: string, key: PrimaryKey): Promise<void>;
  deleteMany(ctx: Context, collection: string, keys: PrimaryKey[]): Promise<void>;
  deleteByQuery(ctx: Context, collection: string, query: Query): Promise<PrimaryKey[]>;
};
