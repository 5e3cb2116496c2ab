import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_PERMISSIONS } from '../../../engine/permissions/admin-permissions.js';
import { isAppError } from '../../../kernel/errors/index.js';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';
import type { CommentsService } from '../../../modules/activity/index.js';

/**
 * `/activity`: read-only (other writes are 404), plus comments: `POST /activity/comment`,
 * `PATCH|DELETE /activity/comment/:id`. Permissions decide who sees which rows.
 */
export function createActivityRoutes(deps: ItemRouteDeps & { comments: CommentsService }): FastifyPluginAsync {
  return async (app) => {
    const answerWith = async (request: Parameters<ItemRouteDeps['send']>[0], reply: Parameters<ItemRouteDeps['send']>[1], id: number) => {
      const ctx = await deps.contextFor(request);
      try {
        return deps.send(
          request,
          reply,
          { data: await deps.items.readOne(ctx, 'service_activity', id) },
          { collection: 'service_activity' },
        );
      } catch (error) {
        // The author may lack read access to activity (no app access): the comment still exists.
        if (isAppError(error) && error.status === 403) {
          return deps.send(request, reply, {
            data: await deps.items.readOne({ ...ctx, permissions: ADMIN_PERMISSIONS }, 'service_activity', id),
          });
        }
        throw error;
      }
    };
    app.post('/comment', async (request, reply) => {
      const id = await deps.comments.create(await deps.contextFor(request), request.body);
      return answerWith(request, reply, id);
    });
    app.patch<{ Params: { id: string } }>('/comment/:id', async (request, reply) => {
      const id = await deps.comments.update(await deps.contextFor(request), request.params.id, request.body);
      return answerWith(request, reply, id);
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
