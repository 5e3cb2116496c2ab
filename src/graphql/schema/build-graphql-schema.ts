import { GraphQLObjectType, GraphQLSchema, type GraphQLFieldConfigMap } from 'graphql';
import type { PermissionSet } from '../../engine/permissions/permissions.types.js';
import type { SchemaOverview } from '../../engine/schema-overview/schema-overview.types.js';
import type { GraphqlContext, GraphqlDeps } from '../graphql.types.js';
import { authMutationFields } from '../resolvers/auth-fields.js';
import { collectionMutationFields, collectionQueryFields } from '../resolvers/collection-fields.js';
import { schemaQueryFields } from '../resolvers/schema-fields.js';
import { serverQueryFields } from '../resolvers/server-fields.js';
import { systemMutationFields, systemQueryFields } from '../resolvers/system-fields.js';
import { tfaMutationFields } from '../resolvers/tfa-fields.js';
import { usersInviteMutationFields } from '../resolvers/users-invite-fields.js';
import { utilsMutationFields } from '../resolvers/utils-fields.js';
import { exposedCollections, type GraphqlScope } from './exposed-collections.js';
import { createTypeRegistry } from './type-registry.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/**
 * The GraphQL schema one caller sees in one scope: the SchemaOverview filtered by their permission set.
 * Collections they may not read have no query fields; mutations exist only for the actions they hold.
 * The system scope adds `server_ping`, `server_info`, `server_health`, `users_me`, `collections`/`fields`/`relations` (for callers who may read
 * them), the auth, two-factor and `utils_*` mutations (these are there for everyone; the services behind them
 * decide who may do what).
 */
export function buildGraphqlSchema(
  deps: Pick<
    GraphqlDeps,
    'items' | 'auth' | 'passwords' | 'tfa' | 'config' | 'cacheSync' | 'schemaStore' | 'server' | 'invites' | 'registration' | 'readVersion'
  >,
  schema: SchemaOverview,
  permissions: PermissionSet,
  scope: GraphqlScope,
): GraphQLSchema {
  const exposed = exposedCollections(schema, permissions, scope);
  const registry = createTypeRegistry(schema, permissions, exposed);
  const query: Fields = {};
  const mutation: Fields = {};
  const add = (target: Fields, fields: Fields) => {
    for (const [name, field] of Object.entries(fields)) if (!Object.hasOwn(target, name)) target[name] = field;
  };

  if (scope === 'system') {
    add(query, systemQueryFields(registry, deps.items));
    add(query, serverQueryFields(deps));
    add(query, schemaQueryFields(permissions, { items: deps.items, schemaStore: deps.schemaStore }));
  }
  for (const entry of exposed.values()) {
    add(query, collectionQueryFields(registry, deps.items, entry, scope === 'items' ? deps.readVersion : undefined));
    add(mutation, collectionMutationFields(registry, deps.items, entry));
  }
  if (scope === 'system') {
    add(mutation, systemMutationFields(registry, deps.items));
    add(mutation, authMutationFields(deps));
    add(mutation, tfaMutationFields(deps));
    add(mutation, usersInviteMutationFields(deps));
    add(mutation, utilsMutationFields(deps));
  }
  // A schema needs at least one query field; an items scope with nothing readable still answers __typename.
  if (Object.keys(query).length === 0) add(query, systemQueryFields({ ...registry, exposed: new Map() }, deps.items));

  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    ...(Object.keys(mutation).length > 0 ? { mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutation }) } : {}),
  });
}
