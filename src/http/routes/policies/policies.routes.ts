import type { FastifyPluginAsync } from 'fastify';
import { parseQuery } from '../../../engine/query/parse/parse-query.js';
import { forbidden, isAppError } from '../../../kernel/errors/index.js';
import { registerItemRoutes, type ItemRouteDeps } from '../items/index.js';
import type { PermissionsEngine } from '../../../engine/permissions/create-permissions-engine.js';
import { createPermissionsRoutes } from './permissions.routes.js';

/** `/roles` (+ `/roles/me`), `/policies` (+ `/policies/me/globals`), `/access`, `/permissions`: item-style. */
export function createAccessControlRoutes(deps: ItemRouteDeps & { permissions: PermissionsEngine }): Record<string, FastifyPluginAsync> {
  return {
    '/roles': async (app) => {
      // The caller's roles (own role and ancestors) read with their own permissions; when roles are not
      // readable to them, only the ids (Directus).
      app.get('/me', async (request, reply) => {
        const ctx = await deps.contextFor(request);
        if (!ctx.accountability.user && !ctx.accountability.role) throw forbidden();
        const roles = ctx.accountability.roles;
        if (roles.length === 0) return deps.send(request, reply, { data: [] });
        const query = parseQuery((request.query ?? {}) as Record<string, unknown>, { limitDefault: -1, limitMax: null });
        try {
          return deps.send(request, reply, { data: await deps.items.readMany(ctx, 'service_roles', roles, query) });
        } catch (error) {
          if (isAppError(error) && error.code === 'FORBIDDEN') return deps.send(request, reply, { data: roles.map((id) => ({ id })) });
          throw error;
        }
      });
      registerItemRoutes(app, deps, { collectionOf: () => 'service_roles' });
    },
    '/policies': async (app) => {
      app.get('/me/globals', async (request, reply) => {
        const ctx = await deps.contextFor(request);
        // The public gets only `app_access: false` (Directus).
        if (!ctx.accountability.user && !ctx.accountability.role) return deps.send(request, reply, { data: { app_access: false } });
        const policies = await deps.permissions.policiesOf(ctx.accountability);
        return deps.send(request, reply, {
          data: {
            app_access: ctx.accountability.app,
            admin_access: ctx.accountability.admin,
            enforce_tfa: policies.some((p) => p.enforceTfa),
          },
        });
      });
      registerItemRoutes(app, deps, { collectionOf: () => 'service_policies' });
    },
    '/access': async (app) => registerItemRoutes(app, deps, { collectionOf: () => 'service_access' }),
    // The ten operations, legacy bodies, /permissions/me and explain: permissions.routes.ts.
    '/permissions': createPermissionsRoutes(deps),
  };
}
