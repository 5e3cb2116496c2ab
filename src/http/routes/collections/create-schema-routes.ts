import type { FastifyPluginAsync } from 'fastify';
import type { Knex } from 'knex';
import type { Dialect } from '../../../database/dialects/dialect.js';
import type { SchemaStore } from '../../../engine/schema-overview/create-schema-store.js';
import type { ItemRouteDeps } from '../items/index.js';
import { createCollectionsRoutes } from './collections.routes.js';
import { createFieldsRoutes } from './fields.routes.js';
import { createRelationsRoutes } from './relations.routes.js';

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
