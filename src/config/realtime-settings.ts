import type { VarSpec } from './config-schema.js';

/** The settings of realtime over WebSockets (docs/realtime.md), with Directus's names; part of CONFIG_SCHEMA. */
export const REALTIME_SETTINGS: readonly VarSpec[] = [
  {
    name: 'WEBSOCKETS_ENABLED',
    type: 'boolean',
    default: 'true',
    description:
      "Serve realtime over WebSockets (docs/realtime.md; decision 0063). Every message is authenticated and every event is read again with the subscriber's permissions; `false` answers no upgrade.",
  },
  { name: 'WEBSOCKETS_REST_ENABLED', type: 'boolean', default: 'true', description: "Serve Directus's REST-style realtime protocol." },
  { name: 'WEBSOCKETS_REST_PATH', type: 'string', default: '/websocket', description: 'Path of the REST-style realtime endpoint.' },
  {
    name: 'WEBSOCKETS_REST_AUTH',
    type: 'enum',
    default: 'handshake',
    values: ['strict', 'handshake', 'public'],
    description:
      '`strict`: a token at the upgrade (`?access_token=` or the session cookie), else 401; `handshake`: the first message must be `auth`; `public`: sockets start with the public role and may authenticate later.',
  },
  {
    name: 'WEBSOCKETS_REST_AUTH_TIMEOUT',
    type: 'integer',
    default: '10',
    min: 1,
    description: 'Seconds a `handshake` socket has to authenticate before it is closed (AUTH_TIMEOUT).',
  },
  {
    name: 'WEBSOCKETS_REST_CONN_LIMIT',
    type: 'integer',
    default: '',
    min: 1,
    description: 'Most open REST-style realtime sockets on this instance; unset means unlimited. Over it the upgrade is refused (503).',
  },
  {
    name: 'WEBSOCKETS_GRAPHQL_ENABLED',
    type: 'boolean',
    default: 'true',
    description: 'GraphQL subscriptions over `graphql-ws` (`<collection>_mutated`: docs/realtime.md).',
  },
  {
    name: 'WEBSOCKETS_GRAPHQL_PATH',
    type: 'string',
    default: '/graphql',
    description: 'Path of GraphQL subscription sockets (at `/graphql`, GET takes both queries and upgrades).',
  },
  {
    name: 'WEBSOCKETS_GRAPHQL_AUTH',
    type: 'enum',
    default: 'handshake',
    values: ['strict', 'handshake', 'public'],
    description:
      'Authentication of GraphQL subscription sockets: `strict` (a token at the upgrade), `handshake` (`connectionParams.access_token`) or `public`.',
  },
  {
    name: 'WEBSOCKETS_GRAPHQL_AUTH_TIMEOUT',
    type: 'integer',
    default: '10',
    min: 1,
    description: 'Seconds a GraphQL subscription socket has to send `connection_init` (else closed 4408).',
  },
  {
    name: 'WEBSOCKETS_GRAPHQL_CONN_LIMIT',
    type: 'integer',
    default: '',
    min: 1,
    description: 'Most open GraphQL subscription sockets on this instance; unset means unlimited. Over it the upgrade is refused (503).',
  },
  {
    name: 'WEBSOCKETS_HEARTBEAT_ENABLED',
    type: 'boolean',
    default: 'true',
    description: 'Send `{type:"ping"}` to every socket each period and close those that stayed silent for a whole period.',
  },
  { name: 'WEBSOCKETS_HEARTBEAT_PERIOD', type: 'integer', default: '30', min: 1, description: 'Seconds between heartbeats.' },
  {
    name: 'WEBSOCKETS_MAX_MESSAGE_SIZE',
    type: 'size',
    default: '1mb',
    description:
      'Largest realtime message: a larger one is answered INVALID_PAYLOAD and dropped; one over twice this size closes the socket (1009).',
  },
  {
    name: 'WEBSOCKETS_MAX_BUFFERED_SIZE',
    type: 'size',
    default: '4mb',
    description:
      "Most data a realtime socket may leave unread (sent by the server, not yet taken by a slow client) before its next event: past it the socket is closed with 1013 (try again later), so a client that stops reading cannot grow the server's memory (decision 0070).",
  },
];
