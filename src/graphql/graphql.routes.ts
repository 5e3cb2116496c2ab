import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { methodNotAllowed } from '../kernel/errors/index.js';
import type { GraphqlDeps } from './graphql.types.js';
import type { runGraphql as RunGraphql } from './run-graphql.js';
import type { GraphqlScope } from './schema/exposed-collections.js';
import { createSchemaCache, type SchemaCache } from './schema/schema-cache.js';

/** GraphQL subscription sockets served at `/graphql` itself: the upgrade check and the socket handler. */
export type GraphqlSockets = {
  preValidation(request: FastifyRequest): Promise<void>;
  wsHandler(socket: WebSocket, request: FastifyRequest): void;
};

const OTHER_METHODS = ['PUT', 'PATCH', 'DELETE', 'SEARCH'] as const;

/**
 * `/graphql` (user collections) and `/graphql/system` (system collections, auth): GET for queries, POST for
 * everything; other methods are 405 with an `Allow` header. Errors of the request itself use the REST envelope.
 * `cache` holds the per-caller schemas; pass the one `createSdlPrinter` uses so `/server/specs/graphql` prints
 * the schemas these routes serve. `sockets`: GET `/graphql` also takes GraphQL subscription sockets.
 */
export function createGraphqlRoutes(
  deps: GraphqlDeps,
  cache: SchemaCache = createSchemaCache(),
  sockets: GraphqlSockets | null = null,
): FastifyPluginAsync {
  // graphql-js is loaded with the first GraphQL request: a server that never serves one never pays for it.
  let engine: Promise<typeof RunGraphql> | null = null;
  const runGraphql: typeof RunGraphql = async (...args) => {
    engine ??= import('./run-graphql.js').then((module) => module.runGraphql);
    return (await engine)(...args);
  };
  return async (app: FastifyInstance) => {
    const register = (url: string, scope: GraphqlScope) => {
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        // An object, or an answer's JSON text made already (decision 0178): sent as it is, as REST sends a kept result.
        const body = await runGraphql(deps, cache, scope, request, reply);
        reply.header('Cache-Control', 'no-cache');
        return reply.code(200).type('application/json; charset=utf-8').send(body);
      };
      if (sockets && scope === 'items') {
        // The same GET takes GraphQL subscription sockets (WEBSOCKETS_GRAPHQL_PATH is /graphql): upgrades go to wsHandler.
        app.route({
          method: 'GET',
          url,
          handler,
          wsHandler: sockets.wsHandler,
          preValidation: async (request) => (request.ws ? sockets.preValidation(request) : undefined),
        });
      } else app.get(url, handler);
      app.post(url, handler);
      app.route({
        method: [...OTHER_METHODS],
        url,
        handler: async (request, reply) => {
          reply.header('Allow', 'GET, POST');
          throw methodNotAllowed(request.method, ['GET', 'POST']);
        },
      });
    };
    register('/system', 'system');
    register('/', 'items');
  };
}
