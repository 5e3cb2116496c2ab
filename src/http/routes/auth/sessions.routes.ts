import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { forbidden, invalidCredentials } from '../../../kernel/errors/index.js';
import type { SessionsService } from '../../../modules/auth/index.js';
import { isUuid } from '../../../kernel/values/is-uuid.js';

/** `/users/me/sessions`: list the caller's sign-ins, end one, or end every other one. */
export function createSessionsRoutes(deps: {
  sessions: SessionsService;
  contextFor: (request: FastifyRequest) => Promise<Context>;
  send: (request: FastifyRequest, reply: FastifyReply, result: { data: unknown }) => unknown;
}): FastifyPluginAsync {
  const { sessions } = deps;
  return async (app) => {
    app.get('/', async (request, reply) => deps.send(request, reply, { data: await sessions.list(await deps.contextFor(request)) }));
    app.delete('/', async (request, reply) => {
      await sessions.endOthers(await deps.contextFor(request));
      return reply.code(204).send();
    });
    app.delete<{ Params: { id: string } }>('/:id', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      if (!ctx.accountability.user) throw invalidCredentials();
      // Not an id of ours: answered like a session that isn't the caller's.
      if (!isUuid(request.params.id)) throw forbidden();
      await sessions.end(ctx, request.params.id.toLowerCase());
      return reply.code(204).send();
    });
  };
}

/** `GET /users/:id/sessions`: another user's live sign-ins, for administrators (the admin app's user page). */
export function createUserSessionsRoutes(deps: {
  sessions: SessionsService;
  contextFor: (request: FastifyRequest) => Promise<Context>;
  send: (request: FastifyRequest, reply: FastifyReply, result: { data: unknown }) => unknown;
}): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>('/:id/sessions', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      if (!ctx.accountability.user && !ctx.accountability.admin) throw forbidden();
      // Not a user id: answered like a user the caller may not see.
      if (!isUuid(request.params.id)) throw forbidden();
      return deps.send(request, reply, { data: await deps.sessions.listOf(ctx, request.params.id.toLowerCase()) });
    });
  };
}
