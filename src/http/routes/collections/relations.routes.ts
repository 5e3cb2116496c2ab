import type { FastifyPluginAsync } from 'fastify';
import type { ItemRouteDeps } from '../items/index.js';
import {
  createRelation,
  deleteRelation,
  readRelation,
  readRelations,
  type RelationInput,
  type RelationUpdateInput,
  type SchemaDeps,
  updateRelation,
} from '../../../modules/collections/index.js';
import { sendReadBack } from './read-back.js';

type Params = { collection: string; field: string };

/** `/relations`: list all or per (many) collection, read one, create, update, delete. */
export function createRelationsRoutes(deps: ItemRouteDeps, schema: SchemaDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return deps.send(request, reply, { data: await readRelations(ctx, schema) });
    });

    app.get<{ Params: Pick<Params, 'collection'> }>('/:collection', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return deps.send(request, reply, { data: await readRelations(ctx, schema, request.params.collection) });
    });

    app.get<{ Params: Params }>('/:collection/:field', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return deps.send(request, reply, { data: await readRelation(ctx, schema, request.params.collection, request.params.field) });
    });

    app.post('/', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const [collection, field] = await createRelation(ctx, schema, request.body as RelationInput);
      return sendReadBack(deps, request, reply, () => readRelation(ctx, schema, collection, field));
    });

    app.patch<{ Params: Params }>('/:collection/:field', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const { collection, field } = request.params;
      await updateRelation(ctx, schema, collection, field, request.body as RelationUpdateInput);
      return sendReadBack(deps, request, reply, () => readRelation(ctx, schema, collection, field));
    });

    app.delete<{ Params: Params }>('/:collection/:field', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      await deleteRelation(ctx, schema, request.params.collection, request.params.field);
      return deps.send(request, reply, null);
    });
  };
}
