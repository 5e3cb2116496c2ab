import { GraphQLObjectType, GraphQLSchema, type GraphQLFieldConfigMap } from 'graphql';
import type { PermissionSet } from '../../engine/permissions/permissions.types.js';
import type { SchemaOverview } from '../../engine/schema-overview/schema-overview.types.js';
import type { GraphqlContext } from '../graphql.types.js';
import { collectionQueryFields } from '../resolvers/collection-fields.js';
import { systemQueryFields } from '../resolvers/system-fields.js';
import type { ItemsService } from '../../modules/items/index.js';
import { exposedCollections } from '../schema/exposed-collections.js';
import { createTypeRegistry } from '../schema/type-registry.js';
import { collectionSubscriptionFields } from './subscription-fields.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/**
 * The schema of a GraphQL subscription socket as one caller sees it: `<collection>_mutated` for each collection of
 * the items scope they may read (none for the others: they are unknown to them). The Query type is the items
 * scope's (a schema needs one), though a socket runs subscriptions only.
 */
export function buildSubscriptionSchema(items: ItemsService, schema: SchemaOverview, permissions: PermissionSet): GraphQLSchema {
  const exposed = exposedCollections(schema, permissions, 'items');
  const registry = createTypeRegistry(schema, permissions, exposed);
  const query: Fields = {};
  const subscription: Fields = {};
  for (const entry of exposed.values()) {
    Object.assign(query, collectionQueryFields(registry, items, entry));
    Object.assign(subscription, collectionSubscriptionFields(registry, entry));
  }
  // A schema needs at least one query field (as the HTTP one).
  if (Object.keys(query).length === 0) Object.assign(query, systemQueryFields({ ...registry, exposed: new Map() }, items));
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    ...(Object.keys(subscription).length > 0
      ? { subscription: new GraphQLObjectType({ name: 'Subscription', fields: subscription }) }
      : {}),
  });
}
