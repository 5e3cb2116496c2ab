import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import { registrationOf, type InvitesService, type RegistrationService } from '../../../modules/users/index.js';
import { objectBody, requiredString } from '../auth/read-body.js';

export type InvitesRouteDeps = {
  invites: InvitesService;
  registration: RegistrationService;
  contextFor: (request: FastifyRequest) => Promise<Context>;
};

/** Where a verified user is sent: the admin app's sign-in page. */
const AFTER_VERIFICATION = '/admin/login';

/**
 * Invitations and public registration (registered under `/users`), with Directus's shapes; each answers 204 but
 * the verification, which redirects to the sign-in page:
 * `POST /invite {email: string | string[], role, invite_url?}`, `POST /invite/accept {token, password}`,
 * `POST /register {email, password, first_name?, last_name?, verification_url?}`,
 * `GET /register/verify-email?token=`.
 */
export function createInvitesRoutes(deps: InvitesRouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/invite', async (request, reply) => {
      const body = objectBody(request.body);
      const email = body.email;
      const emails = typeof email === 'string' ? [email] : Array.isArray(email) ? email : null;
      if (emails === null || emails.some((e) => typeof e !== 'string'))
        throw invalidPayload('"email" must be a string or an array of strings');
      const role = requiredString(body, 'role');
      if (body.invite_url !== undefined && body.invite_url !== null && typeof body.invite_url !== 'string')
        throw invalidPayload('"invite_url" must be a string');
      const inviteUrl = typeof body.invite_url === 'string' && body.invite_url !== '' ? body.invite_url : null;
      await deps.invites.invite(await deps.contextFor(request), { emails: emails as string[], role, inviteUrl });
      return reply.code(204).send();
    });

    app.post('/invite/accept', async (request, reply) => {
      const body = objectBody(request.body);
      const token = requiredString(body, 'token');
      const password = requiredString(body, 'password');
      await deps.invites.accept(await deps.contextFor(request), { token, password });
      return reply.code(204).send();
    });

    app.post('/register', async (request, reply) => {
      await deps.registration.register(await deps.contextFor(request), registrationOf(objectBody(request.body)));
      return reply.code(204).send();
    });

    app.get('/register/verify-email', async (request, reply) => {
      const token = (request.query as Record<string, unknown>).token;
      // As Directus: without a token, straight to the sign-in page.
      if (typeof token !== 'string' || token === '') return reply.redirect(AFTER_VERIFICATION, 302);
      await deps.registration.verify(await deps.contextFor(request), token);
      return reply.redirect(AFTER_VERIFICATION, 302);
    });
  };
}
