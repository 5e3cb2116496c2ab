import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FlowsService } from '../../../modules/flows/index.js';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

type TriggerParams = { id: string };

/**
 * `/flows`: Directus's flows (`service_flows`), item-style, and `GET|POST /flows/trigger/:id`, which runs a
 * webhook flow (the method it names) or a manual flow (POST with `collection` and `keys`) as the caller.
 */
export function createFlowsRoutes(deps: ItemRouteDeps & { flows: FlowsService }): FastifyPluginAsync {
  return async (app) => {
    const trigger = async (request: FastifyRequest<{ Params: TriggerParams }>, reply: FastifyReply) => {
      const ctx = await deps.contextFor(request);
      const result = await deps.flows.trigger(ctx, request.params.id, {
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        query: request.query ?? {},
        body: request.body ?? null,
        headers: request.headers,
      });
      return deps.send(request, reply, result === null ? null : { data: result });
    };
    app.get<{ Params: TriggerParams }>('/trigger/:id', trigger);
    app.post<{ Params: TriggerParams }>('/trigger/:id', trigger);
    registerItemRoutes(app, deps, { collectionOf: () => 'service_flows' });
  };
}

/** `/operations`: the operations of flows (`service_operations`), item-style. */
export function createOperationsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => registerItemRoutes(app, deps, { collectionOf: () => 'service_operations' });
}
