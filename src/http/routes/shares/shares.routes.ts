import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../../config/index.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import type { LoginMode } from '../../../modules/auth/index.js';
import type { SharesService } from '../../../modules/shares/index.js';
import { sendTokens } from '../auth/auth.routes.js';
import { objectBody, requiredString } from '../auth/read-body.js';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';

export type SharesRouteDeps = ItemRouteDeps & { config: Config; shares: SharesService };

const MODES: LoginMode[] = ['json', 'cookie', 'session'];

/**
 * `/shares` (Directus 11's `directus_shares`, decision 0105): item-style CRUD, plus
 * `GET /info/:id` (anybody: a share inside its dates), `POST /auth {share, password?, mode?}` (a share session's
 * tokens, answered as `/auth/login` answers in each mode) and `POST /invite {share, emails}` (204).
 */
export function createSharesRoutes(deps: SharesRouteDeps): FastifyPluginAsync {
  const { config, shares } = deps;
  return async (app) => {
    app.get<{ Params: { id: string } }>('/info/:id', async (request, reply) => {
      const data = await shares.info(await deps.contextFor(request), request.params.id);
      return reply.send({ data });
    });

    app.post('/auth', async (request, reply) => {
      const body = objectBody(request.body);
      const share = requiredString(body, 'share');
      if (body.password !== undefined && body.password !== null && typeof body.password !== 'string')
        throw invalidPayload('"password" must be a string');
      const mode = body.mode === undefined ? 'json' : (body.mode as LoginMode);
      if (!MODES.includes(mode)) throw invalidPayload('"mode" must be one of [json, cookie, session]');
      const password = typeof body.password === 'string' ? body.password : null;
      const result = await shares.auth(await deps.contextFor(request), { share, password, mode });
      return sendTokens(reply, config, mode, result);
    });

    app.post('/invite', async (request, reply) => {
      const body = objectBody(request.body);
      const share = requiredString(body, 'share');
      const emails = body.emails;
      if (!Array.isArray(emails) || emails.some((e) => typeof e !== 'string')) throw invalidPayload('"emails" must be an array of strings');
      await shares.invite(await deps.contextFor(request), { share, emails: emails as string[] });
      return reply.code(204).send();
    });

    await registerItemRoutes(app, deps, { collectionOf: () => 'service_shares' });
  };
}
