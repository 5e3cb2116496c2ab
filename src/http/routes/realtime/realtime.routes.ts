import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../../config/index.js';
import type { RealtimeService } from '../../../modules/realtime/index.js';
import { socketOrigin, upgradeCheck, upgradeStart } from './socket-upgrade.js';

export type RealtimeRouteDeps = { config: Config; realtime: RealtimeService };

/**
 * The WebSocket adapter of realtime (WEBSOCKETS_REST_PATH, registered under it; the server accepts upgrades when
 * built with `websocket`): the upgrade passes through the
 * usual hooks (cache check, rate limit, authentication), `strict` needs a user there (else 401), then every
 * frame goes to the realtime service as UTF-8 text (a binary frame too, as Directus reads it).
 */
export function createRealtimeRoutes(deps: RealtimeRouteDeps): FastifyPluginAsync {
  const { config, realtime } = deps;
  const settings = config.websockets;
  return async (server) => {
    const preValidation = upgradeCheck(config, settings.rest, () => realtime.size('rest'));
    server.get('/', { websocket: true, preValidation }, (socket, request) => {
      const origin = socketOrigin(request, config);
      const start = upgradeStart(request, config, settings.rest, { cookie: true });
      const connection = realtime.open(
        {
          // A Buffer is one serialised event sent to many sockets: still a text frame.
          send: (text) => socket.send(text, { binary: false }),
          close: (code, reason) => socket.close(code, reason),
          bufferedAmount: () => socket.bufferedAmount,
        },
        origin,
        start,
      );
      socket.on('message', (data) => {
        const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
        void realtime.receive(connection, text);
      });
      socket.on('close', () => realtime.closed(connection));
      socket.on('error', (error) => request.log.warn({ err: error }, 'realtime socket error'));
    });
  };
}
