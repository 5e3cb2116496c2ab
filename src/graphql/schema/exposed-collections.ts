import { getAccess } from '../../engine/permissions/get-access.js';
import type { PermissionAction, PermissionSet } from '../../engine/permissions/permissions.types.js';
import type { SchemaOverview } from '../../engine/schema-overview/schema-overview.types.js';
import { SYSTEM_PREFIX, isSystemCollection } from '../../kernel/system/system-collections.js';

/** `/graphql` serves user collections, `/graphql/system` the system collections. */
export type GraphqlScope = 'items' | 'system';

export type ExposedCollection = {
  collection: string;
  /** Name of the object type: the collection's name (`service_activity`, `articles`). */
  typeName: string;
  /** Name of the root fields (`activity`, `articles`); null when the collection only appears as a related type. */
  rootName: string | null;
  singleton: boolean;
  /** No create/update/delete mutations (activity and revisions). */
  readOnly: boolean;
};

/** The system collections the system scope serves, in schema order. */
export const SYSTEM_SCOPE_COLLECTIONS: readonly string[] = [
  'service_activity',
  'service_revisions',
  'service_users',
  'service_roles',
  'service_policies',
  'service_access',
  'service_permissions',
  'service_settings',
  'service_files',
  'service_folders',
  'service_presets',
  'service_flows',
  'service_operations',
  'service_notifications',
  'service_comments',
  'service_dashboards',
  'service_panels',
  'service_shares',
  'service_translations',
  'service_versions',
];

const READ_ONLY = new Set(['service_activity', 'service_revisions']);

/** Names GraphQL or this schema already uses: a user collection with one of them is left out. */
const RESERVED_TYPE_NAMES = new Set([
  'Query',
  'Mutation',
  'Subscription',
  'JSON',
  'Date',
  'GraphQLBigInt',
  'GraphQLStringOrFloat',
  'String',
  'Int',
  'Float',
  'Boolean',
  'ID',
  'auth_mode',
  'auth_tokens',
  'delete_one',
  'delete_many',
  'datetime_functions',
  'date_functions',
  'time_functions',
  'count_functions',
]);

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
/** Names the schema derives from a collection's name (`articles_filter`, `create_articles_input`, …). */
const DERIVED = /(?:_filter|_aggregated|_aggregated_count|_aggregated_fields|_filter_operators)$|^(?:create|update)_.+_input$/;

/** Whether a text can be a GraphQL name (and is not one of the reserved `__` introspection names). */
export function isGraphqlName(name: string): boolean {
  return NAME.test(name) && !name.startsWith('__');
}

const ACTIONS: PermissionAction[] = ['read', 'create', 'update', 'delete'];

/**
 * The collections a scope shows to a caller, with their GraphQL names: only collections the caller may read,
 * create, update or delete. In the items scope, readable system collections are added as related types only.
 */
export function exposedCollections(
  schema: SchemaOverview,
  permissions: PermissionSet,
  scope: GraphqlScope,
): Map<string, ExposedCollection> {
  const result = new Map<string, ExposedCollection>();
  const allowed = (collection: string, actions: PermissionAction[]) => actions.some((a) => getAccess(permissions, collection, a) !== null);

  if (scope === 'system') {
    for (const collection of SYSTEM_SCOPE_COLLECTIONS) {
      const overview = schema.collections[collection];
      if (!overview || !allowed(collection, ACTIONS)) continue;
      result.set(collection, {
        collection,
        typeName: collection,
        rootName: collection.slice(SYSTEM_PREFIX.length),
        singleton: overview.singleton,
        readOnly: READ_ONLY.has(collection),
      });
    }
    return result;
  }

  for (const overview of Object.values(schema.collections)) {
    const { collection } = overview;
    if (!isGraphqlName(collection) || RESERVED_TYPE_NAMES.has(collection) || DERIVED.test(collection)) continue;
    const system = isSystemCollection(collection);
    if (system ? !allowed(collection, ['read']) : !allowed(collection, ACTIONS)) continue;
    result.set(collection, {
      collection,
      typeName: collection,
      rootName: system ? null : collection,
      singleton: overview.singleton,
      readOnly: system,
    });
  }
  return result;
}
