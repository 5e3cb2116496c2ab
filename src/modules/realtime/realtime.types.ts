import type { Query } from '../../engine/query/query.types.js';
import type { Accountability, RequestOrigin } from '../../kernel/context/index.js';

/** A client's message id, echoed in every answer to it (Directus accepts strings and numbers). */
export type Uid = string | number;

/** What the service needs of a socket: the transport (ws) gives it. */
export type RealtimeSocket = {
  /** A text frame (a Buffer holds UTF-8 text: one serialised message sent to many sockets). */
  send(text: string | Buffer): void;
  close(code: number, reason: string): void;
  /** Bytes queued on the socket and not yet written out (ws's bufferedAmount): the slow-consumer bound. */
  bufferedAmount?(): number;
};

export type AuthMessage = {
  type: 'auth';
  uid?: Uid;
  access_token?: string;
  email?: string;
  password?: string;
  otp?: string;
  refresh_token?: string;
};
export type SubscriptionEvent = 'create' | 'update' | 'delete';
export type SubscribeMessage = {
  type: 'subscribe';
  uid?: Uid;
  collection: string;
  event?: SubscriptionEvent;
  query?: Record<string, unknown>;
  item?: string | number;
};
export type ItemsAction = 'create' | 'read' | 'update' | 'delete';
export type ItemsMessage = {
  type: 'items';
  uid?: Uid;
  collection: string;
  action: ItemsAction;
  data?: unknown;
  id?: string | number;
  ids?: (string | number)[];
  query?: Record<string, unknown>;
};

/** Every message a client may send (Directus's REST-style realtime protocol). */
export type ClientMessage =
  | AuthMessage
  | { type: 'ping'; uid?: Uid }
  | { type: 'pong'; uid?: Uid }
  | SubscribeMessage
  | { type: 'unsubscribe'; uid?: Uid }
  | ItemsMessage;

export type Subscription = {
  uid: Uid | undefined;
  collection: string;
  event: SubscriptionEvent | undefined;
  query: Query;
  item: string | number | undefined;
  /**
   * Where its events go instead of the socket (a GraphQL subscription): `data` is what a REST-style subscriber
   * would be sent (rows read for this subscriber; the keys of a delete), `bytes` its size as JSON. Answers the bytes
   * it holds that its socket has not taken yet (the slow-consumer bound, WEBSOCKETS_MAX_BUFFERED_SIZE).
   */
  sink?: (action: SubscriptionEvent, data: unknown, bytes: number) => number;
};

/** One open socket: who it is now, and what it listens to. */
export type Connection = {
  readonly id: number;
  /** Its protocol: Directus's REST-style messages, or GraphQL subscriptions (graphql-ws speaks for itself). */
  readonly protocol: 'rest' | 'graphql';
  readonly socket: RealtimeSocket;
  readonly origin: RequestOrigin;
  /** The access token the socket authenticated with (checked again before every message and event); null: public. */
  token: string | null;
  accountability: Accountability;
  /** Whether the socket may send other messages than `auth` (a handshake socket: once it has authenticated). */
  ready: boolean;
  /** Whether the socket sent anything since the last heartbeat. */
  alive: boolean;
  subscriptions: Subscription[];
  /** The end of the chain of this socket's messages and events (they are handled one after the other). */
  queue: Promise<void>;
  /** How many messages and events are in that chain, not done yet. */
  pending: number;
  closed: boolean;
  authTimer: unknown;
};

/** A write another instance (or this one) made, as realtime needs to know it. */
export type WriteNotice = { collection: string; action: SubscriptionEvent; keys: (string | number)[] };
