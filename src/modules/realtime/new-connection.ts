import { publicAccountability, type Accountability, type RequestOrigin } from '../../kernel/context/index.js';
import type { Connection, RealtimeSocket } from './realtime.types.js';

/** Who a socket starts as: its token and Accountability (strict: from the upgrade), or null for the public role. */
export type ConnectionStart = { token: string | null; accountability: Accountability } | null;

/** What a new socket is made of; `ready` when it need not authenticate first. */
export type ConnectionOpening = [
  protocol: Connection['protocol'],
  socket: RealtimeSocket,
  origin: RequestOrigin,
  start: ConnectionStart,
  ready: boolean,
];

/** A new socket's state: nothing subscribed yet, alive. */
export function newConnection(id: number, ...[protocol, socket, origin, start, ready]: ConnectionOpening): Connection {
  return {
    id,
    protocol,
    socket,
    origin,
    token: start?.token ?? null,
    accountability: start?.accountability ?? publicAccountability(origin),
    ready,
    alive: true,
    subscriptions: [],
    queue: Promise.resolve(),
    pending: 0,
    closed: false,
    authTimer: null,
  };
}
