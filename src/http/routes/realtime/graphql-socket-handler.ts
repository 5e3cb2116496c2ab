import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../../../config/index.js';
import type { Logger } from '../../../kernel/logger.js';
import type { RealtimeService } from '../../../modules/realtime/index.js';
import type { SubscriptionServerDeps } from '../../../graphql/subscriptions/create-subscription-server.js';
import { socketOrigin, upgradeCheck, upgradeStart } from './socket-upgrade.js';

/** graphql-ws's close codes: an error of the server itself; a socket not speaking `graphql-transport-ws`. */
const CLOSE_INTERNAL = 1011;
const CLOSE_SUBPROTOCOL = 4406;
const SUBPROTOCOL = 'graphql-transport-ws';

export type GraphqlSocketDeps = Omit<SubscriptionServerDeps, 'logger'> & { config: Config; logger: Logger; realtime: RealtimeService };

/**
 * The WebSocket side of GraphQL subscriptions (WEBSOCKETS_GRAPHQL_PATH): the upgrade check (connection limit,
 * `strict`) and the socket handler that hands each socket to graphql-ws. graphql-js and graphql-ws are loaded
 * with the first socket (a server that never serves one never pays for them); what arrives meanwhile waits.
 */
export function createGraphqlSocketHandler(deps: GraphqlSocketDeps) {
  const { config, realtime, logger } = deps;
  const endpoint = config.websockets.graphql;
  let server: ReturnType<typeof load> | null = null;
  const load = () =>
    import('../../../graphql/subscriptions/create-subscription-server.js').then((module) => module.createSubscriptionServer(deps));

  const wsHandler = (socket: WebSocket, request: FastifyRequest) => {
    if (socket.protocol !== SUBPROTOCOL) return socket.close(CLOSE_SUBPROTOCOL, 'Subprotocol not acceptable');
    const connection = realtime.openGraphql(
      (code, reason) => socket.close(code, reason),
      socketOrigin(request, config),
      upgradeStart(request, config, endpoint),
    );
    const pending: string[] = [];
    let deliver: ((text: string) => void) | null = null;
    let closed: ((code?: number, reason?: string) => Promise<void>) | null = null;
    socket.on('message', (data) => {
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      if (deliver) deliver(text);
      else pending.push(text);
    });
    socket.once('close', (code, reason) => {
      realtime.closed(connection);
      void closed?.(code, reason.toString('utf8'));
    });
    socket.on('error', (error) => request.log.warn({ err: error }, 'graphql subscription socket error'));
    server ??= load();
    void server.then(
      (gql) => {
        if (connection.closed) return;
        closed = gql.opened(
          {
            protocol: socket.protocol,
            send: (data) =>
              new Promise<void>((resolve, reject) => {
                if (socket.readyState !== socket.OPEN) return resolve();
                socket.send(data, (error) => (error ? reject(error) : resolve()));
              }),
            close: (code, reason) => socket.close(code, reason),
            onMessage: (handle) => {
              deliver = (text) =>
                void handle(text).catch((error: unknown) => {
                  logger.error({ err: error }, 'graphql subscription message failed');
                  socket.close(CLOSE_INTERNAL, 'Internal server error');
                });
              for (const text of pending.splice(0)) deliver(text);
            },
          },
          { connection, request },
        );
      },
      (error: unknown) => {
        logger.error({ err: error }, 'graphql subscriptions failed to load');
        socket.close(CLOSE_INTERNAL, 'Internal server error');
      },
    );
  };

  return { preValidation: upgradeCheck(config, endpoint, () => realtime.size('graphql')), wsHandler };
}
