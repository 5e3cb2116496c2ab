import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import type { PasswordService } from '../../../modules/auth/index.js';
import { objectBody, requiredString } from './read-body.js';

export type PasswordRouteDeps = {
  passwords: PasswordService;
  contextFor: (request: FastifyRequest) => Promise<Context>;
};

/** `/auth/password/request` and `/auth/password/reset` (registered under `/auth`); both answer 204. */
export function createPasswordRoutes(deps: PasswordRouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/password/request', async (request, reply) => {
      const body = objectBody(request.body);
      const email = requiredString(body, 'email');
      if (body.reset_url !== undefined && body.reset_url !== null && typeof body.reset_url !== 'string')
        throw invalidPayload('"reset_url" must be a string');
      const resetUrl = typeof body.reset_url === 'string' ? body.reset_url : null;
      await deps.passwords.requestReset(await deps.contextFor(request), { email, resetUrl });
      return reply.code(204).send();
    });

    app.post('/password/reset', async (request, reply) => {
      const body = objectBody(request.body);
      const token = requiredString(body, 'token');
      const password = requiredString(body, 'password');
      await deps.passwords.resetPassword(await deps.contextFor(request), { token, password });
      return reply.code(204).send();
    });
  };
}
