import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { clientLimits, parseQuery } from '../../../engine/query/parse/parse-query.js';
import { invalidCredentials, isAppError } from '../../../kernel/errors/index.js';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

/**
 * `/users` (item-style) and `/users/me`: the caller's own record, read and updated under their permissions.
 * As Directus: without a user it is 401 INVALID_CREDENTIALS; a user who may not read their own record gets
 * `{data: {id}}` instead of a 403.
 */
export function createUsersRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  const meQuery = (ctx: Context, request: FastifyRequest) =>
    parseQuery((request.query ?? {}) as Record<string, unknown>, { ...clientLimits(ctx.config.query), limitDefault: 1 });
  const userOf = (ctx: Context): string => {
    if (!ctx.accountability.user) throw invalidCredentials();
    return ctx.accountability.user;
  };
  const readMe = async (ctx: Context, user: string, request: FastifyRequest) => {
    try {
      return await deps.items.readOne(ctx, 'service_users', user, meQuery(ctx, request));
    } catch (error) {
      if (isAppError(error) && error.code === 'FORBIDDEN') return { id: user };
      throw error;
    }
  };

  return async (app) => {
    app.get('/me', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const user = userOf(ctx);
      return deps.send(request, reply, { data: await readMe(ctx, user, request) });
    });
    app.patch('/me', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const user = userOf(ctx);
      await deps.items.updateOne(ctx, 'service_users', user, request.body ?? {});
      return deps.send(request, reply, { data: await readMe(ctx, user, request) });
    });
    registerItemRoutes(app, deps, { collectionOf: () => 'service_users' });
  };
}
