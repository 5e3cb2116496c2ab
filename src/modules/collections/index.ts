import type { FastifyPluginAsync } from 'fastify';
import type { Knex } from 'knex';
import type { Dialect } from '../../database/dialects/dialect.js';
import type { SchemaStore } from '../../engine/schema-overview/create-schema-store.js';
import type { CollectionBehaviour, ItemRouteDeps } from '../items/index.js';
import { createCollectionsRoutes } from './collections.routes.js';
import { createFieldsRoutes } from './fields.routes.js';
import { createRelationsRoutes } from './relations.routes.js';

export { createCollection, createCollections } from './create-collection.js';
export { updateCollection } from './update-collection.js';
export { deleteCollection } from './delete-collection.js';
export { listCollections, readCollection, readCollections } from './read-collections.js';
export { createField } from './create-field.js';
export { updateField } from './update-field.js';
export { deleteField } from './delete-field.js';
export { listFields, readField, readFields } from './read-fields.js';
export { createRelation } from './create-relation.js';
export { updateRelation } from './update-relation.js';
export { deleteRelation } from './delete-relation.js';
export { listRelations, readRelation, readRelations } from './read-relations.js';
export { runSchemaChange, type SchemaChangeOptions } from './run-schema-change.js';
export type * from './schema.types.js';

export type SchemaRouteDeps = ItemRouteDeps & { knex: Knex; dialect: Dialect; schemaStore: SchemaStore };

/** `/collections`, `/fields`, `/relations`: the schema endpoints (tables, columns and foreign keys plus their meta rows). */
export function createSchemaRoutes(deps: SchemaRouteDeps): { prefix: string; plugin: FastifyPluginAsync }[] {
  const schema = { items: deps.items, schemaStore: deps.schemaStore };
  return [
    { prefix: '/collections', plugin: createCollectionsRoutes(deps, schema) },
    { prefix: '/fields', plugin: createFieldsRoutes(deps, schema) },
    { prefix: '/relations', plugin: createRelationsRoutes(deps, schema) },
  ];
}

/**
 * Writes to the meta collections change the schema: they raise the stored schema version in their
 * transaction (other processes drop what they cached) and invalidate this process's overview after commit.
 */
export function schemaBehaviours(store: Pick<SchemaStore, 'invalidate' | 'recordChange'>): [string, CollectionBehaviour[]][] {
  const behaviour: CollectionBehaviour = { afterWrite: (ctx) => store.recordChange(ctx.db), afterCommit: () => store.invalidate() };
  return ['service_collections', 'service_fields', 'service_relations'].map((c) => [c, [behaviour]]);
}
