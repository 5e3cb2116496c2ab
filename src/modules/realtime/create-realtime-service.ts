import type { Config } from '../../config/index.js';
import type { Context } from '../../engine/context.js';
import type { CounterStore } from '../../engine/rate-limit/counter-store.js';
import { type Accountability, type RequestOrigin } from '../../kernel/context/index.js';
import { authFailed, authTimeout, internalServerError, isAppError, requestsExceeded, type AppError } from '../../kernel/errors/index.js';
import type { EventBus, EventMeta } from '../../kernel/events/index.js';
import type { Logger } from '../../kernel/logger.js';
import type { AuthService } from '../auth/index.js';
import type { ItemsService } from '../items/index.js';
import { authenticateConnection, currentIdentity } from './connection-identity.js';
import { newConnection, type ConnectionOpening, type ConnectionStart } from './new-connection.js';
import { echoOf, parseClientMessage } from './parse-client-message.js';
import { runItemsCommand } from './run-items-command.js';
import { assertReadableCollection, subscribe } from './subscribe.js';
import { createVerifiedIdentities } from './verified-identity.js';
import { createWriteDelivery } from './write-delivery.js';
import { createWriteListeners } from './write-listeners.js';
import type { CacheRegistry } from '../../kernel/caches/index.js';
import type { Query } from '../../engine/query/query.types.js';
import type { ClientMessage, Connection, RealtimeSocket, Subscription, SubscriptionEvent, Uid, WriteNotice } from './realtime.types.js';

/**
 * Close codes: 1001 (going away: clients reconnect) at shutdown; 4001 a failed or late handshake; 4002 no heartbeat;
 * 4403 a GraphQL socket whose token stopped holding; 1013 (try again later) a socket too far behind its events
 * (CLOSE_SLOW, write-delivery.ts).
 */
export const CLOSE_SHUTDOWN = 1001;
export const CLOSE_AUTH = 4001;
export const CLOSE_SILENT = 4002;
/** A GraphQL socket whose token stopped holding (graphql-ws's Forbidden: its clients reconnect with a fresh token). */
export const CLOSE_FORBIDDEN = 4403;

export type RealtimeDeps = {
  config: Config;
  logger: Logger;
  events: EventBus<Context>;
  items: ItemsService;
  auth: AuthService;
  contextFor(accountability: Accountability): Promise<Context>;
  prepare(): Promise<void>;
  /** The app's registry: the memory of checked tokens lives there, emptied when a cache version moves. */
  caches: CacheRegistry;
  /** The app's clock: what a socket's token expiry is compared with. */
  now: () => Date;
  /** The rate limiter's counters (RATE_LIMITER_ENABLED): messages count as requests of the socket's address. */
  counters: CounterStore | null;
  /** Milliseconds; default WEBSOCKETS_REST_AUTH_TIMEOUT and WEBSOCKETS_HEARTBEAT_PERIOD (tests pass tiny ones). */
  timings?: { authTimeoutMs?: number; heartbeatMs?: number };
  /** Tells the other instances of a write made here (multi-instance fan-out); absent: this instance only. */
  publish?: (notice: WriteNotice) => void;
};

export type RealtimeService = {
  /** A socket opened: `start` from the upgrade (strict), else (null) the public role until it authenticates. */
  open(socket: RealtimeSocket, origin: RequestOrigin, start: ConnectionStart): Connection;
  /** One text message of a socket (handled after the ones before it; resolves when done). */
  receive(connection: Connection, text: string): Promise<void>;
  closed(connection: Connection): void;
  /**
   * A GraphQL subscription socket (graphql-ws runs its protocol): `start` is who it is (its token checked again
   * before every event, as a REST-style socket's); `close` ends the socket.
   */
  openGraphql(
    close: RealtimeSocket['close'],
    origin: RequestOrigin,
    start: { token: string | null; accountability: Accountability } | null,
  ): Connection;
  /** Authenticates a socket with an access token (graphql-ws's `connectionParams.access_token`); throws AUTH_FAILED. */
  authenticate(connection: Connection, accessToken: string): Promise<void>;
  /** One more request of the socket's address in the rate limiter (RATE_LIMITER_*): REQUESTS_EXCEEDED when over. */
  rateLimited(connection: Connection): Promise<AppError | null>;
  /** Who the socket is now (its token checked again): the Context to read with. */
  contextOf(connection: Connection): Promise<Context>;
  /**
   * Subscribes with a sink (GraphQL): each write of `collection` is read for this subscriber with `query`, as a
   * REST-style subscription's. INVALID_COLLECTION when they may not read it. Resolves to the unsubscriber.
   */
  watch(
    connection: Connection,
    subscription: { collection: string; event: SubscriptionEvent | undefined; query: Query },
    sink: NonNullable<Subscription['sink']>,
  ): Promise<() => void>;
  /**
   * A write another instance made: queued, then every concerned subscriber is told, each with their own read.
   * Resolves once it was handed to the sockets that were idle.
   */
  deliver(notice: WriteNotice): Promise<void>;
  /** Resolves once every write queued so far was handed to the sockets that were idle (tests, benchmarks). */
  settled(): Promise<void>;
  /** Subscriptions on this instance, of both protocols. */
  watching(): number;
  /** Open sockets of this instance (of one protocol). */
  size(protocol?: Connection['protocol']): number;
  /** One heartbeat: closes the sockets silent since the last one, pings the others. */
  heartbeat(): Promise<void>;
  /** Closes every socket (1001, clients reconnect) and stops the timers. */
  close(): void;
};

/**
 * The realtime service (docs/realtime.md): sockets, who they are, what they subscribed to; Directus's
 * REST-style messages; writes delivered to each subscriber through the read path with their own permissions.
 * Knows nothing of the transport: it gets text and sends text through a RealtimeSocket.
 */
export function createRealtimeService(deps: RealtimeDeps): RealtimeService {
  const { config, logger } = deps;
  const settings = config.websockets;
  const authTimeoutMs = deps.timings?.authTimeoutMs ?? settings.rest.authTimeout * 1000;
  const heartbeatMs = deps.timings?.heartbeatMs ?? settings.heartbeat.period * 1000;
  const connections = new Set<Connection>();
  let nextId = 1;

  const identities = createVerifiedIdentities(deps);
  const send = (connection: Connection, message: Record<string, unknown>) => {
    if (!connection.closed) connection.socket.send(JSON.stringify(message));
  };
  const sendError = (connection: Connection, type: string, error: unknown, uid?: Uid) => {
    const known = isAppError(error) ? error : internalServerError(error);
    if (!isAppError(error)) logger.error({ err: error }, 'realtime message failed');
    send(connection, { type, status: 'error', error: { code: known.code, message: known.message }, ...(uid === undefined ? {} : { uid }) });
  };
  const end = (connection: Connection, code: number, reason: string) => {
    if (connection.closed) return;
    connection.socket.close(code, reason);
    closed(connection);
  };

  /** A write here (after its commit): queued, then told to the other instances and this instance's subscribers. */
  const onWrite = (collection: string, action: SubscriptionEvent, meta: EventMeta) => {
    const keys = meta.key !== undefined ? [meta.key] : (meta.keys ?? []);
    delivery.enqueue({ collection, action, keys: [...keys] }, true);
  };
  const listeners = createWriteListeners(deps.events, onWrite, { everything: deps.publish !== undefined });
  const listen = (collection: string) => listeners.listen(collection);
  const unlisten = (collection: string) => listeners.unlisten(collection);
  const dropSubscriptions = (connection: Connection, uid?: Uid) => {
    const kept = connection.subscriptions.filter((s) => uid !== undefined && s.uid !== uid);
    for (const gone of connection.subscriptions.filter((s) => !kept.includes(s))) unlisten(gone.collection);
    connection.subscriptions = kept;
  };

  /**
   * A socket's token stopped holding. A REST-style socket is told once and reads as the public role until it
   * authenticates again; a GraphQL socket, which has no way to authenticate again in place, is closed 4403 (graphql-ws
   * clients reconnect on it, asking their connectionParams for a fresh token: decision 0071).
   */
  const tell = (connection: Connection, lost: AppError) => {
    if (connection.protocol === 'graphql') return end(connection, CLOSE_FORBIDDEN, 'Forbidden');
    send(connection, { type: 'auth', status: 'error', error: { code: lost.code, message: lost.message } });
  };
  /** Who the socket is now (checked in full: before a message); tells the client once when its token stopped holding. */
  const identify = async (connection: Connection): Promise<Accountability> => {
    const identity = await currentIdentity(deps, connection);
    if (identity.lost) tell(connection, identity.lost);
    return identity.accountability;
  };
  /** Runs `work` after what the socket queued before it (its messages and events are handled one at a time). */
  const behind = (connection: Connection, work: () => Promise<void>) => {
    const idle = connection.pending === 0;
    connection.pending++;
    const done = connection.queue.then(work).catch((error: unknown) => logger.error({ err: error }, 'realtime message failed'));
    connection.queue = done.then(() => {
      connection.pending--;
    });
    return { done: connection.queue, idle };
  };

  const rateLimited = async (connection: Connection): Promise<AppError | null> => {
    if (!deps.counters || !config.rateLimiter.enabled) return null;
    const window = await deps.counters.increment(`ip:${connection.origin.ip ?? 'unknown'}`, config.rateLimiter.duration * 1000);
    if (window.count <= config.rateLimiter.points) return null;
    return requestsExceeded(config.rateLimiter.points, new Date(window.resetAt), window.resetAt - deps.counters.now());
  };

  const handle = async (connection: Connection, text: string) => {
    let message: ClientMessage;
    try {
      message = parseClientMessage(text, settings.maxMessageSize);
    } catch (error) {
      const echo = echoOf(error);
      return sendError(connection, echo?.type ?? 'error', error, echo?.uid);
    }
    const exceeded = await rateLimited(connection);
    if (exceeded) return sendError(connection, message.type, exceeded, message.uid);
    if (!connection.ready && message.type !== 'auth') {
      sendError(connection, 'auth', authFailed('Authenticate first: the first message must be "auth".'), message.uid);
      return end(connection, CLOSE_AUTH, 'Authentication required');
    }
    try {
      await dispatch(connection, message);
    } catch (error) {
      sendError(connection, message.type, error, message.uid);
    }
  };

  const dispatch = async (connection: Connection, message: ClientMessage) => {
    const uid = message.uid === undefined ? {} : { uid: message.uid };
    switch (message.type) {
      case 'ping':
        return send(connection, { type: 'pong', ...uid });
      case 'pong':
        return;
      case 'auth':
        // The timeout is for the auth message to arrive: a slow login (LOGIN_STALL_TIME) does not time out.
        clearAuthTimer(connection);
        try {
          const { refreshToken } = await authenticateConnection(deps, connection, message);
          connection.ready = true;
          return send(connection, {
            type: 'auth',
            status: 'ok',
            ...(refreshToken === null ? {} : { refresh_token: refreshToken }),
            ...uid,
          });
        } catch (error) {
          sendError(connection, 'auth', error, message.uid);
          if (!connection.ready) end(connection, CLOSE_AUTH, 'Authentication failed');
          return;
        }
      case 'unsubscribe':
        dropSubscriptions(connection, message.uid);
        return send(connection, { type: 'unsubscribe', status: 'ok', ...uid });
      case 'subscribe': {
        const ctx = await deps.contextFor(await identify(connection));
        const { subscription, data } = await subscribe(ctx, deps.items, message);
        // A subscription with the same uid replaces the earlier one (Directus).
        if (message.uid !== undefined) dropSubscriptions(connection, message.uid);
        connection.subscriptions.push(subscription);
        listen(subscription.collection);
        return send(connection, { type: 'subscription', event: 'init', data, ...uid });
      }
      case 'items': {
        const ctx = await deps.contextFor(await identify(connection));
        const data = await runItemsCommand(ctx, deps.items, message);
        return send(connection, { type: 'items', data, ...uid });
      }
    }
  };

  const clearAuthTimer = (connection: Connection) => {
    if (connection.authTimer !== null) clearTimeout(connection.authTimer as NodeJS.Timeout);
    connection.authTimer = null;
  };

  const closed = (connection: Connection) => {
    if (connection.closed) return;
    connection.closed = true;
    clearAuthTimer(connection);
    identities.forget(connection);
    dropSubscriptions(connection);
    connections.delete(connection);
  };

  const delivery = createWriteDelivery({
    logger,
    items: deps.items,
    contextFor: deps.contextFor,
    prepare: deps.prepare,
    identities,
    tell,
    connections: () => connections,
    listening: (collection) => listeners.has(collection),
    behind,
    end,
    ...(deps.publish ? { publish: deps.publish } : {}),
    maxBuffered: settings.maxBufferedSize,
  });

  const track = (...args: ConnectionOpening): Connection => {
    const connection = newConnection(nextId++, ...args);
    connections.add(connection);
    return connection;
  };

  const heartbeat = async () => {
    await deps.prepare().catch((error: unknown) => logger.warn({ err: error }, 'realtime: the cache versions could not be read'));
    for (const connection of [...connections]) {
      // graphql-ws keeps its sockets alive itself (the client's pings); their token is checked below all the same.
      if (connection.protocol === 'rest' && !connection.alive) {
        end(connection, CLOSE_SILENT, 'No heartbeat');
        continue;
      }
      connection.alive = false;
      if (connection.protocol === 'rest') send(connection, { type: 'ping' });
      // A token that expired since is told now, not only at the next message or event.
      if (connection.token !== null)
        await identities.of(connection).then(
          (who) => who.lost && tell(connection, who.lost),
          (error: unknown) => logger.warn({ err: error }, 'realtime identity check failed'),
        );
    }
  };
  const timer = settings.heartbeat.enabled ? setInterval(() => void heartbeat(), heartbeatMs) : null;
  timer?.unref();

  return {
    open(socket, origin, start) {
      const connection = track('rest', socket, origin, start, settings.rest.auth !== 'handshake' || start !== null);
      // The public role's policies, before the socket's first message is handled.
      if (start === null)
        connection.queue = deps.auth.authenticate({ ...origin, token: null }).then(
          (accountability) => {
            connection.accountability = accountability;
          },
          (error: unknown) => logger.error({ err: error }, 'realtime public role failed'),
        );
      if (!connection.ready) {
        connection.authTimer = setTimeout(() => {
          if (connection.ready || connection.closed) return;
          sendError(connection, 'auth', authTimeout());
          end(connection, CLOSE_AUTH, 'Authentication timed out');
        }, authTimeoutMs);
      }
      return connection;
    },
    receive(connection, text) {
      connection.alive = true;
      return behind(connection, () => handle(connection, text)).done;
    },
    closed,
    openGraphql(close, origin, start) {
      // graphql-ws speaks to the socket itself: nothing of the REST-style protocol is sent to it.
      return track('graphql', { send: () => undefined, close }, origin, start, true);
    },
    async authenticate(connection, accessToken) {
      await authenticateConnection(deps, connection, { type: 'auth', access_token: accessToken });
    },
    rateLimited,
    async contextOf(connection) {
      return deps.contextFor(await identify(connection));
    },
    async watch(connection, wanted, sink) {
      const ctx = await deps.contextFor(await identify(connection));
      assertReadableCollection(ctx, wanted.collection);
      const subscription: Subscription = { uid: undefined, ...wanted, item: undefined, sink };
      connection.subscriptions.push(subscription);
      listen(subscription.collection);
      return () => {
        if (!connection.subscriptions.includes(subscription)) return;
        connection.subscriptions = connection.subscriptions.filter((s) => s !== subscription);
        unlisten(subscription.collection);
      };
    },
    deliver(notice) {
      delivery.enqueue(notice, false);
      return delivery.settled();
    },
    settled: () => delivery.settled(),
    watching: () => [...connections].reduce((sum, c) => sum + c.subscriptions.length, 0),
    size: (protocol) => (protocol ? [...connections].filter((c) => c.protocol === protocol).length : connections.size),
    heartbeat,
    close() {
      if (timer) clearInterval(timer);
      listeners.close();
      for (const connection of [...connections]) end(connection, CLOSE_SHUTDOWN, 'Server shutting down');
    },
  };
}
