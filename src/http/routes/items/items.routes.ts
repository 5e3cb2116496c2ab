import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { forbiddenCollection } from '../../../kernel/errors/index.js';
import { isSystemCollection } from '../../../kernel/system/system-collections.js';
import { registerItemRoutes, type ItemRouteDeps } from './register-item-routes.js';

/** `/items/:collection[/:id]`: user collections only; system collections have their own endpoints (403 here). */
export function createItemsRoutes(deps: ItemRouteDeps): FastifyPluginAsync {
  return async (app) => {
    const collectionOf = (request: FastifyRequest) => {
      const name = (request.params as { collection?: string }).collection ?? '';
      if (isSystemCollection(name)) throw forbiddenCollection(name);
      return name;
    };
    await app.register(
      async (scoped) => {
        registerItemRoutes(scoped, deps, { collectionOf });
      },
      { prefix: '/:collection' },
    );
  };
}
