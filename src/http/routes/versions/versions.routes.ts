import type { FastifyPluginAsync } from 'fastify';
import type { VersionsService } from '../../../modules/versions/index.js';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

type Params = { id: string };

/**
 * `/versions`: Directus 11's content versions (`service_versions`), item-style, plus `POST /:id/save` (answers the
 * main item with the version's merged delta over it), `GET /:id/compare` (`{outdated, mainHash, current, main}`) and
 * `POST /:id/promote` (`{mainHash, fields?}`; answers the item's key). The rules live in modules/versions.
 */
export function createVersionsRoutes(deps: ItemRouteDeps & { versions: VersionsService }): FastifyPluginAsync {
  return async (app) => {
    const { versions, contextFor, send } = deps;
    registerItemRoutes(app, deps, { collectionOf: () => 'service_versions' });

    app.post<{ Params: Params }>('/:id/save', async (request, reply) => {
      const ctx = await contextFor(request);
      return send(request, reply, { data: await versions.save(ctx, request.params.id, request.body ?? {}) });
    });

    app.get<{ Params: Params }>('/:id/compare', async (request, reply) => {
      const ctx = await contextFor(request);
      return send(request, reply, { data: await versions.compare(ctx, request.params.id) });
    });

    app.post<{ Params: Params }>('/:id/promote', async (request, reply) => {
      const ctx = await contextFor(request);
      return send(request, reply, { data: await versions.promote(ctx, request.params.id, request.body) });
    });
  };
}
