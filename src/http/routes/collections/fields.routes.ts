import type { FastifyPluginAsync } from 'fastify';
import type { ItemRouteDeps } from '../items/index.js';
import {
  createField,
  deleteField,
  readField,
  readFields,
  type FieldInput,
  type FieldUpdateInput,
  type SchemaDeps,
  updateField,
  updateFields,
} from '../../../modules/collections/index.js';
import { sendReadBack } from './read-back.js';

type Params = { collection: string; field: string };

/** `/fields`: list all or per collection, read one, create, update (one, or an array of one collection's), delete. */
export function createFieldsRoutes(deps: ItemRouteDeps, schema: SchemaDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return deps.send(request, reply, { data: await readFields(ctx, schema) });
    });

    app.get<{ Params: Pick<Params, 'collection'> }>('/:collection', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return deps.send(request, reply, { data: await readFields(ctx, schema, request.params.collection) });
    });

    app.get<{ Params: Params }>('/:collection/:field', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return deps.send(request, reply, { data: await readField(ctx, schema, request.params.collection, request.params.field) });
    });

    app.post<{ Params: Pick<Params, 'collection'> }>('/:collection', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const { collection } = request.params;
      const field = await createField(ctx, schema, collection, request.body as FieldInput);
      return sendReadBack(deps, request, reply, () => readField(ctx, schema, collection, field));
    });

    app.patch<{ Params: Pick<Params, 'collection'> }>('/:collection', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const { collection } = request.params;
      const fields = await updateFields(ctx, schema, collection, request.body);
      return sendReadBack(deps, request, reply, async () => Promise.all(fields.map((field) => readField(ctx, schema, collection, field))));
    });

    app.patch<{ Params: Params }>('/:collection/:field', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const { collection, field } = request.params;
      await updateField(ctx, schema, collection, field, request.body as FieldUpdateInput);
      return sendReadBack(deps, request, reply, () => readField(ctx, schema, collection, field));
    });

    app.delete<{ Params: Params }>('/:collection/:field', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      await deleteField(ctx, schema, request.params.collection, request.params.field);
      return deps.send(request, reply, null);
    });
  };
}
