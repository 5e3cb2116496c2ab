import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { invalidCredentials } from '../../../kernel/errors/index.js';
import type { TfaService } from '../../../modules/auth/index.js';
import { objectBody, requiredString } from './read-body.js';

export type TfaRouteDeps = {
  tfa: TfaService;
  contextFor: (request: FastifyRequest) => Promise<Context>;
};

/**
 * Two-factor routes, registered under `/users`: `/me/tfa/generate`, `/me/tfa/enable`, `/me/tfa/disable` (Directus),
 * `/me/tfa/recovery-codes` and the administrator's `/:id/tfa/reset`.
 */
export function createTfaRoutes(deps: TfaRouteDeps): FastifyPluginAsync {
  const { tfa } = deps;
  /** The caller's context; without a user it is 401 INVALID_CREDENTIALS, before the body is looked at (Directus). */
  const userContext = async (request: FastifyRequest) => {
    const ctx = await deps.contextFor(request);
    if (!ctx.accountability.user) throw invalidCredentials();
    return { ctx, body: objectBody(request.body) };
  };

  return async (app) => {
    app.post('/me/tfa/generate', async (request, reply) => {
      const { ctx, body } = await userContext(request);
      const data = await tfa.generate(ctx, { password: requiredString(body, 'password') });
      return reply.send({ data });
    });

    app.post('/me/tfa/enable', async (request, reply) => {
      const { ctx, body } = await userContext(request);
      const input = { secret: requiredString(body, 'secret'), otp: requiredString(body, 'otp') };
      const { recoveryCodes } = await tfa.enable(ctx, input);
      // Directus answers 204; the recovery codes are shown here, once.
      return reply.send({ data: { recovery_codes: recoveryCodes } });
    });

    app.post('/me/tfa/disable', async (request, reply) => {
      const { ctx, body } = await userContext(request);
      await tfa.disable(ctx, { otp: requiredString(body, 'otp') });
      return reply.code(204).send();
    });

    app.post('/me/tfa/recovery-codes', async (request, reply) => {
      const { ctx, body } = await userContext(request);
      const { recoveryCodes } = await tfa.regenerateRecoveryCodes(ctx, { otp: requiredString(body, 'otp') });
      return reply.send({ data: { recovery_codes: recoveryCodes } });
    });

    app.post<{ Params: { id: string } }>('/:id/tfa/reset', async (request, reply) => {
      // Anybody but an administrator (the public too) gets 403 FORBIDDEN, as for any other refused write.
      const ctx = await deps.contextFor(request);
      await tfa.reset(ctx, request.params.id);
      return reply.code(204).send();
    });
  };
}
