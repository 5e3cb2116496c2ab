import type { DocumentNode, GraphQLSchema } from 'graphql';
import { createCacheRegistry, type CacheRegistry, type RegisteredCache } from '../../kernel/caches/index.js';
import type { PermissionSet } from '../../engine/permissions/permissions.types.js';
import type { SchemaOverview } from '../../engine/schema-overview/schema-overview.types.js';
import type { GraphqlScope } from './exposed-collections.js';

/** How many GraphQL schemas are kept (scope × permission shape, for the current overview). */
const MAX_SCHEMAS = 200;
/** How many parsed documents are kept (by their text). */
const PARSED_CACHE_SIZE = 200;

export type SchemaCache = {
  get(schema: SchemaOverview, permissions: PermissionSet, scope: GraphqlScope | 'subscriptions', build: () => GraphQLSchema): GraphQLSchema;
  /** Parsed documents by their text (`graphql.documents` in the app's registry; documents never change once parsed). */
  parsed: RegisteredCache<string, DocumentNode>;
  /**
   * The documents that passed validation against a schema object with a depth limit (`key`). A schema object
   * stands for one SchemaOverview × permission shape, so a change of either comes with a new one.
   */
  validated(schema: GraphQLSchema, key: number): WeakSet<DocumentNode>;
};

/**
 * GraphQL schemas (`graphql.schemas` in the app's registry) for the current SchemaOverview object (a new overview
 * after a schema change empties them; one that turned out unchanged is the same object, so they survive) and per
 * scope and permission shape: what a generated schema depends on is only which collection/action pairs exist and
 * which fields they grant, so row filters and dynamic variables ($CURRENT_USER) do not split the cache. Not bound
 * to the schema version, for that reason: CACHE_SYSTEM_TTL announces it without anything having changed.
 */
export function createSchemaCache(caches: CacheRegistry = createCacheRegistry()): SchemaCache {
  const schemas = caches.lru<string, GraphQLSchema>('graphql.schemas', { max: MAX_SCHEMAS });
  /** The overview the kept schemas were built from. */
  let overview: SchemaOverview | null = null;
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
      if (schema !== overview) {
        schemas.clear();
        overview = schema;
      }
      const key = `${scope}|${permissionShapeKey(permissions)}`;
      let built = schemas.get(key);
      if (!built) {
        built = build();
        schemas.set(key, built);
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
