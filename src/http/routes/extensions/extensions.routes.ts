import type { FastifyPluginAsync } from 'fastify';
import type { ItemRouteDeps } from '../items/index.js';
import { listExtensions, updateExtension } from '../../../modules/extensions/index.js';

type Deps = Pick<ItemRouteDeps, 'contextFor' | 'send'>;

/** `/extensions`: the installed extensions (none) for `readExtensions`, and `PATCH /extensions/:id` (403). */
export function createExtensionsRoutes(deps: Deps): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (request, reply) => deps.send(request, reply, { data: listExtensions(await deps.contextFor(request)) }));
    app.patch<{ Params: { id: string } }>('/:id', async (request) => updateExtension(await deps.contextFor(request), request.params.id));
  };
}
