import type { FastifyPluginAsync } from 'fastify';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';
import type { CommentAlias } from '../../../modules/comments/index.js';

/**
 * `/activity`: read-only (other writes are 404), plus Directus 10's comment calls, `POST /activity/comment` and
 * `PATCH|DELETE /activity/comment/:id`, kept over Directus 11's comments (`/comments`, decision 0080).
 * Permissions decide who sees which rows.
 */
export function createActivityRoutes(deps: ItemRouteDeps & { comments: CommentAlias }): FastifyPluginAsync {
  return async (app) => {
    app.post('/comment', async (request, reply) => {
      return deps.send(request, reply, { data: await deps.comments.create(await deps.contextFor(request), request.body) });
    });
    app.patch<{ Params: { id: string } }>('/comment/:id', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return deps.send(request, reply, { data: await deps.comments.update(ctx, request.params.id, request.body) });
    });
    app.delete<{ Params: { id: string } }>('/comment/:id', async (request, reply) => {
      await deps.comments.remove(await deps.contextFor(request), request.params.id);
      return deps.send(request, reply, null);
    });
    registerItemRoutes(app, deps, { collectionOf: () => 'service_activity', readOnly: true });
  };
}

export function createRevisionsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => {
    registerItemRoutes(app, deps, { collectionOf: () => 'service_revisions', readOnly: true });
  };
}
