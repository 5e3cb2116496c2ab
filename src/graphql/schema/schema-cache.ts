import type { DocumentNode, GraphQLSchema } from 'graphql';
import { createCacheRegistry, type CacheRegistry, type RegisteredCache } from '../../kernel/caches/index.js';
import type { PermissionSet } from '../../engine/permissions/permissions.types.js';
import type { SchemaOverview } from '../../engine/schema-overview/schema-overview.types.js';
import type { GraphqlScope } from './exposed-collections.js';

const MAX_ENTRIES_PER_SCHEMA = 200;
/** How many parsed documents are kept (by their text). */
const PARSED_CACHE_SIZE = 200;

export type SchemaCache = {
  get(schema: SchemaOverview, permissions: PermissionSet, scope: GraphqlScope, build: () => GraphQLSchema): GraphQLSchema;
  /** Parsed documents by their text (`graphql.documents` in the app's registry; documents never change once parsed). */
  parsed: RegisteredCache<string, DocumentNode>;
  /**
   * The documents that passed validation against a schema object with a depth limit (`key`). A schema object
   * stands for one SchemaOverview × permission shape, so a change of either comes with a new one.
   */
  validated(schema: GraphQLSchema, key: number): WeakSet<DocumentNode>;
};

/**
 * GraphQL schemas cached per SchemaOverview object (a new overview after a schema change drops them all) and per
 * permission shape: what a generated schema depends on is only which collection/action pairs exist and which
 * fields they grant, so row filters and dynamic variables ($CURRENT_USER) do not split the cache.
 */
export function createSchemaCache(caches: CacheRegistry = createCacheRegistry()): SchemaCache {
  const byOverview = new WeakMap<SchemaOverview, Map<string, GraphQLSchema>>();
  const validatedBySchema = new WeakMap<GraphQLSchema, Map<number, WeakSet<DocumentNode>>>();
  return {
    parsed: caches.lru<string, DocumentNode>('graphql.documents', { max: PARSED_CACHE_SIZE }),
    validated(schema, key) {
      let byKey = validatedBySchema.get(schema);
      if (!byKey) validatedBySchema.set(schema, (byKey = new Map()));
      let valid = byKey.get(key);
      if (!valid) byKey.set(key, (valid = new WeakSet()));
      return valid;
    },
    get(schema, permissions, scope, build) {
      let entries = byOverview.get(schema);
      if (!entries) {
        entries = new Map();
        byOverview.set(schema, entries);
      }
      const key = `${scope}|${permissionShapeKey(permissions)}`;
      let built = entries.get(key);
      if (!built) {
        built = build();
        if (entries.size >= MAX_ENTRIES_PER_SCHEMA) entries.clear();
        entries.set(key, built);
      }
      return built;
    },
  };
}

/** The collection, action and granted fields of every rule, order-independent ("admin" for admins). */
export function permissionShapeKey(permissions: PermissionSet): string {
  if (permissions.admin) return 'admin';
  const parts = new Set<string>();
  for (const rule of permissions.rules) parts.add(`${rule.collection}:${rule.action}:${(rule.fields ?? []).join(',')}`);
  return [...parts].sort().join('|');
}
