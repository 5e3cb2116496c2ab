import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { forbidden, routeNotFound } from '../../../kernel/errors/index.js';
import { requestPath } from '../../request-context.js';
import { sendResult } from '../../respond.js';
import { generateOas, graphqlSdlFilename } from '../../../modules/server/index.js';

export type GraphqlSdlScope = 'items' | 'system';

export type SpecsRoutesDeps = {
  /** The request's Context (accountability, permission set, schema). */
  contextFor: (request: FastifyRequest) => Promise<Context>;
  /** The caller's GraphQL schema of a scope as SDL (the GraphQL transport's cached schema, printed). */
  printGraphqlSdl: (ctx: Context, scope: GraphqlSdlScope) => Promise<string>;
  version: string;
  /** PUBLIC_URL; `/` means "where the request came in". */
  publicUrl: string;
  /** Names the SDL download (`<project>_<date>.graphql`). */
  projectName?: string;
};

/**
 * `/server/specs`: `GET /oas` answers the caller's OpenAPI document itself (not in `{data}`, as Directus);
 * `GET /graphql[/items|/system]` the caller's GraphQL SDL as a `text/plain` download (403 with GRAPHQL_INTROSPECTION=false). Other scopes are 404.
 */
export function createSpecsRoutes(deps: SpecsRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/oas', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const serverUrl = deps.publicUrl === '/' ? `${request.protocol}://${request.host}` : deps.publicUrl;
      const document = generateOas({
        schema: ctx.schema,
        permissions: ctx.permissions,
        accountability: ctx.accountability,
        version: deps.version,
        serverUrl,
      });
      return sendResult(request, reply, { data: document }, { bare: true });
    });

    app.get<{ Params: { scope?: string } }>('/graphql/:scope?', async (request, reply) => {
      const scope = request.params.scope ?? 'items';
      if (scope !== 'items' && scope !== 'system') throw routeNotFound(requestPath(request));
      const ctx = await deps.contextFor(request);
      // The SDL is the introspection result in another form: GRAPHQL_INTROSPECTION=false withholds it too.
      if (!ctx.config.query.graphqlIntrospection) throw forbidden('GraphQL introspection is disabled on this server');
      const sdl = await deps.printGraphqlSdl(ctx, scope);
      return reply
        .code(200)
        .header('Cache-Control', 'no-cache')
        .header('Content-Disposition', `attachment; filename="${graphqlSdlFilename(deps.projectName ?? 'Stratum', ctx.now())}"`)
        .type('text/plain; charset=utf-8')
        .send(sdl);
    });
  };
}
