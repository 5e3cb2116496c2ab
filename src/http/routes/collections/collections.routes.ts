import type { FastifyPluginAsync } from 'fastify';
import type { ItemRouteDeps } from '../items/index.js';
import {
  createCollection,
  createCollections,
  deleteCollection,
  readCollection,
  readCollections,
  type CollectionInput,
  type CollectionUpdateInput,
  type SchemaDeps,
  updateCollection,
  updateCollections,
} from '../../../modules/collections/index.js';
import { sendReadBack } from './read-back.js';

type Params = { collection: string };

/** `/collections`: list, read one, create (one or an array, in one transaction), update meta (one or an array), delete. */
export function createCollectionsRoutes(deps: ItemRouteDeps, schema: SchemaDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return deps.send(request, reply, { data: await readCollections(ctx, schema) });
    });

    app.get<{ Params: Params }>('/:collection', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return deps.send(request, reply, { data: await readCollection(ctx, schema, request.params.collection) });
    });

    app.post('/', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const body = request.body;
      if (Array.isArray(body)) {
        const names = await createCollections(ctx, schema, body as CollectionInput[]);
        return sendReadBack(deps, request, reply, async () => Promise.all(names.map((name) => readCollection(ctx, schema, name))));
      }
      const name = await createCollection(ctx, schema, body as CollectionInput);
      return sendReadBack(deps, request, reply, () => readCollection(ctx, schema, name));
    });

    app.patch('/', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const names = await updateCollections(ctx, schema, request.body);
      return sendReadBack(deps, request, reply, async () => Promise.all(names.map((name) => readCollection(ctx, schema, name))));
    });

    app.patch<{ Params: Params }>('/:collection', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const name = await updateCollection(ctx, schema, request.params.collection, request.body as CollectionUpdateInput);
      return sendReadBack(deps, request, reply, () => readCollection(ctx, schema, name));
    });

    app.delete<{ Params: Params }>('/:collection', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      await deleteCollection(ctx, schema, request.params.collection);
      return deps.send(request, reply, null);
    });
  };
}
